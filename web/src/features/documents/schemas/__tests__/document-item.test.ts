import { describe, expect, it } from "vitest";
import { documentItemSchema, hasAcceptedExtension, MAX_FILE_BYTES, queueIssue } from "@/features/documents/schemas/document-item";
import { formatKilobytes } from "@/lib/format";

function fileOf(name: string, size: number, lastModified = 1) {
  const file = new File(["x"], name, { lastModified });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

function issues(values: { documentType: string; customType: string; file: File | null }) {
  const result = documentItemSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("a document for the upload queue", () => {
  it("needs a type and a file", () => {
    expect(issues({ documentType: "", customType: "", file: null })).toEqual({
      documentType: "validation.selectDocumentType",
      file: "validation.selectFile",
    });
    expect(issues({ documentType: "invoice", customType: "", file: fileOf("a.pdf", 10) })).toEqual({});
  });

  it("needs a name of 1 to 100 characters for a custom document, and only then", () => {
    expect(issues({ documentType: "custom", customType: "  ", file: fileOf("a.pdf", 10) })).toEqual({
      customType: "validation.customTypeRequired",
    });
    expect(issues({ documentType: "custom", customType: "é".repeat(100), file: fileOf("a.pdf", 10) })).toEqual({});
    expect(issues({ documentType: "custom", customType: "x".repeat(101), file: fileOf("a.pdf", 10) })).toEqual({
      customType: "validation.customTypeMax",
    });
    expect(issues({ documentType: "invoice", customType: "x".repeat(101), file: fileOf("a.pdf", 10) })).toEqual({});
  });

  it("takes PDF, JPG, JPEG and PNG files up to 10 MB", () => {
    for (const name of ["a.pdf", "B.JPG", "c.jpeg", "d.Png"]) expect(hasAcceptedExtension(name)).toBe(true);
    for (const name of ["a.gif", "a.pdf.html", "pdf", "a.svg"]) expect(hasAcceptedExtension(name)).toBe(false);
    const type = { documentType: "invoice", customType: "" };
    expect(issues({ ...type, file: fileOf("a.svg", 10) })).toEqual({ file: "validation.fileType" });
    expect(issues({ ...type, file: fileOf("a.pdf", MAX_FILE_BYTES) })).toEqual({});
    expect(issues({ ...type, file: fileOf("a.pdf", MAX_FILE_BYTES + 1) })).toEqual({ file: "validation.fileTooLarge" });
    expect(issues({ ...type, file: fileOf("a.pdf", 0) })).toEqual({ file: "validation.fileEmpty" });
  });

  it("keeps the queue within one request's limits: 10 files, 50 MB, no file twice", () => {
    const tenSmall = Array.from({ length: 10 }, (_, i) => ({ file: fileOf(`f${i}.pdf`, 100, i) }));
    expect(queueIssue(tenSmall.slice(0, 9), fileOf("new.pdf", 100))).toBeNull();
    expect(queueIssue(tenSmall, fileOf("new.pdf", 100))).toBe("validation.queueFull");

    const fiveBig = Array.from({ length: 5 }, (_, i) => ({ file: fileOf(`big${i}.pdf`, MAX_FILE_BYTES, i) }));
    expect(queueIssue(fiveBig.slice(0, 4), fileOf("last.pdf", MAX_FILE_BYTES))).toBeNull();
    expect(queueIssue(fiveBig, fileOf("one-byte.pdf", 1))).toBe("validation.queueTooLarge");

    expect(queueIssue([{ file: fileOf("a.pdf", 100, 7) }], fileOf("a.pdf", 100, 7))).toBe("validation.fileQueued");
    expect(queueIssue([{ file: fileOf("a.pdf", 100, 7) }], fileOf("a.pdf", 101, 7))).toBeNull();
  });
});

describe("sizes in KB", () => {
  it("shows kilobytes of 1024 bytes with at most one decimal, in the reader's language", () => {
    expect(formatKilobytes(2048, "en")).toBe("2 KB");
    expect(formatKilobytes(1536, "en")).toBe("1.5 KB");
    expect(formatKilobytes(1536, "nl")).toBe("1,5 KB");
    expect(formatKilobytes(100, "en")).toBe("0.1 KB");
    expect(formatKilobytes(15, "en")).toBe("0.1 KB");
    expect(formatKilobytes(0, "en")).toBe("0 KB");
    expect(formatKilobytes(10 * 1024 * 1024, "en")).toBe("10,240 KB");
  });
});

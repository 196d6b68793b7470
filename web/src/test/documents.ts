import type { CertificateCheck, Document } from "@/api/types";

// Test fixtures shaped like the API's answers (src/api/types.ts).

export function makeDocument(overrides: Partial<Document> = {}): Document {
  return {
    id: "01JDOC00000000000000000001",
    vesselId: "v-1",
    documentType: "invoice",
    customType: null,
    fileName: "invoice.pdf",
    sizeBytes: 2048,
    sha256: "ab".repeat(32),
    contentType: "application/pdf",
    uploadedAt: "2026-11-23T10:00:00Z",
    reviewStatus: "pending",
    reviewReason: null,
    reviewedAt: null,
    ...overrides,
  };
}

export const SERIAL = "ESRC-7KQ2-M9XD-4HTB-ABCD";

export function makeCertificateCheck(overrides: Partial<CertificateCheck> = {}): CertificateCheck {
  return {
    valid: true,
    serial: SERIAL,
    platformId: "7KQ2-M9XD-4HTB",
    issuedAt: "2026-11-23T10:00:00.000Z",
    status: "current",
    vessel: { name: "Sea Breeze", make: "Bavaria", model: "Cruiser 34", buildYear: 2019, countryCode: "NL" },
    signedData: `{"version":1,"serial":"${SERIAL}","platformId":"7KQ2-M9XD-4HTB","ownerNameSha256":"${"cd".repeat(32)}"}`,
    signature: "c2lnbmF0dXJl".repeat(8),
    ...overrides,
  };
}

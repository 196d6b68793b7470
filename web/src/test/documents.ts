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
    previousOwner: false,
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
    vessel: {
      name: "Sea Breeze",
      make: "Bavaria",
      model: "Cruiser 34",
      buildYear: 2019,
      lengthCm: 1099,
      countryCode: "NL",
      cin: "NL-BAV2K4L7C920",
      identifiers: {
        legacyId: null,
        engineSerial: null,
        mmsi: "244123456",
        mmsiCountry: "NL",
        imoNumber: null,
        eniNumber: null,
        national: { brandmerk: "BM-1234" },
      },
    },
    owner: { kind: "person", nameVerified: true },
    supportEmail: "support@registry.example",
    signedData: `{"version":1,"serial":"${SERIAL}","platformId":"7KQ2-M9XD-4HTB","ownerNameSha256":"${"cd".repeat(32)}"}`,
    signature: "c2lnbmF0dXJl".repeat(8),
    ...overrides,
  };
}

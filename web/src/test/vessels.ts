import type { CountryConfig, OwnerVerification, OwnershipEntry, User, Vessel, VesselDetail } from "@/api/types";

// Test fixtures shaped like the API's answers (src/api/types.ts).

export function makeVessel(overrides: Partial<Vessel> = {}): Vessel {
  return {
    id: "v-1",
    platformId: "7KQ2-M9XD-4HTB",
    name: "Sea Breeze",
    make: "Bavaria",
    model: "Cruiser 34",
    buildYear: 2019,
    lengthCm: 1099,
    countryCode: "NL",
    publicVisibility: true,
    forSale: false,
    status: "active",
    verified: false,
    createdAt: "2026-11-22T10:00:00Z",
    documentsCount: 0,
    verifiedDocumentsCount: 0,
    cin: "NL-BAV2K4L7C920",
    identifiers: {
      legacyId: null,
      engineSerial: null,
      mmsi: null,
      mmsiCountry: null,
      imoNumber: null,
      eniNumber: null,
      national: {},
    },
    ownershipSummary: null,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: "u-owner",
    role: "user",
    language: "en",
    name: "Olivia Owner",
    email: "owner@registry.test",
    phoneE164: "+31612345678",
    emailVerifiedAt: "2025-01-01T00:00:00Z",
    phoneVerifiedAt: null,
    identityVerificationStatus: "not_started",
    identityFailureCode: null,
    identityFailureReason: null,
    ...overrides,
  };
}

/** The current owner's verification as the server reports it; by default `makeUser()`'s: email only, 25%. */
export function makeOwnerVerification(overrides: Partial<OwnerVerification> = {}): OwnerVerification {
  const verification = { email: true, phone: false, identity: "not_started" as const, documents: false, ...overrides };
  const done = [verification.email, verification.phone, verification.identity === "verified", verification.documents];
  return { completeness: done.filter(Boolean).length * 25, ...verification };
}

/**
 * A vessel's page. `ownerVerification` defaults to `makeOwnerVerification()` when the history has a
 * current owner, else null.
 */
export function makeDetail(
  vessel: Partial<Vessel> = {},
  ownershipHistory: OwnershipEntry[] = [
    { ownerUserId: null, acquisitionType: "private", acquiredAt: "2026-11-22T10:00:00Z", transferredOutAt: null },
  ],
  documentsCount = 0,
  ownerVerification: OwnerVerification | null = ownershipHistory.some((e) => !e.transferredOutAt)
    ? makeOwnerVerification()
    : null,
): VesselDetail {
  return { vessel: makeVessel({ documentsCount, ...vessel }), ownershipHistory, documentsCount, ownerVerification };
}

const text = (en: string, nl = en) => ({ en, nl });

export const COUNTRIES: CountryConfig[] = [
  {
    code: "NL",
    flag: "🇳🇱",
    name: text("Netherlands", "Nederland"),
    phonePrefix: "+31",
    identifiers: [
      {
        type: "cin",
        labelI18nKey: "identifiers.cin.label",
        label: text("CIN / HIN"),
        placeholder: "NL-BEN12345F819",
        helperText: text("Craft identification number"),
      },
      {
        type: "brandmerk",
        labelI18nKey: "identifiers.brandmerk.label",
        label: text("Brandmerk (Kadaster)", "Brandmerk (Kadaster) NL"),
        placeholder: "12345-A-2020",
        helperText: text("Registration mark burnt into the hull", "Ingebrand registratiemerk"),
      },
      {
        type: "mmsi",
        labelI18nKey: "identifiers.mmsi.label",
        label: text("MMSI"),
        placeholder: "244123456",
        helperText: text("9-digit identifier for radio-equipped vessels"),
      },
    ],
  },
  {
    code: "DE",
    flag: "🇩🇪",
    name: text("Germany", "Duitsland"),
    phonePrefix: "+49",
    identifiers: [
      {
        type: "akz",
        labelI18nKey: "identifiers.akz.label",
        label: text("Official registration mark (AKZ)"),
        placeholder: "B-AB 123",
        helperText: text("German official registration"),
      },
      {
        type: "schiffsregister",
        labelI18nKey: "identifiers.schiffsregister.label",
        label: text("Ship register number"),
        placeholder: "SSR 1234",
        helperText: text("German ship register"),
      },
      {
        type: "mmsi",
        labelI18nKey: "identifiers.mmsi.label",
        label: text("MMSI"),
        placeholder: "211123456",
        helperText: text("9-digit identifier for radio-equipped vessels"),
      },
    ],
  },
];

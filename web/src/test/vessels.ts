import type {
  CorrectionRequest,
  CountryConfig,
  LocalizedText,
  OwnerVerification,
  OwnershipEntry,
  User,
  Vessel,
  VesselDetail,
} from "@/api/types";

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
    encumbered: false,
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
    vesselType: null,
    hullMaterial: null,
    hullColour: null,
    homePort: null,
    engines: [],
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: "u-owner",
    role: "user",
    language: "en",
    name: "Olivia Owner",
    nameVerified: false,
    ownerKind: "person",
    companyNumber: null,
    email: "owner@registry.test",
    phoneE164: "+31612345678",
    emailVerifiedAt: "2025-01-01T00:00:00Z",
    phoneVerifiedAt: null,
    identityVerificationStatus: "not_started",
    identityFailureCode: null,
    identityFailureReason: null,
    passkeyCount: 0,
    passwordSignIn: true,
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
  return {
    vessel: makeVessel({ documentsCount, ...vessel }),
    ownershipHistory,
    documentsCount,
    ownerVerification,
    corrections: [],
  };
}

/** An owner's request to correct the MMSI of `makeVessel()`, pending. */
export function makeCorrectionRequest(overrides: Partial<CorrectionRequest> = {}): CorrectionRequest {
  return {
    id: "req-1",
    vesselId: "v-1",
    platformId: "7KQ2-M9XD-4HTB",
    vesselName: "Sea Breeze",
    field: "mmsi",
    currentValue: null,
    value: "244123456",
    reason: "The radio licence gives this MMSI.",
    status: "pending",
    decisionNote: null,
    requestedAt: "2026-11-24T10:00:00Z",
    decidedAt: null,
    ...overrides,
  };
}

/** A text in the six interface languages; a language left out repeats the English. */
export const text = (en: string, nl = en, de = en, fr = en, es = en, it = en): LocalizedText => ({ en, nl, de, fr, es, it });

/** Two countries as `/api/config/countries` serves them (server/src/countries.rs), texts included. */
export const COUNTRIES: CountryConfig[] = [
  {
    code: "NL",
    flag: "🇳🇱",
    name: text("Netherlands", "Nederland", "Niederlande", "Pays-Bas", "Países Bajos", "Paesi Bassi"),
    phonePrefix: "+31",
    identifiers: [
      {
        type: "cin",
        labelI18nKey: "identifiers.cin.label",
        label: text("CIN / HIN"),
        placeholder: "NL-BEN12345F819",
        helperText: text(
          "The 14-character craft identification number on the transom.",
          "Het casco-identificatienummer van 14 tekens op de spiegel.",
          "Die 14-stellige Identifizierungsnummer des Schiffs am Heckspiegel.",
          "Le numéro d'identification du bateau à 14 caractères, inscrit sur le tableau arrière.",
          "El número de identificación de la embarcación, de 14 caracteres, que figura en el espejo de popa.",
          "Il numero di identificazione dell'unità, di 14 caratteri, riportato sullo specchio di poppa.",
        ),
      },
      {
        type: "brandmerk",
        labelI18nKey: "identifiers.brandmerk.label",
        label: text("Brandmerk (Kadaster)"),
        placeholder: "12345A2020",
        helperText: text(
          "The registration mark (brandmerk) the Dutch Kadaster assigns when the vessel is registered.",
          "Het brandmerk dat het Kadaster bij de teboekstelling van het vaartuig toekent.",
          "Das Registrierungszeichen (Brandmerk), das das niederländische Kadaster bei der Eintragung des Schiffs vergibt.",
          "La marque d'immatriculation (brandmerk) attribuée par le Kadaster néerlandais lors de l'enregistrement du bateau.",
          "La marca de registro (brandmerk) que asigna el Kadaster neerlandés al inscribir la embarcación.",
          "Il contrassegno di registrazione (brandmerk) assegnato dal Kadaster dei Paesi Bassi all'atto dell'iscrizione dell'unità.",
        ),
      },
      {
        type: "mmsi",
        labelI18nKey: "identifiers.mmsi.label",
        label: text("MMSI"),
        placeholder: "244123456",
        helperText: text(
          "9-digit identifier for radio-equipped vessels.",
          "9-cijferig nummer voor vaartuigen met een marifoon.",
          "9-stellige Kennung für Schiffe mit Seefunkanlage.",
          "Identifiant à 9 chiffres des bateaux équipés d'une radio VHF marine.",
          "Identificador de 9 dígitos para embarcaciones con equipo de radio marítima.",
          "Identificativo di 9 cifre per le unità dotate di apparato radio di bordo.",
        ),
      },
    ],
  },
  {
    code: "DE",
    flag: "🇩🇪",
    name: text("Germany", "Duitsland", "Deutschland", "Allemagne", "Alemania", "Germania"),
    phonePrefix: "+49",
    identifiers: [
      {
        type: "akz",
        labelI18nKey: "identifiers.akz.label",
        label: text("Amtliches Kennzeichen (AKZ)"),
        placeholder: "B-12345",
        helperText: text(
          "The official German registration mark for recreational craft.",
          "Het officiële Duitse registratiekenmerk voor pleziervaartuigen.",
          "Das amtliche deutsche Kennzeichen für Sportboote.",
          "La marque d'immatriculation officielle allemande des bateaux de plaisance.",
          "La matrícula oficial alemana de las embarcaciones de recreo.",
          "Il numero di immatricolazione ufficiale tedesco delle unità da diporto.",
        ),
      },
      {
        type: "schiffsregister",
        labelI18nKey: "identifiers.schiffsregister.label",
        label: text(
          "Ship register number (Schiffsregister)",
          "Scheepsregisternummer (Schiffsregister)",
          "Schiffsregisternummer",
          "Numéro au registre des navires (Schiffsregister)",
          "Número de registro de buques (Schiffsregister)",
          "Numero di registro navale (Schiffsregister)",
        ),
        placeholder: "SSR 1234 HH",
        helperText: text(
          "The entry number in the German ship register, kept by the local court (Amtsgericht).",
          "Het inschrijvingsnummer in het Duitse scheepsregister, dat het Amtsgericht (Duitse rechtbank) bijhoudt.",
          "Die Eintragungsnummer im deutschen Schiffsregister, das beim Amtsgericht geführt wird.",
          "Le numéro d'inscription au registre allemand des navires, tenu par le tribunal cantonal (Amtsgericht).",
          "El número de inscripción en el registro alemán de buques, que lleva el juzgado local (Amtsgericht).",
          "Il numero di iscrizione nel registro navale tedesco, tenuto dal tribunale locale (Amtsgericht).",
        ),
      },
      {
        type: "mmsi",
        labelI18nKey: "identifiers.mmsi.label",
        label: text("MMSI"),
        placeholder: "244123456",
        helperText: text(
          "9-digit identifier for radio-equipped vessels.",
          "9-cijferig nummer voor vaartuigen met een marifoon.",
          "9-stellige Kennung für Schiffe mit Seefunkanlage.",
          "Identifiant à 9 chiffres des bateaux équipés d'une radio VHF marine.",
          "Identificador de 9 dígitos para embarcaciones con equipo de radio marítima.",
          "Identificativo di 9 cifre per le unità dotate di apparato radio di bordo.",
        ),
      },
    ],
  },
];

/** France as the server serves it, for a wizard in French. */
export const FRANCE: CountryConfig = {
  code: "FR",
  flag: "🇫🇷",
  name: text("France", "Frankrijk", "Frankreich", "France", "Francia", "Francia"),
  phonePrefix: "+33",
  identifiers: [
    {
      type: "immatriculation",
      labelI18nKey: "identifiers.immatriculation.label",
      label: text(
        "Immatriculation (France)",
        "Immatriculation (Frankrijk)",
        "Immatriculation (Frankreich)",
        "Numéro d'immatriculation",
        "Immatriculation (Francia)",
        "Immatriculation (Francia)",
      ),
      placeholder: "MA A12345",
      helperText: text(
        "The French registration number, preceded by the code of its maritime district (quartier maritime).",
        "Het Franse registratienummer, voorafgegaan door de code van het maritieme district (quartier maritime).",
        "Die französische Registriernummer, beginnend mit dem Kürzel des Seebezirks (quartier maritime).",
        "Le numéro d'immatriculation du bateau, précédé des lettres de son quartier maritime.",
        "El número de matrícula francés, precedido del código de su distrito marítimo (quartier maritime).",
        "Il numero di immatricolazione francese, preceduto dalla sigla del distretto marittimo (quartier maritime).",
      ),
    },
    {
      type: "mmsi",
      labelI18nKey: "identifiers.mmsi.label",
      label: text("MMSI"),
      placeholder: "244123456",
      helperText: text(
        "9-digit identifier for radio-equipped vessels.",
        "9-cijferig nummer voor vaartuigen met een marifoon.",
        "9-stellige Kennung für Schiffe mit Seefunkanlage.",
        "Identifiant à 9 chiffres des bateaux équipés d'une radio VHF marine.",
        "Identificador de 9 dígitos para embarcaciones con equipo de radio marítima.",
        "Identificativo di 9 cifre per le unità dotate di apparato radio di bordo.",
      ),
    },
  ],
};

import type { QueryClient } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OwnershipEntry, User } from "@/api/types";
import { AppProviders } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import { AppRoutes } from "@/app/router";
import i18n, { SUPPORTED_LANGUAGES } from "@/i18n";
import en from "@/i18n/en.json";
import englishCore from "virtual:catalogue/en/core";
import {
  ADMIN_STATS,
  makeAdminDocument,
  makeAdminPayment,
  makeAdminTransfer,
  makeAuditEntry,
  pageOf,
  vesselPageOf,
} from "@/test/admin";
import { makeCertificateCheck, makeDocument, SERIAL } from "@/test/documents";
import { makeCinCheck, makeHullCheck, makeUnregisteredCheck } from "@/test/hull-check";
import { jsonResponse, mockFetch } from "@/test/render";
import { makeTransfer, makeTransferPayment, TRANSFER_ID } from "@/test/transfers";
import { COUNTRIES, makeDetail, makeOwnerVerification, makeUser, makeVessel } from "@/test/vessels";

/**
 * Every route of src/app/router.tsx, in each of the six languages: as a guest, and where the
 * page is different for them as a signed-in owner and as an administrator (with the API answering
 * from the fixtures of src/test). Once the page has settled (its h1 shown, nothing loading), it
 * must have asked i18next for no key that the language's catalogue lacks, and show no text that
 * looks like a catalogue key.
 *
 * i18next normally answers a key the language lacks from English (fallbackLng): that is exactly
 * what this test must see, so while it runs there is no fallback and every lookup that finds
 * nothing in the reader's own catalogue reaches `missingKeyHandler` (with `saveMissing`).
 */

type Routes = Parameters<typeof mockFetch>[0];
type Role = "guest" | "owner" | "admin";
type Scenario = { role: Role; path: string };

const PLATFORM_ID = "7KQ2-M9XD-4HTB";

/** Owned by the signed-in owner ("u-owner"), with a previous owner before them. */
const OWNED: OwnershipEntry[] = [
  { ownerUserId: null, acquisitionType: "company", acquiredAt: "2020-03-05T09:00:00Z", transferredOutAt: "2023-06-10T12:00:00Z" },
  { ownerUserId: "u-owner", acquisitionType: "private", acquiredAt: "2023-06-10T12:00:00Z", transferredOutAt: null },
];
/** The same history as a guest gets it: nobody's id. */
const PUBLIC_HISTORY = OWNED.map((entry) => ({ ...entry, ownerUserId: null }));

const vessel = makeVessel({ forSale: true, documentsCount: 3, verifiedDocumentsCount: 1 });
const vessels = [
  vessel,
  makeVessel({ id: "v-2", platformId: "AAAA-BBBB-0002", name: "Morning Star", status: "pending_payment", documentsCount: 1 }),
  // A million documents: French, Spanish and Italian say that in their plural form 'many'.
  makeVessel({ id: "v-3", platformId: "AAAA-BBBB-0003", name: "", status: "needs_review", documentsCount: 1_000_000 }),
  makeVessel({ id: "v-4", platformId: "AAAA-BBBB-0004", name: "Wind Dancer", status: "in_transfer", verified: true }),
  makeVessel({ id: "v-5", platformId: "AAAA-BBBB-0005", name: "Old Salt", status: "deactivated" }),
];

const CHAIN = {
  valid: true,
  headHash: "9f".repeat(32),
  events: [
    {
      sequence: 1,
      eventType: "registered",
      occurredAt: "2020-03-05T09:00:00.000Z",
      occurredAtMs: 1583398800000,
      ownerRef: "own-1",
      previousHash: "00".repeat(32),
      hash: "1a".repeat(32),
    },
    {
      sequence: 2,
      eventType: "transferred",
      occurredAt: "2023-06-10T12:00:00.000Z",
      occurredAtMs: 1686398400000,
      ownerRef: "own-2",
      previousHash: "1a".repeat(32),
      hash: "9f".repeat(32),
    },
  ],
};

const TREE_HEADS = {
  data: [{ treeSize: 257, rootHash: "96".repeat(32), timestamp: "2026-11-28T12:40:20.974Z", signature: "c2lnbmF0dXJl" }],
  total: 1,
  totalPages: 1,
};

const FULL_CHECK = makeHullCheck({
  stolen: { reportedAt: "2026-11-21T08:00:00Z", stolenAt: "2026-11-20T00:00:00Z", place: "Muiden", status: "reported" },
  encumbered: true,
  warnings: [{ code: "cin_build_year_mismatch", message: "The CIN/HIN's years do not match the build year 2012." }],
});

const MALFORMED_CHECK = makeUnregisteredCheck({
  cin: makeCinCheck({
    value: "NL-X",
    wellFormed: false,
    country: null,
    manufacturerCode: null,
    serial: null,
    productionMonth: null,
    productionYearDigit: null,
    modelYear: null,
    problemCode: "cin_length_invalid",
    problem: "A CIN/HIN has 14 characters, like NL-BEN12345F819.",
  }),
});

/** An active lien as the public sees it: the lender and the dates. */
const PUBLIC_LIEN = {
  id: "l-1",
  vesselId: "v-1",
  platformId: PLATFORM_ID,
  vesselName: "Sea Breeze",
  status: "active",
  lenderName: "Waterland Bank",
  reference: null,
  amountCents: null,
  currency: null,
  registeredAt: "2026-11-26T09:00:00Z",
  activatedAt: "2026-11-27T10:00:00Z",
  releasedAt: null,
  releaseReason: null,
  transferConsentId: null,
  yourRole: "public",
};

const RECORD = {
  entries: [
    {
      id: "e-2",
      date: "2026-05-01",
      kind: "valuation",
      description: "Survey valuation",
      amountCents: 4_500_000,
      documentId: null,
      byCurrentOwner: true,
      createdAt: "2026-05-01T10:00:00Z",
    },
    {
      id: "e-1",
      date: "2024-04-02",
      kind: "service",
      description: "Engine service",
      amountCents: 35_000,
      documentId: "01JDOC00000000000000000001",
      byCurrentOwner: false,
      createdAt: "2024-04-02T10:00:00Z",
    },
  ],
  latestValuationCents: 4_500_000,
  totalSpentCents: 35_000,
};

const DOCUMENTS = [
  makeDocument(),
  makeDocument({ id: "doc-2", documentType: "proof_of_purchase", fileName: "bill-of-sale.pdf", reviewStatus: "verified" }),
  makeDocument({
    id: "doc-3",
    documentType: "custom",
    customType: "Survey",
    reviewStatus: "rejected",
    reviewReason: "Unreadable",
  }),
];

const TRANSFERS = [
  makeTransfer({
    id: "tr-open",
    vessel: { ...makeTransfer().vessel, id: "v-4", platformId: "AAAA-BBBB-0004", name: "Wind Dancer" },
  }),
  makeTransfer({ id: "tr-in", outgoing: false, status: "verified", verifiedAt: "2026-11-23T10:05:00Z" }),
  makeTransfer({ status: "completed", verifiedAt: "2026-11-23T10:05:00Z", completedAt: "2026-11-23T10:10:00Z" }),
];

/** What the server answers whoever asks; each role adds its own. */
const PUBLIC: Routes = {
  "GET /api/stats": jsonResponse(200, {
    registeredVessels: 1234,
    countries: 9,
    registrationFeeCents: 2495,
    transferFeeCents: 995,
  }),
  "GET /api/config/countries": jsonResponse(200, COUNTRIES),
  "GET /api/config/payments": jsonResponse(200, { provider: "local" }),
  "GET /api/vessels/search": jsonResponse(200, { ...vesselPageOf(vessels, 23, 10), totalPages: 3 }),
  [`GET /api/vessels/${PLATFORM_ID}/history/verify`]: jsonResponse(200, CHAIN),
  "GET /api/transparency/tree-heads": jsonResponse(200, TREE_HEADS),
  // Everything a check can say: stolen, encumbered (with a lender), a warning; a malformed CIN for "NL-X".
  "GET /api/hull-check": (url) =>
    jsonResponse(200, new URL(url, "http://localhost").searchParams.get("cin") === "NL-X" ? MALFORMED_CHECK : FULL_CHECK),
  "GET /api/vessels/v-1/liens": jsonResponse(200, [PUBLIC_LIEN]),
  [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, makeCertificateCheck()),
  "GET /api/dev/mailbox": jsonResponse(200, [
    {
      id: "m1",
      channel: "email",
      to: "owner@example.test",
      subject: "Confirm your email",
      body: "Open http://127.0.0.1:8080/verify-email?token=abc. Thanks!",
      createdAt: "2026-11-22T10:00:00Z",
    },
    { id: "m2", channel: "sms", to: "+31612345678", subject: "", body: "Your code is 123456", createdAt: "2026-11-22T10:01:00Z" },
  ]),
  "POST /api/auth/verify-email": jsonResponse(200, { message: "Your email address is verified." }),
};

function signedIn(user: User): Routes {
  return {
    ...PUBLIC,
    "GET /api/auth/session": jsonResponse(200, { user }),
    "GET /api/profile": jsonResponse(200, { name: user.name, email: user.email, phoneE164: user.phoneE164 }),
    "GET /api/vessels/my/list": jsonResponse(200, vessels),
    "GET /api/transfers": jsonResponse(200, TRANSFERS),
    [`GET /api/transfers/${TRANSFER_ID}`]: jsonResponse(200, TRANSFERS[2]),
    [`GET /api/vessels/${PLATFORM_ID}`]: jsonResponse(200, makeDetail(vessel, OWNED, 3, makeOwnerVerification())),
    [`GET /api/vessels/${PLATFORM_ID}/documents`]: jsonResponse(200, DOCUMENTS),
    [`GET /api/vessels/${PLATFORM_ID}/record`]: jsonResponse(200, RECORD),
    "GET /api/payments/pay-7": jsonResponse(200, makeTransferPayment("processing")),
  };
}

function mocksFor(role: Role, language: string): Routes {
  if (role === "guest") {
    return {
      ...PUBLIC,
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      [`GET /api/vessels/${PLATFORM_ID}`]: jsonResponse(
        200,
        makeDetail(vessel, PUBLIC_HISTORY, 3, makeOwnerVerification({ phone: true, identity: "pending" })),
      ),
    };
  }
  // A signed-in reader's language is the account's (useReaderLanguage): the account's is this one.
  if (role === "owner") return signedIn(makeUser({ language: language as User["language"] }));
  return {
    ...signedIn(makeUser({ id: "u-admin", role: "admin", email: "admin@registry.test", language: language as User["language"] })),
    "GET /api/admin/stats": jsonResponse(200, ADMIN_STATS),
    "GET /api/admin/vessels": jsonResponse(200, vesselPageOf(vessels)),
    "GET /api/admin/transfers": jsonResponse(
      200,
      pageOf([
        makeAdminTransfer(),
        makeAdminTransfer({
          id: "tr-2",
          status: "completed",
          released: true,
          feePaid: true,
          open: false,
          completedAt: "2026-11-23T11:00:00Z",
        }),
        makeAdminTransfer({ id: "tr-3", status: "canceled", open: false, canceledAt: "2026-11-23T12:00:00Z" }),
      ]),
    ),
    "GET /api/admin/payments": jsonResponse(200, {
      ...pageOf([
        makeAdminPayment(),
        makeAdminPayment({
          id: "pay-2",
          purpose: "transfer",
          amountCents: 995,
          refundable: false,
          refund: { status: "succeeded", reason: "Duplicate", createdAt: "2026-11-24T10:00:00Z" },
        }),
        makeAdminPayment({ id: "pay-3", status: "failed", succeededAt: null, refundable: false }),
      ]),
      totals: { succeededCents: 3490, refundedCents: 995, netCents: 2495, currency: "EUR" },
    }),
    "GET /api/admin/documents": jsonResponse(
      200,
      pageOf([makeAdminDocument(), makeAdminDocument({ id: "doc-2", documentType: "custom", customType: "Survey" })]),
    ),
    "GET /api/admin/audit": jsonResponse(200, {
      ...pageOf([
        makeAuditEntry(),
        makeAuditEntry({ id: "audit-2", action: "sign_in", outcome: "failure", detail: { reason: "invalid_credentials" } }),
      ]),
      types: ["document_reviewed", "sign_in"],
    }),
  };
}

/** Every route of the router, as a guest finds it (src/components/layout/__tests__/route-titles.test.tsx). */
const GUEST_PATHS = [
  "/",
  "/registry",
  `/registry/${PLATFORM_ID}`,
  `/registry/${PLATFORM_ID}/upload-documents`,
  "/dashboard",
  "/register-vessel",
  "/transfer/v-1",
  "/transfers/payment?paymentId=pay-7",
  `/transfers/${TRANSFER_ID}/receipt`,
  "/how-transfers-work",
  `/verify/${SERIAL}`,
  "/check",
  "/check?cin=NL-BAV2K4L7C920",
  "/check?cin=NL-X",
  "/admin",
  "/login",
  "/signup",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  "/profile",
  "/legal/privacy",
  "/legal/terms",
  "/legal/dpia",
  "/dev/mailbox",
  "/no-such-page",
  // The same pages with what a link from an email brings, and a vessel nobody has.
  "/verify-email?token=tok-1",
  "/reset-password?token=tok-1",
  "/registry/AAAA-BBBB-0009",
  "/verify/ESRC-0000-0000-0000-0000",
];

/** The pages that are different for the signed-in owner. */
const OWNER_PATHS = [
  `/registry/${PLATFORM_ID}`,
  `/registry/${PLATFORM_ID}/upload-documents`,
  "/dashboard",
  "/register-vessel",
  "/transfer/v-1",
  "/transfers/payment?paymentId=pay-7",
  `/transfers/${TRANSFER_ID}/receipt`,
  "/profile",
  "/admin",
];

/** The console, one tab at a time (the tab is in the URL). */
const ADMIN_PATHS = ["/admin", ...["transfers", "payments", "documents", "users", "audit"].map((tab) => `/admin?tab=${tab}`)];

const SCENARIOS: Scenario[] = [
  ...GUEST_PATHS.map((path) => ({ role: "guest" as const, path })),
  ...OWNER_PATHS.map((path) => ({ role: "owner" as const, path })),
  ...ADMIN_PATHS.map((path) => ({ role: "admin" as const, path })),
];

// --- Missing keys -------------------------------------------------------------------------------

/** The keys asked for and not found since the last `takeMissing()` (a lookup by count names the form it lacks: `x_many`). */
let missing = new Set<string>();

function takeMissing(): string[] {
  const found = [...missing].sort();
  missing = new Set();
  return found;
}

const saved = {
  fallbackLng: i18n.options.fallbackLng,
  saveMissing: i18n.options.saveMissing,
  missingKeyHandler: i18n.options.missingKeyHandler,
};

beforeAll(() => {
  // The translator reads these from the same options object on every lookup.
  i18n.options.fallbackLng = false;
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (lngs, namespace, key) => {
    for (const lng of lngs) {
      // A lookup by count reports every plural form of the language: only those it lacks count.
      if (i18n.getResource(lng, namespace, key) === undefined) missing.add(key);
    }
  };
});

afterAll(async () => {
  Object.assign(i18n.options, saved);
  await i18n.changeLanguage("en");
});

// --- Raw keys in the text -----------------------------------------------------------------------

/** The catalogue's sections ("vesselDetail", "server", ...): a dotted word that starts with one is a key. */
const SECTIONS = new Set([...Object.keys(en), "server"]);
/** A dotted word: `vesselDetail.notFoundTitle`, not part of an address, a path, a file name or a number. */
const DOTTED = /(?<![\w@./:-])[a-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9_]*)+(?![\w@/-])/g;
const HOST = /^www\.|\.(com|org|net|eu|int|nl|de|fr|es|it|be|pl|uk|io|dev|test|local|pdf|png|jpe?g)$/;

/** A dotted word looks like a key when it starts with a catalogue section, or has three or more parts and is no host name. */
function looksLikeKey(word: string): boolean {
  if (SECTIONS.has(word.slice(0, word.indexOf(".")))) return true;
  return word.split(".").length >= 3 && !HOST.test(word);
}

/** Every text the reader may get: text nodes, the labels and hints screen readers read, and the title. */
function readableTexts(): string[] {
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue ?? "");
  for (const element of document.body.querySelectorAll("*")) {
    for (const name of ["aria-label", "aria-description", "aria-valuetext", "title", "placeholder", "alt"]) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  return texts;
}

function rawKeys(): string[] {
  const found = readableTexts().flatMap((text) => (text.match(DOTTED) ?? []).filter(looksLikeKey));
  return [...new Set(found)].sort();
}

// --- Rendering ----------------------------------------------------------------------------------

/** The whole app (layout and routes) at `path`, as renderApp does, keeping its query client. */
function renderAt(path: string): QueryClient {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return queryClient;
}

/** The page has its h1, has nothing on the way from the server and shows nothing loading. */
async function settled(client: QueryClient) {
  const loading = i18n.t("common.loading");
  await waitFor(
    () => {
      const main = document.querySelector("main");
      expect(main?.querySelector("h1")).not.toBeNull();
      expect(client.isFetching() + client.isMutating()).toBe(0);
      expect(main?.querySelector('[aria-busy="true"]')).toBeNull();
      expect(main?.querySelector(`[aria-label="${loading}"]`)).toBeNull();
      expect(main?.textContent).not.toContain(loading);
    },
    { timeout: 10_000, interval: 10 },
  );
}

// The first language also waits for each page's code (a chunk of its own) and the legal texts'
// bodies; the others find them loaded.
describe.each(SUPPORTED_LANGUAGES)("in %s", (language) => {
  beforeAll(async () => {
    await i18n.changeLanguage(language);
  });

  it.each(SCENARIOS)(
    "$path as $role asks for no key the catalogue lacks and shows none",
    async ({ role, path }) => {
      mockFetch(mocksFor(role, language));
      takeMissing();
      const client = renderAt(path);
      await settled(client);
      expect(i18n.language).toBe(language);
      const problems = { missingKeys: takeMissing(), rawKeysInText: rawKeys() };
      expect(problems, `${language} ${role} ${path}`).toEqual({ missingKeys: [], rawKeysInText: [] });
    },
    20_000,
  );
});

// The first load carries only English's CORE_SECTIONS (src/i18n/core-sections.ts); the pages in it
// (the landing page, the registry search, not found, with the layout) must need no other word.
describe("English's first load", () => {
  let complete: Record<string, unknown> = {};

  beforeAll(async () => {
    await i18n.changeLanguage("en");
    complete = structuredClone(i18n.getResourceBundle("en", "translation") as Record<string, unknown>);
    i18n.removeResourceBundle("en", "translation");
    i18n.addResourceBundle("en", "translation", structuredClone(englishCore));
  });

  afterAll(() => {
    i18n.removeResourceBundle("en", "translation");
    i18n.addResourceBundle("en", "translation", complete);
  });

  it.each([
    { role: "guest" as const, path: "/" },
    { role: "guest" as const, path: "/registry" },
    { role: "guest" as const, path: "/registry?q=Sea&country=NL" },
    { role: "guest" as const, path: "/no-such-page" },
    { role: "owner" as const, path: "/" },
    { role: "owner" as const, path: "/registry" },
  ])("$path as $role needs only the first load's sections", async ({ role, path }) => {
    mockFetch(mocksFor(role, "en"));
    takeMissing();
    const client = renderAt(path);
    await settled(client);
    expect({ missingKeys: takeMissing(), rawKeysInText: rawKeys() }, `${role} ${path}`).toEqual({
      missingKeys: [],
      rawKeysInText: [],
    });
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import i18n from "@/i18n";
import { jsonResponse, mockFetch, renderApp } from "@/test/render";

/**
 * Every route of src/app/router.tsx, opened by a guest (GET /api/auth/session answers no user;
 * everything else 404): the page names itself in <title> and has its h1 in <main>. The key is the
 * catalogue's title ("" for the brand alone).
 */
const ROUTES: [path: string, titleKey: string][] = [
  ["/", ""],
  ["/registry", "registry.title"],
  ["/registry/AAAA-BBBB-0001", "vesselDetail.notFoundTitle"],
  ["/registry/AAAA-BBBB-0001/upload-documents", "upload.title"],
  ["/dashboard", "dashboard.title"],
  ["/register-vessel", "registerVessel.title"],
  ["/transfer/v-1", "transferWizard.title"],
  ["/transfers/payment?paymentId=p-1", "transferWizard.title"],
  ["/transfers/t-1/receipt", "receipt.title"],
  ["/how-transfers-work", "howTransfers.title"],
  ["/verify/RC-2026-000001", "verifyCertificate.notFoundTitle"],
  ["/check", "hullCheck.title"],
  ["/admin", "admin.title"],
  ["/login", "login.title"],
  ["/signup", "signup.title"],
  ["/verify-email", "verifyEmail.documentTitle"],
  ["/forgot-password", "forgotPassword.title"],
  ["/reset-password", "resetPassword.title"],
  ["/profile", "profile.title"],
  ["/legal/privacy", "legal.privacyTitle"],
  ["/legal/terms", "legal.termsTitle"],
  ["/legal/dpia", "legal.dpiaTitle"],
  ["/dev/mailbox", "mailbox.title"],
  ["/no-such-page", "notFound.title"],
];

describe("every route", () => {
  it.each(ROUTES)("%s has its own <title> and an h1", async (path, titleKey) => {
    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }) });
    document.title = "The page before";
    renderApp(path);
    const brand = i18n.t("brand.name");
    const expected = titleKey ? `${i18n.t(titleKey)} · ${brand}` : brand;
    await waitFor(() => expect(document.title).toBe(expected), { timeout: 5000 });
    expect(await within(screen.getByRole("main")).findByRole("heading", { level: 1 }, { timeout: 5000 })).toBeVisible();
  });
});

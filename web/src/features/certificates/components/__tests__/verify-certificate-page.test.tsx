import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { VerifyCertificatePage } from "@/features/certificates/routes";
import { makeCertificateCheck, SERIAL } from "@/test/documents";
import { jsonResponse, mockFetch, renderApp, renderRoute } from "@/test/render";

function renderVerify(serial = SERIAL) {
  return renderRoute(<VerifyCertificatePage />, { path: `/verify/${serial}`, routePath: "/verify/:serial" });
}

describe("VerifyCertificatePage", () => {
  it("shows a valid, current certificate with its particulars and how to check it, without the owner", async () => {
    mockFetch({ [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, makeCertificateCheck()) });
    renderVerify();

    expect(await screen.findByText("Certificate valid")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Certificate Check", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Current")).toBeInTheDocument();
    expect(screen.getByText("This is the vessel's current registration certificate.")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    expect(screen.getByText("Serial").nextElementSibling).toHaveTextContent(SERIAL);
    expect(screen.getByRole("link", { name: "7KQ2-M9XD-4HTB" })).toHaveAttribute("href", "/registry/7KQ2-M9XD-4HTB");
    expect(screen.getByText("Issued").nextElementSibling).toHaveTextContent("Nov 23, 2026");
    expect(screen.getByText("Sea Breeze")).toBeInTheDocument();
    expect(screen.getByText("Bavaria Cruiser 34")).toBeInTheDocument();
    expect(screen.getByText("2019")).toBeInTheDocument();
    expect(screen.getByText("Netherlands (NL)").querySelector("img")).toHaveAttribute("alt", "");

    expect(screen.getByRole("heading", { name: "Check it yourself" })).toBeInTheDocument();
    expect(screen.getByLabelText("Signed data (UTF-8, exactly as signed)")).toHaveTextContent(`"serial":"${SERIAL}"`);
    expect(screen.getByLabelText("Ed25519 signature (base64)")).toHaveTextContent("c2lnbmF0dXJl");
    expect(screen.getByRole("link", { name: /public key/ })).toHaveAttribute("href", "/api/certificates/public-key");
    expect(screen.queryByText(/Owner/)).not.toBeInTheDocument();
  });

  it("says when ownership has changed since the certificate was issued", async () => {
    mockFetch({ [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, makeCertificateCheck({ status: "superseded" })) });
    renderVerify();
    expect(await screen.findByText("Superseded")).toBeInTheDocument();
    const note = screen.getByRole("note");
    expect(note).toHaveTextContent("Ownership has changed since this certificate was issued");
  });

  it("says when the certificate was revoked", async () => {
    mockFetch({ [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, makeCertificateCheck({ status: "revoked" })) });
    renderVerify();
    expect(await screen.findByText("Revoked")).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("The registry has revoked this certificate");
  });

  it("warns clearly when the signature does not hold", async () => {
    mockFetch({ [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, makeCertificateCheck({ valid: false })) });
    renderVerify();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Warning: this certificate is not valid")).toBeInTheDocument();
    expect(alert).toHaveTextContent("Do not rely on this certificate");
    expect(screen.queryByText("Certificate valid")).not.toBeInTheDocument();
  });

  it("says so for a serial the registry never issued", async () => {
    mockFetch({
      "GET /api/certificates/ESRC-AAAA-BBBB-CCCC-DDDD": jsonResponse(404, {
        message: "Certificate not found.",
        code: "not_found",
      }),
    });
    renderVerify("ESRC-AAAA-BBBB-CCCC-DDDD");
    expect(await screen.findByRole("heading", { name: "Certificate Not Found" })).toBeInTheDocument();
    expect(screen.getByText(/no certificate with serial ESRC-AAAA-BBBB-CCCC-DDDD/)).toBeInTheDocument();
  });

  it("is the page at /verify/{serial}, open to everyone", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: null }),
      [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, makeCertificateCheck()),
    });
    renderApp(`/verify/${SERIAL}`);
    expect(await screen.findByText("Certificate valid")).toBeInTheDocument();
  });
});

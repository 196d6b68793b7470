import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { VerifyCertificatePage } from "@/features/certificates/routes";
import { makeCertificateCheck, SERIAL } from "@/test/documents";
import { jsonResponse, mockFetch, renderApp, renderRoute } from "@/test/render";

function renderVerify(serial = SERIAL) {
  return renderRoute(<VerifyCertificatePage />, { path: `/verify/${serial}`, routePath: "/verify/:serial" });
}

describe("VerifyCertificatePage", () => {
  it("shows a valid, current certificate with every printed particular to compare, and never the owner's name", async () => {
    mockFetch({ [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, makeCertificateCheck()) });
    renderVerify();

    const verdict = (await screen.findByText("Certificate valid and current")).closest('[role="status"]');
    expect(verdict).toHaveTextContent("The registry's signature on this certificate's data is valid");
    expect(screen.getByRole("heading", { name: "Certificate Check", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Current")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    expect(screen.getByText("Compare each line with the paper")).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextElementSibling;
    expect(value("Serial")).toHaveTextContent(SERIAL);
    expect(screen.getByRole("link", { name: "7KQ2-M9XD-4HTB" })).toHaveAttribute("href", "/registry/7KQ2-M9XD-4HTB");
    expect(value("Issued")).toHaveTextContent("Nov 23, 2026");
    expect(screen.getByText("Sea Breeze")).toBeInTheDocument();
    expect(screen.getByText("Bavaria Cruiser 34")).toBeInTheDocument();
    expect(value("Build Year")).toHaveTextContent("2019");
    expect(value("Length")).toHaveTextContent(/^10\.99\s?m$/);
    expect(value("CIN / HIN")).toHaveTextContent("NL-BAV2K4L7C920");
    expect(value("MMSI")).toHaveTextContent("244123456");
    expect(value("Brandmerk (Kadaster)")).toHaveTextContent("BM-1234");
    expect(screen.getByText("Netherlands (NL)").querySelector("img")).toHaveAttribute("alt", "");
    expect(value("Registered owner")).toHaveTextContent("A private person, whose name was verified by an identity check");
    expect(screen.getByText(/not proof of legal title under national law/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "support@registry.example" })).toHaveAttribute(
      "href",
      "mailto:support@registry.example",
    );

    expect(screen.getByRole("heading", { name: "Check it yourself" })).toBeInTheDocument();
    expect(screen.getByLabelText("Signed data (UTF-8, exactly as signed)")).toHaveTextContent(`"serial":"${SERIAL}"`);
    expect(screen.getByLabelText("Ed25519 signature (base64)")).toHaveTextContent("c2lnbmF0dXJl");
    expect(screen.getByRole("link", { name: /public key/ })).toHaveAttribute("href", "/api/certificates/public-key");
    expect(screen.queryByText(/Olivia/)).not.toBeInTheDocument();
  });

  it("lists the description a certificate signed, as the other lines, and only what it signed", async () => {
    const check = makeCertificateCheck();
    mockFetch({
      [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, {
        ...check,
        vessel: {
          ...check.vessel,
          vesselType: "motor",
          hullMaterial: "aluminium",
          homePort: "Port Zélande",
          engines: [
            { make: "Yanmar", model: "4JH57", powerKw: 42 },
            { make: "Yanmar", model: "4JH57", powerKw: 42.5 },
          ],
        },
      }),
    });
    renderVerify();
    await screen.findByText("Compare each line with the paper");
    const value = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;
    expect(value("Type")).toHaveTextContent("Motor vessel");
    expect(value("Hull material")).toHaveTextContent("Aluminium");
    expect(value("Home port")).toHaveTextContent("Port Zélande");
    expect(value("Engine 1")).toHaveTextContent(/^Yanmar 4JH57, 42\skW$/);
    expect(value("Engine 2")).toHaveTextContent(/^Yanmar 4JH57, 42\.5\skW$/);
    expect(screen.queryByText("Hull colour")).not.toBeInTheDocument();
  });

  it("shows no description for a certificate that signed none", async () => {
    mockFetch({ [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, makeCertificateCheck()) });
    renderVerify();
    await screen.findByText("Compare each line with the paper");
    for (const label of ["Type", "Hull material", "Hull colour", "Home port", "Engine"]) {
      expect(screen.queryByText(label, { selector: "dt" })).not.toBeInTheDocument();
    }
  });

  it("shows a company owner's registration number, which the certificate signs", async () => {
    const check = makeCertificateCheck();
    check.owner = { kind: "company", nameVerified: false, companyNumber: "KvK 12345678" };
    mockFetch({ [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, check) });
    renderVerify();
    expect(await screen.findByText("A company, registration no. KvK 12345678 (its name is not shown here)")).toBeInTheDocument();
  });

  it("leads with 'Not current' for a superseded certificate, the signature's validity second", async () => {
    mockFetch({ [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, makeCertificateCheck({ status: "superseded" })) });
    renderVerify();
    const headline = await screen.findByRole("alert");
    expect(headline.textContent).toMatch(
      /^Not current: ownership or the vessel.s particulars have changed since this certificate was issued.*signature on this certificate's data is valid/,
    );
    expect(screen.queryByText(/Certificate valid/)).not.toBeInTheDocument();
  });

  it("leads with 'Revoked' for a revoked certificate", async () => {
    mockFetch({ [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, makeCertificateCheck({ status: "revoked" })) });
    renderVerify();
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Revoked: the vessel is no longer registered/);
    expect(screen.getByText("Revoked")).toBeInTheDocument();
  });

  it("checks the owner's name printed on the paper without ever listing it", async () => {
    const user = userEvent.setup();
    mockFetch({
      [`GET /api/certificates/${SERIAL}`]: (url: string) => {
        const typed = new URL(url, "http://localhost").searchParams.get("ownerName");
        if (typed === null) return jsonResponse(200, makeCertificateCheck());
        const matches = typed.toLowerCase() === "olivia owner";
        return jsonResponse(
          200,
          makeCertificateCheck({ ownerNameMatches: matches, ownerName: matches ? "Olivia Owner" : undefined }),
        );
      },
    });
    renderVerify();
    const field = await screen.findByLabelText("Owner's name as printed");
    await user.click(screen.getByRole("button", { name: "Check the name" }));
    expect(await screen.findByText("Type the name printed on the certificate.")).toBeInTheDocument();
    await user.type(field, "Piet Forger");
    await user.click(screen.getByRole("button", { name: "Check the name" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The name does not match this certificate");
    await user.clear(field);
    await user.type(field, "olivia owner");
    await user.click(screen.getByRole("button", { name: "Check the name" }));
    expect(await screen.findByText("The name matches: this certificate was issued to Olivia Owner.")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("checks the signature the paper's QR code carries against the registry's key", async () => {
    const pair = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
    const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
    const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    const genuine = makeCertificateCheck();
    const sign = async (data: string) =>
      base64(new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, pair.privateKey, new TextEncoder().encode(data))))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const routes = {
      [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, genuine),
      "GET /api/certificates/public-key": jsonResponse(200, { algorithm: "Ed25519", publicKey: base64(raw), pem: "" }),
    };

    window.history.replaceState(null, "", `#sig=${await sign(genuine.signedData)}`);
    mockFetch(routes);
    const first = renderVerify();
    expect(await screen.findByText(/The signature in the paper's QR code checks out/)).toBeInTheDocument();
    first.unmount();

    // A paper whose QR code was made for other particulars (a forged length, say).
    window.history.replaceState(null, "", `#sig=${await sign(genuine.signedData.replace("7KQ2", "9ZZZ"))}`);
    mockFetch(routes);
    renderVerify();
    expect(await screen.findByText(/does not match this certificate's data/)).toBeInTheDocument();
    window.history.replaceState(null, "", "#");
  });

  it("warns clearly when the signature does not hold", async () => {
    mockFetch({ [`GET /api/certificates/${SERIAL}`]: jsonResponse(200, makeCertificateCheck({ valid: false })) });
    renderVerify();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Warning: this certificate is not valid")).toBeInTheDocument();
    expect(alert).toHaveTextContent("Do not rely on this certificate");
    expect(screen.queryByText(/Certificate valid/)).not.toBeInTheDocument();
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
    expect(await screen.findByText("Certificate valid and current")).toBeInTheDocument();
  });

  it("checks a transfer record when the serial is one, showing every line but the names", async () => {
    const serial = "ESTR-7KQ2-M9XD-4HTB-ABCD";
    mockFetch({
      [`GET /api/transfer-records/${serial}`]: jsonResponse(200, {
        valid: true,
        serial,
        platformId: "7KQ2-M9XD-4HTB",
        name: "Albatros",
        make: "Bavaria",
        model: "Cruiser 34",
        transferredAt: "2026-11-23T14:05:00Z",
        salePriceCents: 4_250_000,
        currency: "EUR",
        certificateBefore: SERIAL,
        certificateAfter: null,
        supportEmail: "support@registry.example",
        signedData: "{}",
        signature: "c2ln",
      }),
    });
    renderVerify(serial);
    expect(await screen.findByText("Transfer record valid")).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextElementSibling;
    expect(value("Sale price")).toHaveTextContent("€42,500.00");
    expect(screen.getByRole("link", { name: SERIAL })).toHaveAttribute("href", `/verify/${SERIAL}`);
    expect(value("Certificate after the sale")).toHaveTextContent("Not yet issued");
    expect(screen.getByText("Albatros")).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SignupPage } from "@/features/auth/components/signup-page";
import i18n from "@/i18n";
import de from "@/i18n/de.json";
import en from "@/i18n/en.json";
import es from "@/i18n/es.json";
import fr from "@/i18n/fr.json";
import it_ from "@/i18n/it.json";
import nl from "@/i18n/nl.json";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { COUNTRIES } from "@/test/vessels";

const CATALOGUES = { en, de, fr, es, it: it_, nl };

function renderSignup() {
  return renderRoute(<SignupPage />, { path: "/signup", toaster: true });
}

async function fillValid() {
  await userEvent.type(screen.getByLabelText("Email"), "new-owner@example.test");
  await userEvent.type(screen.getByLabelText("Password"), "harbour-lights-42");
  await userEvent.type(screen.getByLabelText("Confirm Password"), "harbour-lights-42");
  await userEvent.click(screen.getByRole("checkbox", { name: /I accept the Terms of Service/ }));
}

describe("SignupPage", () => {
  it("shows the hints and every validation message", async () => {
    mockFetch({});
    renderSignup();
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("Minimum 8 characters");
    expect(screen.getByLabelText("Phone Number (optional)")).toHaveAccessibleDescription("Required for ownership transfers");

    await userEvent.type(screen.getByLabelText("Password"), "short");
    await userEvent.type(screen.getByLabelText("Confirm Password"), "different");
    await userEvent.type(screen.getByLabelText("Phone Number (optional)"), "0612345678");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    // A national number needs its country's code; English chooses none for a start.
    expect(screen.getByText("Select country code")).toBeInTheDocument();
    expect(screen.getByText("You must accept the terms")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm Password")).toHaveAccessibleDescription("Passwords don't match");
  });

  it("links the terms to /legal/terms", () => {
    mockFetch({});
    renderSignup();
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/legal/terms");
  });

  it("creates the account, says so and goes to /login", async () => {
    let sent: unknown;
    mockFetch({
      "POST /api/auth/register": (_url, init) => {
        sent = jsonBody(init);
        return jsonResponse(201, { message: "Account created." });
      },
    });
    renderSignup();
    await fillValid();
    await userEvent.type(screen.getByLabelText("Phone Number (optional)"), "+31612345678");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Navigated to /login")).toBeInTheDocument();
    expect((await screen.findAllByText("Account Created")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("An email is sent to confirm your email address.").length).toBeGreaterThan(0);
    expect(sent).toEqual({ email: "new-owner@example.test", password: "harbour-lights-42", phoneE164: "+31612345678" });
  });

  it("signs a company up with its name and registration number, both required", async () => {
    let sent: unknown;
    mockFetch({
      "POST /api/auth/register": (_url, init) => {
        sent = jsonBody(init);
        return jsonResponse(201, { message: "Account created." });
      },
    });
    renderSignup();
    await fillValid();
    await userEvent.click(screen.getByRole("radio", { name: "A company" }));
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Enter the company's registration number.")).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await userEvent.type(screen.getByLabelText("Company name"), "Zeilmakerij B.V.");
    await userEvent.type(screen.getByLabelText("Company registration number"), "KvK 12345678");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Navigated to /login")).toBeInTheDocument();
    expect(sent).toEqual({
      email: "new-owner@example.test",
      password: "harbour-lights-42",
      name: "Zeilmakerij B.V.",
      ownerKind: "company",
      companyNumber: "KvK 12345678",
    });
  });

  it("has a country-code picker with every configured code, and sends the number with its code", async () => {
    let sent: unknown;
    mockFetch({
      "GET /api/config/countries": jsonResponse(200, COUNTRIES),
      "POST /api/auth/register": (_url, init) => {
        sent = jsonBody(init);
        return jsonResponse(201, { message: "Account created." });
      },
    });
    renderSignup();
    const prefix = screen.getByLabelText("Country code");
    await within(prefix).findByRole("option", { name: "+49" });
    expect(
      within(prefix)
        .getAllByRole("option")
        .map((o) => o.getAttribute("value")),
    ).toEqual(["", ...COUNTRIES.map((c) => c.phonePrefix)]);
    await fillValid();
    await userEvent.selectOptions(prefix, "+49");
    await userEvent.type(screen.getByLabelText("Phone Number (optional)"), "0151 23456789");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Navigated to /login")).toBeInTheDocument();
    expect(sent).toMatchObject({ phoneE164: "+4915123456789" });
  });

  it("gives German readers a German number to copy and the German code chosen", async () => {
    await i18n.changeLanguage("de");
    try {
      mockFetch({ "GET /api/config/countries": jsonResponse(200, COUNTRIES) });
      renderSignup();
      const number = screen.getByLabelText("Telefonnummer (optional)");
      expect(number).toHaveAttribute("placeholder", "0151 23456789");
      await waitFor(() => expect(screen.getByLabelText("Ländervorwahl")).toHaveValue("+49"));
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("has a placeholder of its own country in each language", () => {
    const placeholders = Object.entries(CATALOGUES).map(([, catalogue]) => catalogue.signup.phonePlaceholder);
    expect(new Set(placeholders).size).toBe(6);
    expect(CATALOGUES.de.signup.phonePlaceholder).toMatch(/^01/);
    expect(CATALOGUES.nl.signup.phonePlaceholder).toMatch(/^06/);
  });

  it("puts the server's message about the number on the number", async () => {
    mockFetch({
      "GET /api/config/countries": jsonResponse(200, COUNTRIES),
      "POST /api/auth/register": jsonResponse(422, {
        message: "Validation failed",
        code: "unprocessable",
        fields: { phoneE164: ["This is not a valid phone number."] },
      }),
    });
    renderSignup();
    await fillValid();
    await userEvent.type(screen.getByLabelText("Phone Number (optional)"), "+31 6 1234");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("This is not a valid phone number.")).toBeInTheDocument();
    expect(screen.getByLabelText("Phone Number (optional)")).toHaveAttribute("aria-invalid", "true");
  });

  it("puts the server's field errors on the fields", async () => {
    mockFetch({
      "POST /api/auth/register": jsonResponse(422, {
        message: "Validation failed",
        code: "unprocessable",
        fields: { email: ["This email is already registered."] },
      }),
    });
    renderSignup();
    await fillValid();
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("This email is already registered.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getAllByText("Registration Failed").length).toBeGreaterThan(0);
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { SignupPage } from "@/features/auth/components/signup-page";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";

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
    expect(screen.getByText("Invalid phone number format")).toBeInTheDocument();
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

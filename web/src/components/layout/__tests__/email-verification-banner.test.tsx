import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockFetch, renderApp, urlOf } from "@/test/render";
import { makeUser } from "@/test/vessels";

const STATS = jsonResponse(200, { registeredVessels: 1, transfersCompleted: 0, countries: 1 });
const unverified = makeUser({ email: "skipper@example.test", emailVerifiedAt: null });

const resendCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input) === "/api/auth/resend-verification" && init?.method === "POST");

describe("the banner of an unverified email", () => {
  it("tells a signed-in account its email is not verified and sends the link again", async () => {
    const fetchMock = mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: unverified }),
      "GET /api/stats": STATS,
      "POST /api/auth/resend-verification": jsonResponse(202, { message: "Verification email sent." }),
    });
    renderApp("/");
    const banner = await screen.findByRole("region", { name: "Your email address is not verified" });
    expect(banner).toHaveTextContent("Confirm it with the link we sent to skipper@example.test.");

    await userEvent.click(screen.getByRole("button", { name: "Resend" }));
    expect(await screen.findByText("A new link is on its way to skipper@example.test.")).toHaveAttribute("role", "status");
    expect(resendCalls(fetchMock)).toHaveLength(1);
    // Sent: not again from here.
    expect(screen.getByRole("button", { name: "Resend" })).toBeDisabled();
  });

  it("says why when the link could not be sent", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: unverified }),
      "GET /api/stats": STATS,
      "POST /api/auth/resend-verification": jsonResponse(429, { message: "Too many emails. Try again in an hour." }),
    });
    renderApp("/");
    await userEvent.click(await screen.findByRole("button", { name: "Resend" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many emails. Try again in an hour.");
    expect(screen.getByRole("button", { name: "Resend" })).toBeEnabled();
  });

  it("goes once the email turns out to be verified meanwhile", async () => {
    let user = unverified;
    mockFetch({
      "GET /api/auth/session": () => jsonResponse(200, { user }),
      "GET /api/stats": STATS,
      "POST /api/auth/resend-verification": () => {
        user = { ...unverified, emailVerifiedAt: "2026-01-01T00:00:00Z" };
        return jsonResponse(409, { message: "This email address is already verified." });
      },
    });
    renderApp("/");
    await userEvent.click(await screen.findByRole("button", { name: "Resend" }));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Your email address is not verified" })).not.toBeInTheDocument(),
    );
  });

  it("is not shown to a verified account, nor to a guest", async () => {
    const verified = mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: makeUser() }), "GET /api/stats": STATS });
    const first = renderApp("/");
    expect(await screen.findByRole("button", { name: "Sign Out" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your email address is not verified" })).not.toBeInTheDocument();
    expect(verified).toHaveBeenCalled();
    first.unmount();

    mockFetch({ "GET /api/auth/session": jsonResponse(200, { user: null }), "GET /api/stats": STATS });
    renderApp("/");
    expect(await screen.findByRole("link", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your email address is not verified" })).not.toBeInTheDocument();
  });
});

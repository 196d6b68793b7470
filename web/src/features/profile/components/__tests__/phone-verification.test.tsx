import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { User } from "@/api/types";
import { ProfilePage } from "@/features/profile/components/profile-page";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { COUNTRIES, makeUser } from "@/test/vessels";

type Routes = Parameters<typeof mockFetch>[0];

function setup(start: User, extra: Routes = {}) {
  let user = start;
  const sent: unknown[] = [];
  const fetchMock = mockFetch({
    "GET /api/auth/session": () => jsonResponse(200, { user }),
    "GET /api/profile": () => jsonResponse(200, { name: user.name, email: user.email, phoneE164: user.phoneE164 }),
    "GET /api/config/countries": jsonResponse(200, COUNTRIES),
    "POST /api/profile/phone": (_url, init) => {
      const { phoneE164 } = jsonBody(init) as { phoneE164: string };
      sent.push(phoneE164);
      user = { ...user, phoneE164, phoneVerifiedAt: phoneE164 === user.phoneE164 ? user.phoneVerifiedAt : null };
      return jsonResponse(200, user);
    },
    "POST /api/profile/phone/send-code": jsonResponse(202, { message: "We have sent a code to your mobile number." }),
    "POST /api/profile/phone/verify": (_url, init) => {
      if ((jsonBody(init) as { otp: string }).otp !== "246810") {
        return jsonResponse(400, { message: "That code is not right. 4 attempts left.", code: "wrong_code" });
      }
      user = { ...user, phoneVerifiedAt: "2026-11-23T10:00:00Z" };
      return jsonResponse(200, { ...user, claimedVessels: [] });
    },
    ...extra,
  });
  renderRoute(<ProfilePage />, { path: "/profile", toaster: true });
  return { fetchMock, sent };
}

function mobileCard() {
  return screen.getByRole("region", { name: "Mobile Number" });
}

async function typeCode(code: string) {
  await userEvent.click(screen.getByRole("textbox", { name: "Digit 1 of 6" }));
  await userEvent.keyboard(code);
}

describe("Profile: mobile number", () => {
  it("adds a number (prefix + number without its leading zero), sends a code and verifies it", async () => {
    const { fetchMock, sent } = setup(makeUser({ phoneE164: null }));
    const number = await screen.findByLabelText("Mobile number");
    await waitFor(() => expect(screen.getByLabelText("Country code")).toHaveValue("+31"));

    await userEvent.click(screen.getByRole("button", { name: "Save and send code" }));
    expect(await screen.findByText("Phone number is required")).toBeInTheDocument();

    await userEvent.type(number, "06 1234 5678");
    await userEvent.click(screen.getByRole("button", { name: "Save and send code" }));
    expect(await screen.findByRole("group", { name: "SMS code" })).toBeInTheDocument();
    expect(sent).toEqual(["+31612345678"]);
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/profile/phone/send-code")).toHaveLength(1);
    expect(screen.getByText(/Enter the 6-digit code we sent to \+31612345678/)).toBeInTheDocument();
    expect(screen.getAllByText("Not verified").length).toBeGreaterThan(0);

    await typeCode("111111");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findAllByText("That code is not right. 4 attempts left.")).length).toBeGreaterThan(0);

    await typeCode("246810");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findAllByText("Mobile Verified")).length).toBeGreaterThan(0);
    expect(within(mobileCard()).getByText("Verified")).toBeInTheDocument();
    expect(within(mobileCard()).queryByRole("group", { name: "SMS code" })).not.toBeInTheDocument();
    expect(within(mobileCard()).getByRole("button", { name: "Change number" })).toBeInTheDocument();
  });

  it("says which waiting vessel the verified number claimed, and opens it", async () => {
    setup(makeUser({ phoneE164: "+31612345678", phoneVerifiedAt: null }), {
      "POST /api/profile/phone/verify": () =>
        jsonResponse(200, {
          ...makeUser({ phoneE164: "+31612345678", phoneVerifiedAt: "2026-11-23T10:00:00Z" }),
          claimedVessels: [{ platformId: "7KQ2-M9XD-4HTB", name: "Albatros" }],
        }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Send code" }));
    await typeCode("246810");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect((await screen.findAllByText("Albatros is now yours")).length).toBeGreaterThan(0);
    expect(await screen.findByText("Navigated to /registry/7KQ2-M9XD-4HTB")).toBeInTheDocument();
  });

  it("offers 'Send code' for a number not yet verified, and after a refusal waits as long as the server says", async () => {
    setup(makeUser(), {
      "POST /api/profile/phone/send-code": new Response(
        JSON.stringify({
          message: "A code was sent a moment ago. You can ask for a new one in 30 seconds.",
          code: "too_many_requests",
        }),
        { status: 429, headers: { "Content-Type": "application/json", "Retry-After": "30" } },
      ),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Send code" }));
    expect((await screen.findAllByText("Code not sent")).length).toBeGreaterThan(0);
    // A code is on its way already: the boxes are there, and Resend waits.
    expect(await screen.findByRole("group", { name: "SMS code" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Resend code in (29|30) s/ })).toBeDisabled();
  });

  it("shows a verified number as verified, and changing it asks for a new code", async () => {
    const { sent } = setup(makeUser({ phoneE164: "+4915123456789", phoneVerifiedAt: "2026-01-01T00:00:00Z" }));
    expect(await screen.findByText("+4915123456789")).toBeInTheDocument();
    expect(within(mobileCard()).getByText("Verified")).toBeInTheDocument();
    expect(within(mobileCard()).queryByRole("button", { name: "Send code" })).not.toBeInTheDocument();

    await userEvent.click(within(mobileCard()).getByRole("button", { name: "Change number" }));
    // The form starts from the current number, split on its prefix.
    await waitFor(() => expect(screen.getByLabelText("Country code")).toHaveValue("+49"));
    const number = screen.getByLabelText("Mobile number");
    expect(number).toHaveValue("15123456789");
    await userEvent.clear(number);
    await userEvent.type(number, "+31 6 8765 4321");
    await userEvent.click(screen.getByRole("button", { name: "Save and send code" }));
    expect(await screen.findByRole("group", { name: "SMS code" })).toBeInTheDocument();
    expect(sent).toEqual(["+31687654321"]);
    expect(within(mobileCard()).getByText("Not verified")).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PasskeyInfo, SessionInfo } from "@/api/types";
import { ProfilePage } from "@/features/profile/components/profile-page";
import { ATTESTATION_JSON, stubPasskeys } from "@/test/passkeys";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeUser } from "@/test/vessels";

type Routes = Parameters<typeof mockFetch>[0];

const owner = makeUser({ passkeyCount: 1 });

const LAPTOP: PasskeyInfo = {
  id: "pk-1",
  name: "Laptop",
  createdAt: "2026-11-01T09:00:00Z",
  lastUsedAt: "2026-11-20T08:30:00Z",
  backedUp: true,
};
const KEY: PasskeyInfo = {
  id: "pk-2",
  name: "Security key",
  createdAt: "2026-11-02T09:00:00Z",
  lastUsedAt: null,
  backedUp: false,
};

const THIS_BROWSER: SessionInfo = {
  id: "s-1",
  browser: "Firefox",
  platform: "Linux",
  createdAt: "2026-11-28T10:00:00Z",
  lastSeenAt: "2026-11-28T12:00:00Z",
  current: true,
};
const PHONE: SessionInfo = {
  id: "s-2",
  browser: "Safari",
  platform: "iOS",
  createdAt: "2026-11-20T07:00:00Z",
  lastSeenAt: "2026-11-27T18:45:00Z",
  current: false,
};
const UNKNOWN: SessionInfo = {
  id: "s-3",
  browser: "unknown",
  platform: "unknown",
  createdAt: "2026-11-19T07:00:00Z",
  lastSeenAt: "2026-11-19T07:05:00Z",
  current: false,
};

function renderProfile(routes: Routes = {}, path = "/profile") {
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: owner }),
    "GET /api/profile": jsonResponse(200, { name: "Olivia Owner", email: owner.email, phoneE164: owner.phoneE164 }),
    "GET /api/auth/passkeys": jsonResponse(200, [LAPTOP, KEY]),
    "GET /api/auth/sessions": jsonResponse(200, [THIS_BROWSER, PHONE, UNKNOWN]),
    ...routes,
  });
  renderRoute(<ProfilePage />, { path, routePath: "/profile", toaster: true });
  return fetchMock;
}

const region = (name: string) => screen.findByRole("region", { name });
const seeToast = async (text: string) => expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);

describe("Profile: passkeys", () => {
  it("lists each passkey with its name, dates and whether it is backed up", async () => {
    renderProfile();
    const passkeys = await region("Passkeys");
    const list = await within(passkeys).findByRole("list", { name: "Your passkeys" });
    const [laptop, key] = within(list).getAllByRole("listitem");
    expect(laptop).toHaveTextContent("Laptop");
    expect(laptop).toHaveTextContent("Added Nov 1, 2026");
    expect(laptop).toHaveTextContent(/Last used Nov 20, 2026/);
    expect(within(laptop).getByText("Backed up")).toBeInTheDocument();
    expect(key).toHaveTextContent("Security key");
    expect(key).toHaveTextContent("Not used yet");
    expect(within(key).queryByText("Backed up")).not.toBeInTheDocument();
    // Adding one needs a browser that can make passkeys.
    expect(within(passkeys).getByText(/This browser cannot use passkeys/)).toBeInTheDocument();
    expect(within(passkeys).queryByRole("button", { name: "Add a passkey" })).not.toBeInTheDocument();
  });

  it("says when there are none", async () => {
    renderProfile({ "GET /api/auth/passkeys": jsonResponse(200, []) });
    expect(await within(await region("Passkeys")).findByText("You have not added a passkey yet.")).toBeInTheDocument();
  });

  it("adds a passkey with the name given, and lists it", async () => {
    const user = userEvent.setup();
    const credentials = stubPasskeys();
    const added: PasskeyInfo = { id: "pk-3", name: "Phone", createdAt: "2026-11-28T12:00:00Z", lastUsedAt: null, backedUp: true };
    let list = [LAPTOP];
    let finished: unknown;
    const fetchMock = renderProfile({
      "GET /api/auth/passkeys": () => jsonResponse(200, list),
      "POST /api/auth/passkeys/register/start": jsonResponse(200, {
        publicKey: { challenge: "Y2hhbGxlbmdl", rp: { id: "localhost", name: "Registry" } },
      }),
      "POST /api/auth/passkeys/register/finish": (_url, init) => {
        finished = jsonBody(init);
        list = [added, LAPTOP];
        return jsonResponse(201, added);
      },
    });
    const passkeys = await region("Passkeys");
    await user.type(await within(passkeys).findByLabelText("Name (optional)"), "Phone");
    await user.click(within(passkeys).getByRole("button", { name: "Add a passkey" }));
    await seeToast("Passkey added");
    await seeToast('You can now sign in with "Phone".');
    expect(credentials.create).toHaveBeenCalledWith({
      publicKey: { challenge: "Y2hhbGxlbmdl", rp: { id: "localhost", name: "Registry" }, parsed: "creation" },
    });
    expect(finished).toEqual({ name: "Phone", credential: ATTESTATION_JSON });
    const listed = await within(passkeys).findByRole("list", { name: "Your passkeys" });
    await waitFor(() => expect(within(listed).getAllByRole("listitem")).toHaveLength(2));
    expect(within(passkeys).getByLabelText("Name (optional)")).toHaveValue("");
    // The account is read again: its passkeyCount changed.
    const sessionReads = fetchMock.mock.calls.filter(([url]) => urlOf(url) === "/api/auth/session").length;
    expect(sessionReads).toBeGreaterThan(1);
  });

  it("sends no name when none is given, and refuses one over 60 characters", async () => {
    const user = userEvent.setup();
    stubPasskeys();
    let finished: unknown;
    renderProfile({
      "POST /api/auth/passkeys/register/start": jsonResponse(200, { publicKey: { challenge: "Y2hhbGxlbmdl" } }),
      "POST /api/auth/passkeys/register/finish": (_url, init) => {
        finished = jsonBody(init);
        return jsonResponse(201, { ...LAPTOP, id: "pk-9", name: "Passkey" });
      },
    });
    const passkeys = await region("Passkeys");
    const name = await within(passkeys).findByLabelText("Name (optional)");
    // The field stops at 60; a longer one pasted past it is still refused by the schema.
    name.removeAttribute("maxlength");
    await user.type(name, "x".repeat(61));
    await user.click(within(passkeys).getByRole("button", { name: "Add a passkey" }));
    expect(await within(passkeys).findByText("The name can be at most 60 characters")).toBeInTheDocument();
    expect(finished).toBeUndefined();
    await user.clear(name);
    await user.click(within(passkeys).getByRole("button", { name: "Add a passkey" }));
    await seeToast("Passkey added");
    expect(finished).toEqual({ name: null, credential: ATTESTATION_JSON });
  });

  it("says why a passkey could not be added", async () => {
    const user = userEvent.setup();
    stubPasskeys({ error: new DOMException("The authenticator was previously registered.", "InvalidStateError") });
    renderProfile({ "POST /api/auth/passkeys/register/start": jsonResponse(200, { publicKey: { challenge: "Y2hhbGxlbmdl" } }) });
    await user.click(await within(await region("Passkeys")).findByRole("button", { name: "Add a passkey" }));
    await seeToast("The passkey could not be added");
    await seeToast("This device already holds a passkey for your account.");
  });

  it("removes a passkey after asking", async () => {
    const user = userEvent.setup();
    let list = [LAPTOP, KEY];
    const fetchMock = renderProfile({
      "GET /api/auth/passkeys": () => jsonResponse(200, list),
      "DELETE /api/auth/passkeys/pk-2": () => {
        list = [LAPTOP];
        return new Response(null, { status: 204 });
      },
    });
    const passkeys = await region("Passkeys");
    await user.click(await within(passkeys).findByRole("button", { name: "Remove passkey Security key" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove this passkey?" });
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with "Security key".');
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await seeToast("Passkey removed");
    await waitFor(() => expect(within(passkeys).queryByText("Security key")).not.toBeInTheDocument());
    expect(
      fetchMock.mock.calls.some(([url, init]) => urlOf(url) === "/api/auth/passkeys/pk-2" && init?.method === "DELETE"),
    ).toBe(true);
  });
});

describe("Profile: sessions", () => {
  it("lists the sessions, this browser marked, others with a way to sign them out", async () => {
    renderProfile();
    const sessions = await region("Sessions");
    expect(sessions).toHaveAttribute("id", "sessions");
    const list = await within(sessions).findByRole("list", { name: "Your sessions" });
    const [current, phone, unknown] = within(list).getAllByRole("listitem");
    expect(current).toHaveTextContent("Firefox on Linux");
    expect(within(current).getByText("This browser")).toBeInTheDocument();
    expect(within(current).queryByRole("button")).not.toBeInTheDocument();
    expect(phone).toHaveTextContent("Safari on iOS");
    expect(phone).toHaveTextContent(/Signed in Nov 20, 2026/);
    expect(phone).toHaveTextContent(/Last active Nov 27, 2026/);
    expect(within(phone).getByRole("button", { name: /^Sign out Safari on iOS, last active Nov 27, 2026/ })).toBeInTheDocument();
    expect(unknown).toHaveTextContent("Unknown browser on an unknown system");
  });

  it("signs out one other session", async () => {
    const user = userEvent.setup();
    let list = [THIS_BROWSER, PHONE];
    renderProfile({
      "GET /api/auth/sessions": () => jsonResponse(200, list),
      "DELETE /api/auth/sessions/s-2": () => {
        list = [THIS_BROWSER];
        return new Response(null, { status: 204 });
      },
    });
    const sessions = await region("Sessions");
    await user.click(await within(sessions).findByRole("button", { name: /^Sign out Safari on iOS/ }));
    await seeToast("Session signed out");
    expect(await within(sessions).findByText("No other browser is signed in to your account.")).toBeInTheDocument();
    expect(within(sessions).queryByText("Safari on iOS")).not.toBeInTheDocument();
  });

  it("signs out everywhere else after asking, and says how many", async () => {
    const user = userEvent.setup();
    let list = [THIS_BROWSER, PHONE, UNKNOWN];
    renderProfile({
      "GET /api/auth/sessions": () => jsonResponse(200, list),
      "POST /api/auth/sessions/end-others": () => {
        list = [THIS_BROWSER];
        return jsonResponse(200, { ended: 2 });
      },
    });
    const sessions = await region("Sessions");
    await user.click(await within(sessions).findByRole("button", { name: "Sign out everywhere else" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Sign out everywhere else?" });
    await user.click(within(dialog).getByRole("button", { name: "Sign out everywhere else" }));
    await seeToast("Signed out of 2 other sessions");
    expect(await within(sessions).findByText("No other browser is signed in to your account.")).toBeInTheDocument();
  });

  it("comes into view when opened from a sign-in alert's link", async () => {
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView");
    renderProfile({}, "/profile#sessions");
    await within(await region("Sessions")).findByRole("list", { name: "Your sessions" });
    await waitFor(() => expect(scrolled.mock.contexts).toContain(document.getElementById("sessions")));
    scrolled.mockRestore();
  });
});

describe("Profile: download my data", () => {
  // jsdom has no object URLs: the download is followed up to the anchor's click.
  const original = Object.getOwnPropertyDescriptors(URL);
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => "blob:export");
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    for (const name of ["createObjectURL", "revokeObjectURL"] as const) {
      if (name in original) Object.defineProperty(URL, name, original[name]);
      else Reflect.deleteProperty(URL, name);
    }
    vi.restoreAllMocks();
  });

  it("saves the JSON the server sends, under its name", async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderProfile({
      "GET /api/profile/export": new Response(JSON.stringify({ account: { email: owner.email } }), {
        status: 200,
        headers: {
          "Content-Type": "application/json",
          "Content-Disposition": 'attachment; filename="registry-personal-data.json"',
        },
      }),
    });
    const data = await region("Your data");
    expect(data).toHaveTextContent(/payments and refunds, transfers, liens, sessions, passkeys/);
    await user.click(within(data).getByRole("button", { name: "Download my data" }));
    await seeToast("Your data was downloaded");
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe("registry-personal-data.json");
    expect(anchor.href).toBe("blob:export");
  });

  it("saves a ZIP with the documents' files when asked for them", async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    let asked = "";
    renderProfile({
      "GET /api/profile/export": (url) => {
        asked = url;
        return new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
          status: 200,
          headers: {
            "Content-Type": "application/zip",
            "Content-Disposition": 'attachment; filename="registry-personal-data.zip"',
          },
        });
      },
    });
    const data = await region("Your data");
    expect(data).toHaveTextContent("The ZIP adds the files of the documents you uploaded.");
    await user.click(within(data).getByRole("button", { name: "Download with my documents (ZIP)" }));
    await seeToast("Your data was downloaded");
    expect(asked).toBe("/api/profile/export?include=files");
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("registry-personal-data.zip");
  });

  it("shows the server's refusal instead of saving it", async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderProfile({
      "GET /api/profile/export": jsonResponse(429, {
        code: "too_many_requests",
        messageCode: "x_unknown",
        message: "Slow down.",
      }),
    });
    await user.click(within(await region("Your data")).getByRole("button", { name: "Download my data" }));
    await seeToast("Your data could not be downloaded");
    await seeToast("Slow down.");
    expect(click).not.toHaveBeenCalled();
  });
});

describe("Profile: password sign-in", () => {
  it("turns password sign-in off after asking, then offers to turn it back on", async () => {
    const user = userEvent.setup();
    let sent: unknown[] = [];
    let signedInUser = owner;
    renderProfile({
      "GET /api/auth/session": () => jsonResponse(200, { user: signedInUser }),
      "PUT /api/auth/password-sign-in": (_url, init) => {
        const body = jsonBody(init) as { enabled: boolean };
        sent = [...sent, body];
        signedInUser = { ...owner, passwordSignIn: body.enabled };
        return jsonResponse(200, signedInUser);
      },
    });
    const passkeys = await region("Passkeys");
    expect(await within(passkeys).findByText("You can sign in with your password or a passkey.")).toBeInTheDocument();
    await user.click(within(passkeys).getByRole("button", { name: "Turn off password sign-in" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Sign in with passkeys only?" });
    expect(dialog).toHaveTextContent("the 'Forgot password' email lets you add a new passkey");
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Turn off password sign-in" }));
    await seeToast("You now sign in with a passkey only");
    expect(await within(passkeys).findByText(/Password sign-in is off/)).toBeInTheDocument();
    await user.click(within(passkeys).getByRole("button", { name: "Turn password sign-in back on" }));
    await seeToast("Password sign-in is on again");
    expect(sent).toEqual([{ enabled: false }, { enabled: true }]);
  });

  it("asks for a passkey first on an account without one", async () => {
    renderProfile({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ passkeyCount: 0 }) }),
      "GET /api/auth/passkeys": jsonResponse(200, []),
    });
    const passkeys = await region("Passkeys");
    expect(await within(passkeys).findByText("Add a passkey first; then you can turn password sign-in off.")).toBeInTheDocument();
    expect(within(passkeys).queryByRole("button", { name: "Turn off password sign-in" })).not.toBeInTheDocument();
  });
});

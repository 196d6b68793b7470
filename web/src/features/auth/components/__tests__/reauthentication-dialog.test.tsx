import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { apiFetch, errorMessage } from "@/lib/api-client";
import { ASSERTION_JSON, stubPasskeys } from "@/test/passkeys";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { makeUser } from "@/test/vessels";

const owner = makeUser();
const REFUSAL = {
  code: "reauthentication_required",
  messageCode: "reauthentication_required",
  message: "For your safety, confirm it is you: sign in again (password or passkey) to continue.",
};

/** A form that starts a transfer: what was typed stays while the dialog asks, and the answer shows. */
function TransferForm() {
  const [phone, setPhone] = useState("");
  const [outcome, setOutcome] = useState("");
  const send = () =>
    apiFetch<{ id: string }>("/api/transfers/initiate", { method: "POST", json: { vesselId: "v-1", toPhoneE164: phone } }).then(
      (transfer) => setOutcome(`Started ${transfer.id}`),
      (err: unknown) => setOutcome(`Failed: ${errorMessage(err, "unknown")}`),
    );
  return (
    <div>
      <label htmlFor="phone">New owner's number</label>
      <input id="phone" value={phone} onChange={(event) => setPhone(event.target.value)} />
      <button type="button" onClick={() => void send()}>
        Start transfer
      </button>
      <p>{outcome}</p>
    </div>
  );
}

/** Fetch answers: the first initiate is refused (an old sign-in), the one after signing in again succeeds. */
function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  let initiated = 0;
  const sent: unknown[] = [];
  const fetchMock = mockFetch({
    "GET /api/auth/session": jsonResponse(200, { user: owner }),
    "POST /api/transfers/initiate": (_url, init) => {
      sent.push(jsonBody(init));
      initiated += 1;
      return initiated === 1 ? jsonResponse(403, REFUSAL, "Forbidden") : jsonResponse(201, { id: "tr-9" });
    },
    ...extra,
  });
  return { fetchMock, sent };
}

async function startTransfer() {
  const user = userEvent.setup();
  renderRoute(<TransferForm />, { toaster: true });
  await user.type(screen.getByLabelText("New owner's number"), "+31612345678");
  await user.click(screen.getByRole("button", { name: "Start transfer" }));
  const dialog = await screen.findByRole("dialog", { name: "Confirm it's you" });
  return { user, dialog };
}

describe("Signing in again before a sensitive action", () => {
  it("asks for the password, shows the server's message for a wrong one, then repeats the action as it was", async () => {
    const passwords: unknown[] = [];
    const { sent } = routes({
      "POST /api/auth/reauthenticate": (_url, init) => {
        passwords.push(jsonBody(init));
        return passwords.length === 1
          ? jsonResponse(400, {
              code: "invalid_password",
              messageCode: "password_incorrect",
              message: "That password is not right.",
            })
          : jsonResponse(200, { message: "Signed in again.", messageCode: "signed_in_again" });
      },
    });
    const { user, dialog } = await startTransfer();
    expect(within(dialog).getByText(/For your safety, sign in again to continue/)).toBeInTheDocument();
    // Without passkeys in this browser, only the password is offered.
    expect(within(dialog).queryByRole("button", { name: "Use a passkey" })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await within(dialog).findByText("Enter your password")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Password"), "wrong-password");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    const password = within(dialog).getByLabelText("Password");
    await waitFor(() => expect(password).toHaveAccessibleDescription("That password is not right."));

    await user.clear(password);
    await user.type(password, "sloop-owner-2025");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));

    expect(await screen.findByText("Started tr-9")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(passwords).toEqual([{ password: "wrong-password" }, { password: "sloop-owner-2025" }]);
    // The same request twice: nothing typed was lost.
    expect(sent).toEqual([
      { vesselId: "v-1", toPhoneE164: "+31612345678" },
      { vesselId: "v-1", toPhoneE164: "+31612345678" },
    ]);
    expect(screen.getByLabelText("New owner's number")).toHaveValue("+31612345678");
  });

  it("gives the refusal back when the person cancels", async () => {
    const { sent } = routes();
    const { user, dialog } = await startTransfer();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText(`Failed: ${REFUSAL.message}`)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it("signs in again with a passkey where the browser has them, then repeats the action", async () => {
    const credentials = stubPasskeys();
    const finished: unknown[] = [];
    const { sent } = routes({
      "POST /api/auth/passkeys/login/start": jsonResponse(200, { publicKey: { challenge: "Y2hhbGxlbmdl", rpId: "localhost" } }),
      "POST /api/auth/passkeys/login/finish": (_url, init) => {
        finished.push(jsonBody(init));
        return jsonResponse(200, owner);
      },
    });
    const { user, dialog } = await startTransfer();
    await user.click(within(dialog).getByRole("button", { name: "Use a passkey" }));
    expect(await screen.findByText("Started tr-9")).toBeInTheDocument();
    expect(credentials.get).toHaveBeenCalledWith({
      publicKey: { challenge: "Y2hhbGxlbmdl", rpId: "localhost", parsed: "request" },
    });
    expect(finished).toEqual([{ credential: ASSERTION_JSON, rememberMe: false }]);
    expect(sent).toHaveLength(2);
  });

  it("says so when the passkey was not used, and lets the person try the password instead", async () => {
    stubPasskeys({ error: new DOMException("The operation either timed out or was not allowed.", "NotAllowedError") });
    const { sent } = routes({
      "POST /api/auth/passkeys/login/start": jsonResponse(200, { publicKey: { challenge: "Y2hhbGxlbmdl" } }),
      "POST /api/auth/reauthenticate": jsonResponse(200, { message: "Signed in again.", messageCode: "signed_in_again" }),
    });
    const { user, dialog } = await startTransfer();
    await user.click(within(dialog).getByRole("button", { name: "Use a passkey" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The passkey request was cancelled or timed out.");
    await user.type(within(dialog).getByLabelText("Password"), "sloop-owner-2025");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Started tr-9")).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it("asks an account that turned password sign-in off for its passkey only", async () => {
    stubPasskeys();
    const { sent } = routes({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ passkeyCount: 1, passwordSignIn: false }) }),
      "POST /api/auth/passkeys/login/start": jsonResponse(200, { publicKey: { challenge: "Y2hhbGxlbmdl" } }),
      "POST /api/auth/passkeys/login/finish": jsonResponse(200, owner),
    });
    const { user, dialog } = await startTransfer();
    await waitFor(() => expect(within(dialog).queryByLabelText("Password")).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole("button", { name: "Use a passkey" }));
    expect(await screen.findByText("Started tr-9")).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it("does not repeat the action for another account's passkey", async () => {
    stubPasskeys();
    const { sent } = routes({
      "POST /api/auth/passkeys/login/start": jsonResponse(200, { publicKey: { challenge: "Y2hhbGxlbmdl" } }),
      "POST /api/auth/passkeys/login/finish": jsonResponse(200, makeUser({ id: "u-other", email: "other@registry.test" })),
    });
    const { user, dialog } = await startTransfer();
    await user.click(within(dialog).getByRole("button", { name: "Use a passkey" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "That passkey belongs to another account, which is now signed in. The change was not made.",
    );
    expect(sent).toHaveLength(1);
    // The dialog's own Close, or its corner's.
    await user.click(within(dialog).getAllByRole("button", { name: "Close" })[0]);
    expect(await screen.findByText(`Failed: ${REFUSAL.message}`)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });
});

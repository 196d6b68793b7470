import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { IdentityFailure, User } from "@/api/types";
import { VesselDetailPage } from "@/features/vessels/routes";
import { jsonBody, jsonResponse, mockFetch, renderRoute, urlOf } from "@/test/render";
import { makeDetail, makeOwnerVerification, makeUser } from "@/test/vessels";

const PLATFORM_ID = "7KQ2-M9XD-4HTB";
const VESSEL_PATH = `/registry/${PLATFORM_ID}`;
const owned = [
  { ownerUserId: "u-owner", acquisitionType: "private", acquiredAt: "2023-06-10T12:00:00Z", transferredOutAt: null },
];

/** Shows the address the page is at, so a test can see the query string go. */
function Address() {
  const location = useLocation();
  return <p>Address: {location.pathname + location.search}</p>;
}

function renderVessel(path = VESSEL_PATH) {
  return renderRoute(
    <>
      <VesselDetailPage />
      <Address />
    </>,
    { path, routePath: "/registry/:platformId", toaster: true },
  );
}

/** The checklist's identity item. */
async function identityItem() {
  const checklist = (await screen.findByRole("heading", { name: "Complete Your Verification" })).closest("div")!.parentElement!;
  return within(checklist).getByText("Identity").closest("li")!;
}

/** The page's live status (role=status) that says `text`. */
function statusSaying(text: string) {
  const status = screen.getAllByRole("status").find((el) => el.textContent.includes(text));
  if (!status) throw new Error(`no status says "${text}"`);
  return status;
}

/** The page's alert that says `text`, or null. */
function alertSaying(text: string) {
  return screen.queryAllByRole("alert").find((el) => el.textContent.includes(text)) ?? null;
}

/** jsdom's `location.assign` cannot be spied on: the test stands in a location whose `assign` is `fn`. */
function stubLocationAssign(fn: (url: string) => void) {
  const { href, origin, pathname, search, hash } = window.location;
  vi.stubGlobal("location", { href, origin, pathname, search, hash, assign: fn });
}

function meCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([input]) => new URL(urlOf(input), "http://localhost").pathname === "/api/auth/session")
    .length;
}

describe("Verify Identity", () => {
  it("starts a session for this vessel and sends the browser to the provider, busy meanwhile", async () => {
    const assign = vi.fn();
    stubLocationAssign(assign);
    const sent: unknown[] = [];
    let answer: (response: Response) => void = () => {};
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      [`GET /api/vessels/${PLATFORM_ID}`]: jsonResponse(200, makeDetail({}, owned)),
      "POST /api/identity/create-session": (_url, init) => {
        sent.push(jsonBody(init));
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    renderVessel();

    const item = await identityItem();
    expect(within(item).getByText("Not started")).toBeInTheDocument();
    await userEvent.click(within(item).getByRole("button", { name: "Verify Identity" }));

    const busy = await within(item).findByRole("button", { name: "Starting verification..." });
    expect(busy).toBeDisabled();
    expect(sent).toEqual([{ vesselPlatformId: PLATFORM_ID }]);
    expect(assign).not.toHaveBeenCalled();

    answer(jsonResponse(200, { url: "https://verify.example.test/session/abc" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://verify.example.test/session/abc"));
    // On its way to the provider: still busy.
    expect(within(item).getByRole("button", { name: "Starting verification..." })).toBeDisabled();
  });

  it("says 'Error' with the server's message when the session cannot start", async () => {
    const assign = vi.fn();
    stubLocationAssign(assign);
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      [`GET /api/vessels/${PLATFORM_ID}`]: jsonResponse(200, makeDetail({}, owned)),
      "POST /api/identity/create-session": jsonResponse(409, {
        message: "Your identity check is in progress. The result will appear on the vessel page when it arrives.",
        code: "conflict",
      }),
    });
    renderVessel();

    await userEvent.click(within(await identityItem()).getByRole("button", { name: "Verify Identity" }));
    const notifications = await screen.findByRole("region", { name: /Notifications/ });
    expect(await within(notifications).findByText("Error")).toBeInTheDocument();
    expect(
      within(notifications).getByText(
        "Your identity check is in progress. The result will appear on the vessel page when it arrives.",
      ),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    // Usable again.
    expect(within(await identityItem()).getByRole("button", { name: "Verify Identity" })).toBeEnabled();
  });

  it("falls back to 'Failed to start identity verification' without a message", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser() }),
      [`GET /api/vessels/${PLATFORM_ID}`]: jsonResponse(200, makeDetail({}, owned)),
      "POST /api/identity/create-session": new Response("", { status: 502, statusText: "Bad Gateway" }),
    });
    renderVessel();

    await userEvent.click(within(await identityItem()).getByRole("button", { name: "Verify Identity" }));
    const notifications = await screen.findByRole("region", { name: /Notifications/ });
    expect(await within(notifications).findByText("Failed to start identity verification")).toBeInTheDocument();
    expect(within(notifications).getByText("Error")).toBeInTheDocument();
  });

  it("shows why the last check failed, in the reader's words, with 'Try again'", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, {
        user: makeUser({ identityFailureCode: "document_expired", identityFailureReason: "The document has expired." }),
      }),
      [`GET /api/vessels/${PLATFORM_ID}`]: jsonResponse(200, makeDetail({}, owned)),
    });
    renderVessel();

    const item = await identityItem();
    expect(within(item).getByText("Not verified: The identity document has expired.")).toBeInTheDocument();
    expect(within(item).getByRole("button", { name: "Try again" })).toBeEnabled();
    expect(within(item).queryByRole("button", { name: "Verify Identity" })).not.toBeInTheDocument();
  });

  it("shows the provider's reason for a failure code it has no text for", async () => {
    mockFetch({
      "GET /api/auth/session": jsonResponse(200, {
        user: makeUser({
          // A code newer than this app.
          identityFailureCode: "country_not_supported" as IdentityFailure,
          identityFailureReason: "Documents from this country are not supported.",
        }),
      }),
      [`GET /api/vessels/${PLATFORM_ID}`]: jsonResponse(200, makeDetail({}, owned)),
    });
    renderVessel();

    const item = await identityItem();
    expect(within(item).getByText("Not verified: Documents from this country are not supported.")).toBeInTheDocument();
    expect(within(item).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("Back from the identity provider (?verified=identity)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The owner's answers to GET /api/auth/session, one per call; the last one repeats. */
  function answersForMe(users: User[]) {
    let calls = 0;
    return () => jsonResponse(200, { user: users[Math.min(calls++, users.length - 1)] });
  }

  it("polls every 2 seconds with 'Checking status...', then toasts 'Identity Verified', stops and clears the query", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = makeUser({ identityVerificationStatus: "pending" });
    const verified = makeUser({ identityVerificationStatus: "verified" });
    let ownerVerification = makeOwnerVerification({ identity: "pending" });
    const fetchMock = mockFetch({
      "GET /api/auth/session": answersForMe([pending, pending, verified]),
      [`GET /api/vessels/${PLATFORM_ID}`]: () => jsonResponse(200, makeDetail({}, owned, 0, ownerVerification)),
    });
    renderVessel(`${VESSEL_PATH}?verified=identity`);

    expect(await screen.findByText("Checking status...")).toBeInTheDocument();
    expect(statusSaying("Checking status...")).toBeInTheDocument();
    expect(screen.getByText(`Address: ${VESSEL_PATH}?verified=identity`)).toBeInTheDocument();
    const first = meCalls(fetchMock);
    expect(first).toBeGreaterThanOrEqual(1);

    ownerVerification = makeOwnerVerification({ identity: "verified" });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(meCalls(fetchMock)).toBeGreaterThan(first);
    expect(screen.getByText("Checking status...")).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    const notifications = screen.getByRole("region", { name: /Notifications/ });
    expect(await within(notifications).findByText("Identity Verified")).toBeInTheDocument();
    expect(within(notifications).getByText("Your identity has been successfully verified!")).toBeInTheDocument();
    expect(screen.queryByText("Checking status...")).not.toBeInTheDocument();
    expect(await screen.findByText(`Address: ${VESSEL_PATH}`)).toBeInTheDocument();
    // The checklist follows the polled user; the status grid the refreshed vessel.
    expect(within(await identityItem()).getByText("Verified")).toBeInTheDocument();
    expect(await screen.findByRole("progressbar", { name: "Verification 50% complete" })).toBeInTheDocument();

    // Stopped.
    const settled = meCalls(fetchMock);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(meCalls(fetchMock)).toBe(settled);
  });

  it("gives up after 30 seconds, says the result will appear here, and stops polling", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({
      "GET /api/auth/session": answersForMe([makeUser({ identityVerificationStatus: "pending" })]),
      [`GET /api/vessels/${PLATFORM_ID}`]: jsonResponse(200, makeDetail({}, owned)),
    });
    renderVessel(`${VESSEL_PATH}?verified=identity`);

    expect(await screen.findByText("Checking status...")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByText("Checking status...")).toBeInTheDocument();
    const polled = meCalls(fetchMock);
    expect(polled).toBeGreaterThanOrEqual(14);

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(
      await screen.findByText("We have not received the result yet. It will appear here when it arrives."),
    ).toBeInTheDocument();
    expect(statusSaying("We have not received the result yet.")).toBeInTheDocument();
    expect(screen.queryByText("Checking status...")).not.toBeInTheDocument();
    expect(await screen.findByText(`Address: ${VESSEL_PATH}`)).toBeInTheDocument();

    const atTimeout = meCalls(fetchMock);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(meCalls(fetchMock)).toBe(atTimeout);
    expect(screen.queryByText("Identity Verified")).not.toBeInTheDocument();
  });

  it("stops and shows the reason when the check comes back failed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({
      "GET /api/auth/session": answersForMe([
        makeUser({ identityVerificationStatus: "pending" }),
        makeUser({ identityFailureCode: "selfie_mismatch", identityFailureReason: "The selfie does not match." }),
      ]),
      [`GET /api/vessels/${PLATFORM_ID}`]: jsonResponse(200, makeDetail({}, owned)),
    });
    renderVessel(`${VESSEL_PATH}?verified=identity`);

    expect(await screen.findByText("Checking status...")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));

    expect(await screen.findByText("Identity verification failed")).toBeInTheDocument();
    expect(alertSaying("Identity verification failed")).toHaveTextContent(
      "The selfie did not match the photo on the identity document.",
    );
    expect(screen.queryByText("Checking status...")).not.toBeInTheDocument();
    expect(within(await identityItem()).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(await screen.findByText(`Address: ${VESSEL_PATH}`)).toBeInTheDocument();

    const calls = meCalls(fetchMock);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(meCalls(fetchMock)).toBe(calls);
  });

  it("does not take an earlier check's failure for this one's", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const earlierFailure = makeUser({ identityFailureCode: "document_expired", identityFailureReason: "Expired." });
    mockFetch({
      "GET /api/auth/session": answersForMe([
        earlierFailure,
        earlierFailure,
        makeUser({ identityVerificationStatus: "verified" }),
      ]),
      [`GET /api/vessels/${PLATFORM_ID}`]: jsonResponse(200, makeDetail({}, owned)),
    });
    renderVessel(`${VESSEL_PATH}?verified=identity`);

    expect(await screen.findByText("Checking status...")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText("Checking status...")).toBeInTheDocument();
    expect(alertSaying("Identity verification failed")).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    const notifications = screen.getByRole("region", { name: /Notifications/ });
    expect(await within(notifications).findByText("Identity Verified")).toBeInTheDocument();
  });

  it("does not poll without the query flag", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({
      "GET /api/auth/session": jsonResponse(200, { user: makeUser({ identityVerificationStatus: "pending" }) }),
      [`GET /api/vessels/${PLATFORM_ID}`]: jsonResponse(200, makeDetail({}, owned)),
    });
    renderVessel();

    expect(await screen.findByText("Verification in progress")).toBeInTheDocument();
    expect(screen.queryByText("Checking status...")).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(meCalls(fetchMock)).toBe(1);
  });
});

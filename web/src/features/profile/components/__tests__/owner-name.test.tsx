import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { OwnerName } from "@/features/profile/components/owner-name";
import { jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { makeUser } from "@/test/vessels";

/** The JSON body of the `n`th request the page sent. */
function sentBody(fetchMock: ReturnType<typeof mockFetch>, n = 0): unknown {
  const body = fetchMock.mock.calls[n][1]?.body;
  return JSON.parse(typeof body === "string" ? body : "null");
}

describe("OwnerName", () => {
  it("saves a typed name, which certificates print as not verified", async () => {
    const user = userEvent.setup();
    const saved = makeUser({ name: "Jan de Vries", nameVerified: false });
    const fetchMock = mockFetch({ "PATCH /api/profile": jsonResponse(200, saved) });
    renderRoute(<OwnerName user={makeUser({ name: null })} />, { toaster: true });

    expect(screen.getByText("No name yet: certificates cannot be issued until you give one.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Enter the full name (at least 2 characters).")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("Full legal name"), "Jan de Vries");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect((await screen.findAllByText("Name saved")).length).toBeGreaterThan(0);
    expect(sentBody(fetchMock)).toEqual({ name: "Jan de Vries", ownerKind: "person", companyNumber: null });
  });

  it("asks a company for its registration number", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ "PATCH /api/profile": jsonResponse(200, makeUser()) });
    renderRoute(<OwnerName user={makeUser({ name: null })} />, { toaster: true });
    await user.click(screen.getByRole("radio", { name: "A company" }));
    await user.type(screen.getByLabelText("Company name"), "Zeilmakerij B.V.");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Enter the company's registration number.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Company registration number"), "KvK 12345678");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    await screen.findAllByText("Name saved");
    expect(sentBody(fetchMock)).toEqual({
      name: "Zeilmakerij B.V.",
      ownerKind: "company",
      companyNumber: "KvK 12345678",
    });
  });

  it("keeps a verified name read-only and changes it only through another identity check", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    const { href, origin, pathname, search, hash } = window.location;
    vi.stubGlobal("location", { href, origin, pathname, search, hash, assign });
    const fetchMock = mockFetch({
      "POST /api/identity/create-session": jsonResponse(200, { url: "https://verify.example/vs_1" }),
    });
    renderRoute(<OwnerName user={makeUser({ name: "Anna Visser", nameVerified: true })} />);
    expect(screen.getByText("Verified by identity check")).toBeInTheDocument();
    expect(screen.queryByLabelText("Full legal name")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Verify identity again" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://verify.example/vs_1"));
    expect(sentBody(fetchMock)).toEqual({});
  });

  it("lets a person never checked start an identity check here, as a lender with no vessel must", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    const { href, origin, pathname, search, hash } = window.location;
    vi.stubGlobal("location", { href, origin, pathname, search, hash, assign });
    const fetchMock = mockFetch({
      "POST /api/identity/create-session": jsonResponse(200, { url: "https://verify.example/vs_2" }),
    });
    renderRoute(
      <OwnerName user={makeUser({ name: "Bank Lender", nameVerified: false, identityVerificationStatus: "not_started" })} />,
    );
    await user.click(screen.getByRole("button", { name: "Verify Identity" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://verify.example/vs_2"));
    expect(sentBody(fetchMock)).toEqual({});
  });

  it("offers no second check while one is pending", () => {
    mockFetch({});
    renderRoute(<OwnerName user={makeUser({ name: "Bank Lender", identityVerificationStatus: "pending" })} />);
    expect(screen.queryByRole("button", { name: "Verify Identity" })).not.toBeInTheDocument();
  });
});

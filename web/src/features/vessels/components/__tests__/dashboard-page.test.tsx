import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Vessel } from "@/api/types";
import { DashboardPage } from "@/features/vessels/components/dashboard-page";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { makeUser, makeVessel } from "@/test/vessels";

function renderDashboard() {
  return renderRoute(<DashboardPage />, { path: "/dashboard", toaster: true });
}

function statValue(label: string) {
  return screen.getByText(label).parentElement!;
}

describe("DashboardPage", () => {
  it("asks signed-out visitors to sign in", async () => {
    mockFetch({ "GET /api/auth/me": jsonResponse(401, {}) });
    renderDashboard();
    expect(await screen.findByRole("heading", { name: "Authentication Required" })).toBeInTheDocument();
  });

  it("shows 'No Vessels Registered' with a way to register the first one", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(200, makeUser()),
      "GET /api/vessels/my/list": jsonResponse(200, []),
    });
    renderDashboard();
    expect(await screen.findByRole("heading", { name: "No Vessels Registered" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Register Your First Vessel" })).toHaveAttribute("href", "/register-vessel");
    expect(statValue("Registered Vessels")).toHaveTextContent("0");
  });

  it("shows the stats, one card per vessel with its status, and Transfer only for active vessels", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(200, makeUser()),
      "GET /api/vessels/my/list": jsonResponse(200, [
        makeVessel({ id: "v-new", platformId: "AAAA-BBBB-CCC1", name: "New Boat", status: "pending_payment", documentsCount: 0 }),
        makeVessel({ id: "v-1", name: "Sea Breeze", status: "active", documentsCount: 2 }),
        makeVessel({ id: "v-2", platformId: "AAAA-BBBB-CCC2", name: "Moving", status: "in_transfer", documentsCount: 1 }),
        makeVessel({ id: "v-3", platformId: "AAAA-BBBB-CCC3", name: "Old", status: "deactivated", documentsCount: 4 }),
      ]),
    });
    renderDashboard();

    const cards = await screen.findAllByRole("article");
    expect(cards).toHaveLength(4);
    expect(statValue("Registered Vessels")).toHaveTextContent("4");
    expect(statValue("Pending Transfers")).toHaveTextContent("1");
    expect(statValue("Documents Uploaded")).toHaveTextContent("7");
    expect(screen.getByRole("link", { name: "Register New Vessel" })).toHaveAttribute("href", "/register-vessel");

    const [pending, active, moving, old] = cards;
    expect(within(pending).getByText("Awaiting payment")).toBeInTheDocument();
    expect(within(pending).getByRole("link", { name: /Complete payment/ })).toHaveAttribute(
      "href",
      "/register-vessel?vessel=AAAA-BBBB-CCC1",
    );
    expect(within(active).queryByRole("link", { name: /Complete payment/ })).not.toBeInTheDocument();
    expect(within(active).getByText("Active")).toBeInTheDocument();
    expect(within(moving).getByText("In transfer")).toBeInTheDocument();
    expect(within(old).getByText("Deactivated")).toBeInTheDocument();

    expect(within(pending).queryByRole("button", { name: /Transfer/ })).not.toBeInTheDocument();
    expect(within(moving).queryByRole("button", { name: /Transfer/ })).not.toBeInTheDocument();
    expect(within(old).getByRole("checkbox", { name: "Publicly searchable" })).toBeDisabled();

    await userEvent.click(within(active).getByRole("button", { name: /Transfer/ }));
    expect(await screen.findByText("Navigated to /transfer/v-1")).toBeInTheDocument();
  });

  it("changes visibility and for-sale with PATCH and confirms with a toast", async () => {
    const sent: unknown[] = [];
    let vessel = makeVessel({ id: "v-1", publicVisibility: true, forSale: false });
    mockFetch({
      "GET /api/auth/me": jsonResponse(200, makeUser()),
      "GET /api/vessels/my/list": () => jsonResponse(200, [vessel]),
      "PATCH /api/vessels/v-1": (_url, init) => {
        // The toggles send only booleans (publicVisibility, forSale).
        const body = jsonBody(init) as Partial<Vessel>;
        sent.push(body);
        vessel = { ...vessel, ...body };
        return jsonResponse(200, vessel);
      },
    });
    renderDashboard();

    const forSale = await screen.findByRole("checkbox", { name: "For sale" });
    expect(forSale).not.toBeChecked();
    expect(screen.queryByText("For Sale")).not.toBeInTheDocument();
    await userEvent.click(forSale);
    expect((await screen.findAllByText("Sea Breeze is now marked as for sale.")).length).toBeGreaterThan(0);
    expect(screen.getByRole("checkbox", { name: "For sale" })).toBeChecked();
    expect(screen.getByText("For Sale")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("checkbox", { name: "Publicly searchable" }));
    expect((await screen.findAllByText("Sea Breeze is no longer publicly searchable.")).length).toBeGreaterThan(0);
    expect(screen.getByRole("checkbox", { name: "Publicly searchable" })).not.toBeChecked();
    // For sale but private: no 'For Sale' badge.
    expect(screen.queryByText("For Sale")).not.toBeInTheDocument();
    expect(sent).toEqual([{ forSale: true }, { publicVisibility: false }]);
  });

  it("reports a failed change with the server's message", async () => {
    mockFetch({
      "GET /api/auth/me": jsonResponse(200, makeUser()),
      "GET /api/vessels/my/list": jsonResponse(200, [makeVessel()]),
      "PATCH /api/vessels/v-1": jsonResponse(403, { message: "Only the owner can change this vessel.", code: "forbidden" }),
    });
    renderDashboard();
    await userEvent.click(await screen.findByRole("checkbox", { name: "For sale" }));
    expect((await screen.findAllByText("Only the owner can change this vessel.")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Update Failed").length).toBeGreaterThan(0);
    expect(screen.getByRole("checkbox", { name: "For sale" })).not.toBeChecked();
  });
});

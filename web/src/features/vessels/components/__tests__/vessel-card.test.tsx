import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { describe, expect, it, vi } from "vitest";
import i18n from "@/i18n";
import { VesselCard } from "@/features/vessels/components/vessel-card";
import { VesselStatusBadge } from "@/features/vessels/components/vessel-status-badge";
import { formatLengthCm } from "@/lib/format";
import { mockFetch, renderRoute } from "@/test/render";
import { makeVessel } from "@/test/vessels";

function renderCard(ui: ReactElement) {
  mockFetch({});
  return renderRoute(ui, { path: "/" });
}

describe("VesselCard", () => {
  it("shows the platform ID, name, make and model, year, flag and code, and the length in metres", () => {
    renderCard(<VesselCard vessel={makeVessel({ lengthCm: 1250 })} />);
    expect(screen.getByText("7KQ2-M9XD-4HTB")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Sea Breeze" })).toBeInTheDocument();
    expect(screen.getByText("Bavaria Cruiser 34")).toBeInTheDocument();
    expect(screen.getByText("2019")).toBeInTheDocument();
    // The flag is an image, decorative: the country's name is said once, by the hidden text.
    const code = screen.getByText("NL");
    expect(code.parentElement?.querySelector("img")).toHaveAttribute("alt", "");
    expect(code.parentElement?.querySelector("img")?.getAttribute("src")).toMatch(/nl\.svg/);
    expect(screen.getByText("Netherlands")).toHaveClass("sr-only");
    expect(screen.getByText("12.50 m")).toBeInTheDocument();
    expect(screen.getByText("Registered")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /View Details/ })).toHaveAttribute("href", "/registry/7KQ2-M9XD-4HTB");
  });

  it("says 'Verified' only when the server says the vessel is verified, else 'Registered' for an active vessel, each explained", () => {
    const verifiedHelp =
      "Verified: the owner has verified their email, mobile number and identity, and an administrator has verified at least one ownership document.";
    const registeredHelp = "Registered: the vessel is registered; its owner has not completed every verification yet.";

    const first = renderCard(<VesselCard vessel={makeVessel({ verified: true })} />);
    const verified = screen.getByText("Verified");
    expect(verified).toHaveAccessibleDescription(verifiedHelp);
    expect(verified).toHaveAttribute("title", verifiedHelp);
    expect(screen.queryByText("Registered")).not.toBeInTheDocument();
    first.unmount();

    const second = renderCard(<VesselCard vessel={makeVessel({ verified: false })} />);
    const registered = screen.getByText("Registered");
    expect(registered).toHaveAccessibleDescription(registeredHelp);
    expect(registered).toHaveAttribute("title", registeredHelp);
    expect(screen.queryByText("Verified")).not.toBeInTheDocument();
    second.unmount();

    // Still verified while its ownership is being transferred; neither badge for an unpaid vessel.
    const third = renderCard(<VesselCard vessel={makeVessel({ verified: true, status: "in_transfer" })} />);
    expect(screen.getByText("Verified")).toBeInTheDocument();
    third.unmount();
    renderCard(<VesselCard vessel={makeVessel({ verified: true, status: "pending_payment" })} />);
    expect(screen.queryByText("Verified")).not.toBeInTheDocument();
    expect(screen.queryByText("Registered")).not.toBeInTheDocument();
  });

  it("formats lengths as centimetres / 100 with 2 decimals and ' m' after a space that does not break", () => {
    expect(formatLengthCm(1250, "en")).toBe("12.50\u00a0m");
    expect(formatLengthCm(1099, "en")).toBe("10.99\u00a0m");
    expect(formatLengthCm(500, "en")).toBe("5.00\u00a0m");
    expect(formatLengthCm(123456, "en")).toBe("1234.56\u00a0m");
    expect(formatLengthCm(1250, "nl")).toBe("12,50\u00a0m");
    expect(formatLengthCm(1099, "de")).toBe("10,99\u00a0m");
  });

  it("shows 'For Sale' only when the vessel is for sale and public", () => {
    const { unmount } = renderCard(<VesselCard vessel={makeVessel({ forSale: true, publicVisibility: true })} />);
    expect(screen.getByText("For Sale")).toBeInTheDocument();
    unmount();

    renderCard(<VesselCard vessel={makeVessel({ id: "v-2", forSale: true, publicVisibility: false })} />);
    expect(screen.queryByText("For Sale")).not.toBeInTheDocument();
  });

  it("never shows 'For Sale' beside 'Ownership being transferred'", () => {
    renderCard(
      <VesselCard
        vessel={makeVessel({ forSale: true, publicVisibility: true, status: "in_transfer" })}
        badges={<VesselStatusBadge status="in_transfer" />}
      />,
    );
    expect(screen.getByText("Ownership being transferred")).toBeInTheDocument();
    expect(screen.queryByText("For Sale")).not.toBeInTheDocument();
  });

  it("hides 'For Sale' when the vessel is public but not for sale", () => {
    renderCard(<VesselCard vessel={makeVessel({ forSale: false, publicVisibility: true })} />);
    expect(screen.queryByText("For Sale")).not.toBeInTheDocument();
  });

  it("shows the ownership summary and document count when given", () => {
    renderCard(
      <VesselCard vessel={makeVessel({ ownershipSummary: "2 owners since 2019", documentsCount: 3 })} showDocumentsCount />,
    );
    expect(screen.getByText("2 owners since 2019")).toBeInTheDocument();
    expect(screen.getByText("3 documents")).toBeInTheDocument();
  });

  it("shows 'Transfer' only when actions are enabled and a handler is given", async () => {
    const onTransfer = vi.fn();
    const vessel = makeVessel();
    const { unmount } = renderCard(<VesselCard vessel={vessel} actionsEnabled onTransfer={onTransfer} />);
    await userEvent.click(screen.getByRole("button", { name: /Transfer/ }));
    expect(onTransfer).toHaveBeenCalledWith(vessel);
    unmount();

    const first = renderCard(<VesselCard vessel={vessel} onTransfer={onTransfer} />);
    expect(screen.queryByRole("button", { name: /Transfer/ })).not.toBeInTheDocument();
    first.unmount();

    renderCard(<VesselCard vessel={vessel} actionsEnabled />);
    expect(screen.queryByRole("button", { name: /Transfer/ })).not.toBeInTheDocument();
  });

  it("shows only the known one of make and model ('I don't know' stores 'unknown')", () => {
    const first = renderCard(<VesselCard vessel={makeVessel({ make: "Jeanneau", model: "unknown" })} />);
    expect(screen.getByText("Jeanneau")).toBeInTheDocument();
    expect(screen.queryByText(/Unknown/)).not.toBeInTheDocument();
    first.unmount();
    renderCard(<VesselCard vessel={makeVessel({ make: "unknown", model: "Sun Odyssey 349" })} />);
    expect(screen.getByText("Sun Odyssey 349")).toBeInTheDocument();
    expect(screen.queryByText(/Unknown/)).not.toBeInTheDocument();
  });

  it("says 'Make and model unknown' when neither is known, and 'Unnamed vessel' without a name", () => {
    renderCard(<VesselCard vessel={makeVessel({ make: "unknown", model: "unknown", lengthCm: null, name: null })} />);
    expect(screen.getByText("Make and model unknown")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Unnamed vessel" })).toBeInTheDocument();
    expect(i18n.language).toBe("en");
  });
});

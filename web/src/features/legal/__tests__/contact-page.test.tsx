import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Footer } from "@/components/layout/footer";
import { ContactPage } from "@/features/legal/components/contact-page";
import { jsonResponse, mockFetch, renderRoute } from "@/test/render";

describe("the contact page", () => {
  it("gives the registry's configured address and says what the registry can decide", async () => {
    mockFetch({ "GET /api/config/support": jsonResponse(200, { email: "disputes@registry.eu" }) });
    renderRoute(<ContactPage />, { path: "/contact" });
    expect(screen.getByRole("heading", { level: 1, name: "Contact the registry" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "disputes@registry.eu" })).toHaveAttribute(
      "href",
      "mailto:disputes@registry.eu",
    );
    expect(screen.getByText(/not proof of legal title under national law/)).toBeInTheDocument();
  });

  it("is linked from every page's footer", () => {
    renderRoute(<Footer />);
    expect(screen.getByRole("link", { name: "Contact & disputes" })).toHaveAttribute("href", "/contact");
  });
});

import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MailboxPage } from "@/features/devmailbox/components/mailbox-page";
import { jsonResponse, mockFetch, renderRoute } from "@/test/render";

describe("MailboxPage", () => {
  it("renders messages with clickable links", async () => {
    mockFetch({
      "GET /api/dev/mailbox": jsonResponse(200, [
        {
          id: "m1",
          channel: "email",
          to: "owner@example.test",
          subject: "Confirm your email",
          body: "Open http://127.0.0.1:8080/verify-email?token=abc. Thanks!",
          createdAt: "2025-03-01T10:00:00Z",
        },
      ]),
    });
    renderRoute(<MailboxPage />, { path: "/dev/mailbox" });
    expect(await screen.findByRole("heading", { name: "Confirm your email" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "http://127.0.0.1:8080/verify-email?token=abc" })).toHaveAttribute(
      "href",
      "http://127.0.0.1:8080/verify-email?token=abc",
    );
  });

  it("explains that the mailbox exists only in development mode", async () => {
    mockFetch({});
    renderRoute(<MailboxPage />, { path: "/dev/mailbox" });
    expect(await screen.findByText("The dev mailbox is only available in development mode.")).toBeInTheDocument();
  });
});

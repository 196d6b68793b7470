import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ContactOwnerDialog } from "@/features/vessels/components/contact-owner-dialog";
import { jsonBody, jsonResponse, mockFetch, renderRoute } from "@/test/render";
import { makeUser, makeVessel } from "@/test/vessels";

describe("ContactOwnerDialog", () => {
  it("sends the message with the reply address, checked first, and says it is on its way", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockFetch({
      "POST /api/vessels/7KQ2-M9XD-4HTB/contact": (_url, init) => {
        sent.push(jsonBody(init));
        return jsonResponse(202, { message: "Your message is on its way to the owner.", messageCode: "message_sent_to_owner" });
      },
    });
    renderRoute(<ContactOwnerDialog vessel={makeVessel({ forSale: true })} user={makeUser({ email: "visitor@example.org" })} />, {
      toaster: true,
    });
    await user.click(screen.getByRole("button", { name: "Contact the owner" }));
    expect(screen.getByLabelText("Your email, for the answer")).toHaveValue("visitor@example.org");
    await user.type(screen.getByLabelText("Your message"), "Hi");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Write 10 to 2,000 characters.")).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(screen.getByLabelText("Your message"), ", is it still for sale?");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect((await screen.findAllByText("Message sent")).length).toBeGreaterThan(0);
    expect(sent).toEqual([{ message: "Hi, is it still for sale?", replyTo: "visitor@example.org" }]);
  });
});

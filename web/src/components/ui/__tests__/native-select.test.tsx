import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { PhonePrefixSelect } from "@/components/forms/phone-prefix-select";
import { NativeSelect } from "@/components/ui/native-select";
import { COUNTRIES } from "@/test/vessels";

/** A country select that shows the chosen country's flag, as the registry's filters do. */
function CountryFilter() {
  const [code, setCode] = useState("");
  return (
    <label>
      Country
      <NativeSelect value={code} flag={code} onChange={(event) => setCode(event.target.value)}>
        <option value="">All</option>
        <option value="NL">Netherlands</option>
        <option value="DE">Germany</option>
        <option value="XX">Elsewhere</option>
      </NativeSelect>
    </label>
  );
}

describe("NativeSelect's flag", () => {
  it("shows no flag and no wrapper for a select of anything else", () => {
    const { container } = render(
      <NativeSelect aria-label="Status">
        <option>Active</option>
      </NativeSelect>,
    );
    expect(container.firstElementChild).toBe(screen.getByRole("combobox", { name: "Status" }));
    expect(container.querySelector("img")).toBeNull();
  });

  it("shows the chosen country's flag, decorative beside the name the select shows, on the same <select>", async () => {
    const { container } = render(<CountryFilter />);
    const select = screen.getByRole("combobox", { name: "Country" });
    expect(container.querySelector("img")).toBeNull();

    await userEvent.selectOptions(select, "NL");
    expect(screen.getByRole("combobox", { name: "Country" })).toBe(select);
    expect(select).toHaveFocus();
    const flag = container.querySelector("img");
    expect(flag).toHaveAttribute("alt", "");
    expect(flag?.getAttribute("src")).toMatch(/nl\.svg/);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(select).toHaveDisplayValue("Netherlands");

    await userEvent.selectOptions(select, "DE");
    expect(container.querySelector("img")?.getAttribute("src")).toMatch(/de\.svg/);

    await userEvent.selectOptions(select, "XX");
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("combobox", { name: "Country" })).toBe(select);
  });
});

describe("PhonePrefixSelect", () => {
  it("lists the dialling codes as text only", () => {
    render(<PhonePrefixSelect aria-label="Country code" countries={COUNTRIES} placeholder="Choose" />);
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Choose", "+31", "+49"]);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("names the chosen code's country by its flag, on the same <select>", () => {
    const props = { "aria-label": "Country code", countries: COUNTRIES, placeholder: "Choose" };
    const { rerender } = render(<PhonePrefixSelect {...props} selected="" />);
    const select = screen.getByRole("combobox", { name: "Country code" });
    expect(screen.queryByRole("img")).not.toBeInTheDocument();

    rerender(<PhonePrefixSelect {...props} selected="+49" />);
    expect(screen.getByRole("img", { name: "Germany" }).getAttribute("src")).toMatch(/de\.svg/);
    expect(screen.getByRole("combobox", { name: "Country code" })).toBe(select);

    rerender(<PhonePrefixSelect {...props} selected="+1" />);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Country code" })).toBe(select);
  });
});

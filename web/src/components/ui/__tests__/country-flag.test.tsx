import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { CountryFlag } from "@/components/ui/country-flag";
import { FLAGS } from "@/components/ui/flags";
import i18n from "@/i18n";
import { SUPPORTED_COUNTRY_CODES } from "@/lib/countries";

const ENGLISH = {
  NL: "Netherlands",
  DE: "Germany",
  FR: "France",
  ES: "Spain",
  IT: "Italy",
  BE: "Belgium",
  PL: "Poland",
  PT: "Portugal",
  GR: "Greece",
  HR: "Croatia",
  CH: "Switzerland",
};

const DUTCH = {
  NL: "Nederland",
  DE: "Duitsland",
  FR: "Frankrijk",
  ES: "Spanje",
  IT: "Italië",
  BE: "België",
  PL: "Polen",
  PT: "Portugal",
  GR: "Griekenland",
  HR: "Kroatië",
  CH: "Zwitserland",
};

/** The SVG files shipped in components/ui/flags, by path, as text. */
const FILES = import.meta.glob<string>("../flags/*.svg", { query: "?raw", import: "default", eager: true });

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("CountryFlag", () => {
  it.each(SUPPORTED_COUNTRY_CODES)("shows %s's flag as an image named by the country in English", (code) => {
    render(<CountryFlag code={code} />);
    const flag = screen.getByRole("img", { name: ENGLISH[code] });
    expect(flag.getAttribute("src")).toMatch(new RegExp(`${code.toLowerCase()}\\.svg`));
    expect(flag).toHaveAttribute("height", "14");
    expect(flag).toHaveAttribute("width", String(Math.round(14 * FLAGS[code].ratio)));
  });

  it.each(SUPPORTED_COUNTRY_CODES)("names %s's flag in the interface language (Dutch)", async (code) => {
    await i18n.changeLanguage("nl");
    render(<CountryFlag code={code} />);
    const flag = screen.getByRole("img", { name: DUTCH[code] });
    expect(flag.getAttribute("src")).not.toBe("");
  });

  it("takes a code in any case, and its height sets the width by the flag's proportions", () => {
    render(<CountryFlag code=" hr " height={20} />);
    const flag = screen.getByRole("img", { name: "Croatia" });
    expect(flag).toHaveAttribute("width", "40");
    expect(flag).toHaveAttribute("height", "20");
  });

  it("renders nothing, not a broken image, for a code it has no flag of", () => {
    for (const code of ["XX", "US", "", "N", "NLD"]) {
      const { container, unmount } = render(<CountryFlag code={code} />);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });

  it("is decorative (alt='') where the name is written beside it, so the name is said once", () => {
    const { container } = render(
      <span>
        <CountryFlag code="DE" decorative /> Germany
      </span>,
    );
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    const flag = container.querySelector("img");
    expect(flag).toHaveAttribute("alt", "");
    expect(flag).not.toHaveAttribute("title");
    expect(flag?.getAttribute("src")).toMatch(/de\.svg/);
  });

  it("ships exactly the eleven flags", () => {
    expect(Object.keys(FILES).sort()).toEqual(
      [...SUPPORTED_COUNTRY_CODES].map((code) => `../flags/${code.toLowerCase()}.svg`).sort(),
    );
  });

  it.each(SUPPORTED_COUNTRY_CODES)("ships %s's flag as a small SVG file with the flag's proportions", (code) => {
    const svg = FILES[`../flags/${code.toLowerCase()}.svg`];
    expect(svg.length).toBeLessThan(3 * 1024);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="/);
    const [, , width, height] = /viewBox="([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number);
    expect(width / height).toBeCloseTo(FLAGS[code].ratio, 5);
  });
});

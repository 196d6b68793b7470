import type { SupportedCountryCode } from "@/lib/countries";
import be from "./be.svg";
import ch from "./ch.svg";
import de from "./de.svg";
import es from "./es.svg";
import fr from "./fr.svg";
import gr from "./gr.svg";
import hr from "./hr.svg";
import it from "./it.svg";
import nl from "./nl.svg";
import pl from "./pl.svg";
import pt from "./pt.svg";

// The supported countries' flags, shipped with the app as SVG files (emoji flags show as empty
// boxes on Windows and in some Linux browsers). Vite turns each import into the file's URL
// (assetsInlineLimit 0: never a data: URL, for the server's CSP). `ratio` is the official
// width / height, so every flag keeps its own proportions at any height.

export type FlagImage = { src: string; ratio: number };

export const FLAGS: Record<SupportedCountryCode, FlagImage> = {
  NL: { src: nl, ratio: 3 / 2 },
  DE: { src: de, ratio: 5 / 3 },
  FR: { src: fr, ratio: 3 / 2 },
  ES: { src: es, ratio: 3 / 2 },
  IT: { src: it, ratio: 3 / 2 },
  BE: { src: be, ratio: 15 / 13 },
  PL: { src: pl, ratio: 8 / 5 },
  PT: { src: pt, ratio: 3 / 2 },
  GR: { src: gr, ratio: 3 / 2 },
  HR: { src: hr, ratio: 2 },
  CH: { src: ch, ratio: 1 },
};

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** The titles of the mounted components that name the page, by the order they first rendered in. */
const titles = new Map<number, string>();
let renders = 0;
const nextOrder = () => ++renders;

function showTitle() {
  let latest = -1;
  for (const order of titles.keys()) latest = Math.max(latest, order);
  const title = titles.get(latest);
  if (title !== undefined) document.title = title;
}

/**
 * Sets the page's `<title>` to `title · brand` (the brand alone for ""), in the reader's language.
 * A page may name itself at its top (for every state, signed out or loading included) and again in
 * a part that knows better ('Vessel Not Found'): the one rendered last, the innermost, wins,
 * whichever of them mounted or changed first.
 */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const brand = t("brand.name");
  const full = title ? `${title} · ${brand}` : brand;
  // Parents render before their children, so a later order is a part inside (or after) the others.
  const [order] = useState(nextOrder);
  useEffect(() => {
    titles.set(order, full);
    showTitle();
    return () => {
      titles.delete(order);
      showTitle();
    };
  }, [order, full]);
}

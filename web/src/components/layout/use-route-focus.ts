import { useEffect, useEffectEvent, useRef, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/** How long after a navigation the new page may take to show its heading; then <main> takes focus. */
export const HEADING_WAIT_MS = 10_000;
/** How long a heading already shown waits for the page's loading indicators to go. */
export const SETTLE_WAIT_MS = 3_000;

const FORM_CONTROL = "input, select, textarea, [contenteditable='true']";
const NATIVELY_FOCUSABLE = "a[href], button, input, select, textarea, [contenteditable='true']";

/**
 * After a client-side navigation to another page (a new pathname; not the first load, nor a change
 * of only the query string or hash, such as the registry's filters or a wizard's steps), moves focus
 * to the new page's main heading, the first <h1> in `main` (or the `#hash` target when there is
 * one), so that keyboard and screen-reader users start there and hear the page's name once.
 *
 * The page may render its heading later (a lazily loaded route, data still loading): it is awaited
 * with a MutationObserver, and while the page still shows a loading indicator (`aria-busy`, or a
 * status reading the loading text) it waits a little longer, so that a loading heading replaced by
 * the page's own is not announced twice. With no heading after HEADING_WAIT_MS, <main> takes
 * focus. Focus is left alone when the user or the page has moved it meanwhile.
 */
export function useRouteFocus(mainRef: RefObject<HTMLElement | null>) {
  const { pathname, hash } = useLocation();
  const { t } = useTranslation();
  const loadingText = t("common.loading");
  const shownPathname = useRef(pathname);

  const focusNewPage = useEffectEvent((main: HTMLElement) => focusWhenReady(main, targetId(hash), loadingText));

  useEffect(() => {
    // The first load keeps the browser's own focus; so does a change of only the query or hash.
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    const main = mainRef.current;
    if (!main) return;
    return focusNewPage(main);
  }, [pathname, mainRef]);
}

function targetId(hash: string): string | null {
  if (!hash || hash === "#") return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** Waits for the new page's heading and focuses it; returns what stops the wait. */
function focusWhenReady(main: HTMLElement, hashTarget: string | null, loadingText: string): () => void {
  const initial = document.activeElement;
  // The page has put focus in one of its fields already (autoFocus): leave it there.
  if (initial instanceof HTMLElement && initial !== main && main.contains(initial) && initial.matches(FORM_CONTROL)) {
    return () => {};
  }

  const started = Date.now();
  let headingSince: number | null = null;
  let done = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const observer = new MutationObserver(() => check());

  const stop = () => {
    done = true;
    observer.disconnect();
    for (const timer of timers) clearTimeout(timer);
  };

  // Someone (the user, a dialog, the page) has moved focus since the navigation.
  const focusMoved = () => {
    const active = document.activeElement;
    return active !== initial && active !== null && active !== document.body;
  };

  const target = (): HTMLElement | null => {
    if (hashTarget) {
      const anchored = document.getElementById(hashTarget);
      if (anchored && main.contains(anchored)) return anchored;
    }
    return main.querySelector("h1");
  };

  function check() {
    if (done) return;
    if (focusMoved()) {
      stop();
      return;
    }
    const now = Date.now();
    const heading = target();
    if (heading) {
      if (headingSince === null) {
        headingSince = now;
        timers.push(setTimeout(check, SETTLE_WAIT_MS));
      }
      if (!isLoading(main, loadingText) || now - headingSince >= SETTLE_WAIT_MS) {
        stop();
        focusQuietly(heading);
        return;
      }
    }
    if (now - started >= HEADING_WAIT_MS) {
      stop();
      focusQuietly(heading ?? main);
    }
  }

  observer.observe(main, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["aria-busy", "aria-label", "role"],
  });
  timers.push(setTimeout(check, HEADING_WAIT_MS));
  check();
  return stop;
}

/** The page still shows a loading indicator: something aria-busy, or a status saying it is loading. */
function isLoading(main: HTMLElement, loadingText: string): boolean {
  if (main.querySelector('[aria-busy="true"]')) return true;
  for (const status of main.querySelectorAll('[role="status"]')) {
    const label = status.getAttribute("aria-label") ?? status.textContent.trim();
    if (label === loadingText) return true;
  }
  return false;
}

/**
 * Focuses `element` without scrolling (the layout scrolls on navigation). An element that cannot
 * take focus gets tabindex="-1" until it loses focus again, so it never becomes a Tab stop and a
 * click on the heading's text later does not focus it. The global :focus-visible outline shows only
 * when the reader arrived by keyboard.
 */
function focusQuietly(element: HTMLElement) {
  if (!element.hasAttribute("tabindex") && !element.matches(NATIVELY_FOCUSABLE)) {
    element.setAttribute("tabindex", "-1");
    element.addEventListener("blur", () => element.removeAttribute("tabindex"), { once: true });
  }
  element.focus({ preventScroll: true });
}

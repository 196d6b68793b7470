import "@/index.css";

/**
 * The page's entry. The app's code runs once the browser has shown the page the server sent as
 * HTML (app/prerender.tsx): on a slow phone running it takes a few hundred milliseconds, which
 * the reader spends reading instead of looking at an empty page. Its files are fetched from the
 * start all the same: the build lists them in index.html as module preloads (vite.config.ts). A
 * page the app draws itself starts it at once.
 */
let started = false;
function start() {
  if (started) return;
  started = true;
  // React DOM first, then the app, each evaluated in a task of its own: in one go they held the
  // page for one long task (about 150 ms on a slow phone), in two a tap is answered in between.
  import("react-dom/client")
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import("@/app/main"))
    .catch(withoutTheApp);
}

/**
 * The app's code could not be fetched (no connection, or a new release replaced its files): a page
 * the server wrote stays readable and its links work, while its forms, which need the app, do not
 * send anything (the browser would put what they hold in the URL).
 */
function withoutTheApp() {
  const root = document.getElementById("root");
  if (!root?.hasAttribute("inert")) return;
  root.querySelectorAll("form").forEach((form) => form.addEventListener("submit", (event) => event.preventDefault()));
  root.removeAttribute("inert");
}

if (document.getElementById("root")?.firstElementChild && "PerformanceObserver" in window) {
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
  // A page that is not being shown (a tab opened in the background) paints nothing until it is.
  setTimeout(start, 1000);
} else {
  start();
}

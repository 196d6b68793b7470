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
  void import("@/app/main");
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

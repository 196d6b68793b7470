/**
 * Whether the server sent this page as HTML (app/prerender.tsx), read once when the app's code
 * loads, before React replaces or takes over what the root holds. Never in the build's prerender.
 */
export const pageWrittenByServer = typeof document !== "undefined" && !!document.getElementById("root")?.firstElementChild;

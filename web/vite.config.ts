/// <reference types="vitest/config" />
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // The server's message catalogue, which the app reads for the text of a server message's code.
      "@server-messages": fileURLToPath(new URL("../server/messages", import.meta.url)),
    },
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      // The offline card processor's authentication page is served by the server.
      "/payments": { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    // The server applies a strict CSP (script-src/style-src/font-src 'self'): emit every asset
    // as a file rather than a data: URL, and skip the module-preload polyfill (modern
    // browsers only; it is not needed and keeps the entry chunk to our own code).
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    restoreMocks: true,
  },
});

import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";
import { AppProviders } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import { AppRoutes } from "@/app/router";
import { Toaster } from "@/components/ui/toaster";

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown, statusText = ""): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { "Content-Type": "application/json" },
  });
}

/** Renders the whole app (layout and routes) at `path`. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The URL a fetch call was made with. */
export function urlOf(input: RequestInfo | URL): string {
  return typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
}

/** The parsed JSON body a fetch call sent (the app always sends JSON as a string). */
export function jsonBody(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== "string") throw new Error("expected a JSON request body");
  return JSON.parse(init.body);
}

/**
 * Replaces fetch with a handler keyed by "METHOD /path"; unknown calls answer 404.
 * Returns the mock so tests can inspect the calls made.
 */
export function mockFetch(routes: Partial<Record<string, Handler | Response>>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const method = (init?.method ?? "GET").toUpperCase();
    const path = new URL(url, "http://localhost").pathname;
    const route = routes[`${method} ${path}`];
    if (!route) return jsonResponse(404, { message: "Not found", code: "not_found" });
    return typeof route === "function" ? route(url, init) : route.clone();
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** Stands in for every other route, saying where the app navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <p>Navigated to {location.pathname}</p>;
}

/** Renders `ui` at `path` (matched by `routePath`, default its pathname) with a fresh query client. */
export function renderRoute(
  ui: ReactElement,
  {
    path = "/",
    routePath,
    toaster = false,
    ...options
  }: { path?: string; routePath?: string; toaster?: boolean } & RenderOptions = {},
) {
  const ownPath = routePath ?? new URL(path, "http://localhost").pathname;
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={ownPath} element={ui} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
        {toaster ? <Toaster /> : null}
      </MemoryRouter>
    </AppProviders>,
    options,
  );
  return { ...result, queryClient };
}

import type { ErrorBody } from "@/api/types";

/**
 * Raised for every non-OK response. `message` follows the spec (section 7):
 * "<status>: <response text, or the status text when the body is empty>".
 * When the body is our JSON error envelope it is also available, parsed, as `body`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;

  constructor(status: number, statusText: string, responseText: string) {
    super(`${status}: ${responseText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = parseErrorBody(responseText);
  }
}

function parseErrorBody(text: string): ErrorBody | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === "object" && typeof (value as ErrorBody).message === "string") {
      return value as ErrorBody;
    }
  } catch {
    // Not JSON: the text stays in `message` only.
  }
  return null;
}

export type ApiInit = Omit<RequestInit, "body"> & {
  /** Sent as a JSON body with the matching Content-Type. */
  json?: unknown;
  body?: BodyInit | null;
};

/** Fetches a same-origin API path with cookies, sending and receiving JSON. */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, headers, body, ...rest } = init;
  const finalHeaders = new Headers(headers);
  if (!finalHeaders.has("Accept")) finalHeaders.set("Accept", "application/json");
  if (json !== undefined) finalHeaders.set("Content-Type", "application/json");

  const response = await fetch(path, {
    ...rest,
    credentials: "include",
    headers: finalHeaders,
    body: json !== undefined ? JSON.stringify(json) : body,
  });

  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiError(response.status, response.statusText, text);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The server's human-readable message when there is one, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body?.message) return err.body.message;
  return fallback;
}

/** Field errors from a 422 envelope, or an empty object. */
export function fieldErrors(err: unknown): Record<string, string[]> {
  if (err instanceof ApiError && err.body?.fields) return err.body.fields;
  return {};
}

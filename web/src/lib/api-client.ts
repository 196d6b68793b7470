import type { ErrorBody } from "@/api/types";
import i18n from "@/i18n";

/**
 * Raised for every non-OK response. `message` follows the spec (section 7):
 * "<status>: <response text, or the status text when the body is empty>".
 * When the body is our JSON error envelope it is also available, parsed, as `body`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  /** Seconds from the `Retry-After` header (429, 503): when the request may be tried again. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, statusText: string, responseText: string, retryAfter?: string | null) {
    super(`${status}: ${responseText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = parseErrorBody(responseText);
    this.retryAfterSeconds = parseRetryAfter(retryAfter);
  }
}

/** `Retry-After` in seconds; the HTTP-date form is read as the seconds until that date. */
function parseRetryAfter(value: string | null | undefined): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
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

/**
 * Asks the person to prove again who they are (their password or a passkey) and resolves whether
 * they did. The app registers one (the auth feature's dialog); without one, nobody is asked.
 */
export type ReauthenticationHandler = () => Promise<boolean>;

let reauthenticationHandler: ReauthenticationHandler | null = null;
/** The question being asked, which every request refused meanwhile waits for: one dialog, not one each. */
let reauthenticating: Promise<boolean> | null = null;

/**
 * Registers what answers a `reauthentication_required` refusal (docs/ACCOUNTS.md): the request is
 * repeated once if the handler resolves true. Returns a function that unregisters it.
 */
export function setReauthenticationHandler(handler: ReauthenticationHandler | null): () => void {
  reauthenticationHandler = handler;
  return () => {
    if (reauthenticationHandler === handler) reauthenticationHandler = null;
  };
}

/** Whether the server refused a sensitive action because the session's sign-in is not recent. */
export function needsReauthentication(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403 && err.body?.code === "reauthentication_required";
}

function reauthenticate(): Promise<boolean> {
  const handler = reauthenticationHandler;
  if (!handler) return Promise.resolve(false);
  reauthenticating ??= handler()
    .catch(() => false)
    .finally(() => {
      reauthenticating = null;
    });
  return reauthenticating;
}

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  return new ApiError(response.status, response.statusText, text, response.headers.get("Retry-After"));
}

/**
 * Sends a request; if the server asks for a recent sign-in, asks the person (the registered
 * handler) and, once they have signed in again, sends the same request once more. The caller
 * simply waits meanwhile, so what was typed into the form that sent it stays. A refusal that is
 * not answered (no handler, or the person cancels) is the first answer's ApiError.
 */
async function send(request: () => Promise<Response>): Promise<Response> {
  const response = await request();
  if (response.ok) return response;
  const error = await errorOf(response);
  if (!needsReauthentication(error) || !(await reauthenticate())) throw error;
  const again = await request();
  if (!again.ok) throw await errorOf(again);
  return again;
}

/** Fetches a same-origin API path with cookies, sending and receiving JSON. */
export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, headers, body, ...rest } = init;
  const finalHeaders = new Headers(headers);
  if (!finalHeaders.has("Accept")) finalHeaders.set("Accept", "application/json");
  // The server writes its messages (and emails to a new account) in the reader's language.
  if (!finalHeaders.has("Accept-Language") && i18n.language) finalHeaders.set("Accept-Language", i18n.language);
  if (json !== undefined) finalHeaders.set("Content-Type", "application/json");
  // A string (JSON) or FormData body can be sent again as it is.
  const sentBody = json !== undefined ? JSON.stringify(json) : body;

  const response = await send(() =>
    fetch(path, {
      ...rest,
      credentials: "include",
      headers: finalHeaders,
      body: sentBody,
    }),
  );
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file the API answered with: its bytes, the name from `Content-Disposition` (if any) and the headers. */
export type DownloadedFile = { blob: Blob; fileName: string | null; headers: Headers };

/**
 * Fetches a same-origin API path that answers with a file (a PDF, say) with cookies; errors are
 * the same `ApiError` as `apiFetch`'s, so the server's message can be shown instead of saving it.
 */
export async function apiDownload(path: string, init: Omit<RequestInit, "body"> = {}): Promise<DownloadedFile> {
  // The server writes a PDF's words in the language the reader chose here
  // (<html lang> follows it), not the browser's default.
  const headers = new Headers(init.headers);
  const lang = document.documentElement.lang;
  if (lang && !headers.has("Accept-Language")) headers.set("Accept-Language", lang);
  const response = await send(() => fetch(path, { ...init, headers, credentials: "include" }));
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get("Content-Disposition")), headers: response.headers };
}

/** `attachment; filename="certificate-7KQ2M9XD4HTB.pdf"` -> "certificate-7KQ2M9XD4HTB.pdf". */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // Badly encoded: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || null;
}

/**
 * The text of a server message code in the reader's language (the server's catalogue, under
 * `server.`), or `sent` (the server's own text) for a code this app does not know. A text whose
 * placeholders the server did not send values for is left to the server too.
 */
export function serverText(code: string | null | undefined, sent: string, args?: Record<string, string> | null): string {
  if (!code) return sent;
  const key = `server.${code}`;
  const plural = args?.count !== undefined ? `${key}_other` : key;
  if (!i18n.exists(key) && !i18n.exists(plural)) return sent;
  const values: Record<string, string | number> = { ...args };
  if (args?.count !== undefined) values.count = Number(args.count);
  const text = i18n.t(key, values);
  return text.includes("{{") ? sent : text;
}

/** The server's message in the reader's language when there is one, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body?.message) {
    return serverText(err.body.messageCode, err.body.message, err.body.args);
  }
  return fallback;
}

/** How many seconds the server asked to wait before trying again (429), or null. */
export function retryAfterSeconds(err: unknown): number | null {
  return err instanceof ApiError ? err.retryAfterSeconds : null;
}

/** Field errors from a 422 envelope, or an empty object. */
export function fieldErrors(err: unknown): Record<string, string[]> {
  if (!(err instanceof ApiError) || !err.body?.fields) return {};
  const codes: Partial<Record<string, string[]>> = err.body.fieldCodes ?? {};
  return Object.fromEntries(
    Object.entries(err.body.fields).map(([field, messages]) => [
      field,
      messages.map((message, i) => serverText(codes[field]?.[i], message)),
    ]),
  );
}

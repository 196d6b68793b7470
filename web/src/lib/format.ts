/**
 * `Intl` formatters are costly to build (the first one in a page loads the locale's data) and the
 * pages format many values with a handful of option sets, so each is built once and kept.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function kept<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept("number", locale, options, () => new Intl.NumberFormat(locale, options));
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept("date", locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** Euro amount from integer cents, e.g. 2495 -> "€24.95" (en) / "24,95 €" (nl, de, fr, es, it). */
export function formatEuroCents(cents: number, locale: string): string {
  return formatMoneyCents(cents, "EUR", locale);
}

/**
 * The amount as `Intl` writes it in `locale`, with the symbol moved after the number in every
 * language but English: Dutch `Intl` writes "€ 24,95", the registry writes "24,95 €" in all five
 * continental languages alike (issue 13), which is what the other four get from `Intl` anyway.
 */
function currencyAmount(format: Intl.NumberFormat, value: number, locale: string): string {
  if (new Intl.Locale(locale).language === "en") return format.format(value);
  const parts = format.formatToParts(value);
  const symbol = parts.filter((p) => p.type === "currency").map((p) => p.value);
  const amount = parts.filter((p) => p.type !== "currency" && p.type !== "literal").map((p) => p.value);
  return `${amount.join("")}\u00a0${symbol.join("")}`;
}

export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}

/** Short month, day, year (spec section 9), with the time when asked. */
export function formatDate(iso: string, locale: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale, {
    month: "short",
    day: "numeric",
    year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
  }).format(date);
}

export const REGISTRATION_FEE_CENTS = 2495;
export const TRANSFER_FEE_CENTS = 995;

/**
 * A length in centimetres shown in metres with 2 decimals (spec section 9) and the unit after a
 * space that does not break, as the SI writes it: 1250 -> "12.50 m" (en) / "12,50 m" (nl, de).
 */
export function formatLengthCm(lengthCm: number, locale: string): string {
  const metres = numberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(lengthCm / 100);
  return `${metres}\u00a0m`;
}

/**
 * An engine's power in kilowatts with at most one decimal (as the registry keeps it) and the unit
 * after a space that does not break: 29.4 -> "29.4 kW" (en) / "29,4 kW" (nl, de, fr, es, it).
 */
export function formatPowerKw(kw: number, locale: string): string {
  return `${numberFormat(locale, { maximumFractionDigits: 1 }).format(kw)}\u00a0kW`;
}

/**
 * A decimal number as a person types it, with a point or (as in de, fr, es, it and nl) a comma:
 * "29.4" and "29,4" -> 29.4; null when empty, NaN when it is not such a number. No thousands
 * separators: "1.250" would mean different things in different languages.
 */
export function parseDecimalInput(text: string): number | null {
  const value = text.trim();
  if (value === "") return null;
  if (!/^\d+(?:[.,]\d+)?$/.test(value)) return Number.NaN;
  return Number(value.replace(",", "."));
}

/** A number as a decimal field shows it for editing, in the reader's locale: 29.4 -> "29.4" (en) / "29,4" (de). */
export function formatDecimalInput(value: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 1, useGrouping: false }).format(value);
}

/** The word "unknown" the API uses for a value the owner does not know. */
export const UNKNOWN = "unknown";

/**
 * A vessel's make and model as far as they are known: "Jeanneau" when the owner did not know the
 * model ('I don't know' stores "unknown"), null when neither is known.
 */
export function knownMakeModel(make: string, model: string): string | null {
  const known = [make, model].map((v) => v.trim()).filter((v) => v !== "" && v.toLowerCase() !== UNKNOWN);
  return known.length > 0 ? known.join(" ") : null;
}

/**
 * A file size in kilobytes (1 KB = 1024 bytes) with at most one decimal, as the upload queue and
 * document lists show it: 2048 -> "2 KB", 1536 -> "1.5 KB" (en) / "1,5 KB" (nl). A file that is
 * not empty never shows as "0 KB": anything under 0.1 KB shows as 0.1 KB.
 */
export function formatKilobytes(bytes: number, locale: string): string {
  const value = bytes > 0 ? Math.max(bytes / 1024, 0.1) : 0;
  const kb = numberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return `${kb} KB`;
}

/** An amount from integer cents in its currency, in the reader's locale: (2495, "EUR") -> "€24.95" (en) / "24,95 €" (nl). */
export function formatMoneyCents(cents: number, currency: string, locale: string): string {
  const code = currency.trim().toUpperCase() || "EUR";
  try {
    return currencyAmount(numberFormat(locale, { style: "currency", currency: code }), cents / 100, locale);
  } catch {
    // Not a currency Intl knows: the amount with the code after it.
    return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)} ${code}`;
  }
}

// Lighthouse (mobile profile, simulated throttling: its defaults) on the landing page, the
// registry, a public vessel page and the sign-in page of a running server, driving Debian's
// Chromium. Prints the four category scores of each page and exits non-zero when any is
// below 95. Usage: node audit.mjs http://127.0.0.1:PORT (scripts/audit.sh starts the server).
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../web/e2e/chromium.mjs";

const MINIMUM = 95;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const base = (process.argv[2] ?? "http://127.0.0.1:8080").replace(/\/+$/, "");

const search = await fetch(`${base}/api/vessels/search?pageSize=1`).then((r) => r.json());
const vessel = search.data?.[0]?.platformId;
if (!vessel) throw new Error(`no public vessel to audit: ${JSON.stringify(search).slice(0, 200)}`);
const pages = ["/", "/registry", `/registry/${vessel}`, "/login"];

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});
const failures = [];
try {
  console.log(`${"page".padEnd(28)} ${CATEGORIES.map((c) => c.padStart(15)).join("")}`);
  for (const path of pages) {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // AUDIT_REPORT_DIR=/some/dir keeps each page's full report (JSON) for a closer look.
    if (process.env.AUDIT_REPORT_DIR) {
      const name = path.replace(/[^A-Za-z0-9]+/g, "_") || "_";
      mkdirSync(process.env.AUDIT_REPORT_DIR, { recursive: true });
      writeFileSync(`${process.env.AUDIT_REPORT_DIR}/${name}.json`, JSON.stringify(lhr));
    }
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    console.log(`${path.padEnd(28)} ${scores.map((s) => String(s).padStart(15)).join("")}`);
    CATEGORIES.forEach((category, i) => {
      if (scores[i] >= MINIMUM) return;
      const failing = lhr.categories[category].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
        .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
      failures.push(`${path} ${category} ${scores[i]} < ${MINIMUM}: ${failing.join(", ")}`);
    });
  }
} finally {
  await chrome.kill();
}
if (failures.length > 0) {
  console.error(failures.join("\n"));
  process.exit(1);
}

// Fails (exit 1) when src/api/schema.d.ts is not what openapi-typescript generates from
// openapi.json, i.e. when the generated API types are stale. Fix with `npm run gen:api`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const committed = join(root, "src", "api", "schema.d.ts");
const dir = mkdtempSync(join(tmpdir(), "registry-api-"));
const fresh = join(dir, "schema.d.ts");

try {
  const bin = join(root, "node_modules", ".bin", "openapi-typescript");
  const run = spawnSync(bin, ["openapi.json", "-o", fresh], { cwd: root, encoding: "utf8" });
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    console.error("check:api: openapi-typescript failed");
    process.exit(1);
  }
  let current = "";
  try {
    current = readFileSync(committed, "utf8");
  } catch {
    console.error("check:api: src/api/schema.d.ts is missing; run `npm run gen:api`");
    process.exit(1);
  }
  if (current !== readFileSync(fresh, "utf8")) {
    console.error("check:api: src/api/schema.d.ts is stale relative to openapi.json; run `npm run gen:api`");
    process.exit(1);
  }
  console.log("check:api: src/api/schema.d.ts is up to date");
} finally {
  rmSync(dir, { recursive: true, force: true });
}

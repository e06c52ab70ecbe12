/**
 * `npm start`: builds the storefront when the build is missing or older than its sources, then
 * runs the production server. One command from a fresh clone to a running shop.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

process.env.NODE_ENV ??= "production";
const root = resolve(import.meta.dirname, "..");
const buildEntry = resolve(root, process.env.COMPTOIR_BUILD_DIR ?? "build", "server/index.js");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ["app", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
const sourcesChanged = () =>
  Math.max(...sources.map((source) => newestMtime(join(root, source)))) >
  statSync(buildEntry).mtimeMs;

if (!existsSync(buildEntry) || sourcesChanged()) {
  console.log("Building the storefront…");
  const cli = join(root, "node_modules/@react-router/dev/bin.cjs");
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../server/main.ts");

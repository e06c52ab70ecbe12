import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCTION_NODE_FLAGS } from "./serve.ts";

const root = resolve(import.meta.dirname, "..");
const read = (path: string) => readFileSync(resolve(root, path), "utf8");

describe("the benches' server runs as production does", () => {
  it("with the V8 flags that npm start gives it", () => {
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    expect(scripts.start).toBe(`node ${PRODUCTION_NODE_FLAGS.join(" ")} scripts/start.ts`);
  });

  it("and that the systemd unit gives it", () => {
    expect(read("deploy/comptoir.service")).toContain(
      `\nEnvironment=NODE_OPTIONS=${PRODUCTION_NODE_FLAGS.join(" ")}\n`,
    );
  });
});

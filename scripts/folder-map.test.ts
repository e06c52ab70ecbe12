/**
 * docs/architecture.md's folder map ("Folders") against the tree: every folder that holds code,
 * and every top-level folder, has its line; every line names a folder that exists; and no folder
 * of `app/` or `platform/` holds more than 25 source files at its top level (issue 46).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const MAX_SOURCE_FILES = 25;
const CODE_ROOTS = ["app", "platform", "server", "db", "seed", "scripts", "bench", "e2e"];

/** The folders `git` tracks files in, repository-relative, without `.` and hidden ones. */
function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => file && !file.startsWith("."));
}

/** The folders the map must name: those holding code, and the repository's top-level ones. */
function foldersToMap(files: readonly string[]): Set<string> {
  const folders = new Set<string>();
  for (const file of files) {
    const folder = dirname(file);
    if (folder === ".") continue;
    folders.add(folder.split("/")[0] ?? folder);
    const top = folder.split("/")[0] ?? "";
    if (CODE_ROOTS.includes(top) && /\.tsx?$/.test(file)) {
      // Every folder between the root and the file holds code below it.
      const parts = folder.split("/");
      for (let depth = 1; depth <= parts.length; depth++) {
        folders.add(parts.slice(0, depth).join("/"));
      }
    }
  }
  return folders;
}

/** The folders named by the map: each list item's first code span that ends with a slash. */
function mappedFolders(markdown: string): Set<string> {
  const section = /\n## Folders\n([\s\S]*?)\n## /.exec(markdown)?.[1] ?? "";
  const folders = new Set<string>();
  for (const match of section.matchAll(/^\s*- `([^`]+)\/`/gm)) {
    const folder = match[1] ?? "";
    // `app/components/<feature>/` introduces the feature folders listed under it.
    if (!folder.includes("<")) folders.add(folder);
  }
  return folders;
}

/** Source files a folder's top level counts: not tests, test helpers or generated files. */
function countsAsSource(file: string): boolean {
  const name = file.slice(file.lastIndexOf("/") + 1);
  if (!/\.tsx?$/.test(name) || name.endsWith(".d.ts")) return false;
  if (/\.test\.tsx?$/.test(name) || /\.generated\.ts$/.test(name)) return false;
  return !/(^|-)testing\.ts$/.test(name);
}

describe("the folder map", () => {
  it("reads the folders a tree needs and the map names", () => {
    expect(
      [...foldersToMap(["app/lib/cart/cart.ts", "docs/decisions/001.md", "README.md"])].sort(),
    ).toEqual(["app", "app/lib", "app/lib/cart", "docs"]);
    expect([
      ...mappedFolders(
        "\n## Folders\n\n- `app/` — x\n  - `app/components/<feature>/` — y\n  - `app/lib/` — z\n## Next\n- `no/`",
      ),
    ]).toEqual(["app", "app/lib"]);
    expect(countsAsSource("app/lib/cart/cart.ts")).toBe(true);
    expect(countsAsSource("app/lib/cart/cart.test.ts")).toBe(false);
    expect(countsAsSource("app/lib/storefront.generated.ts")).toBe(false);
    expect(countsAsSource("platform/commerce/graphql/cart-testing.ts")).toBe(false);
    expect(countsAsSource("platform/commerce/graphql/cart.graphql")).toBe(false);
  });

  it("names every folder of the tree, and only folders that exist", () => {
    const markdown = readFileSync(resolve(root, "docs/architecture.md"), "utf8");
    const mapped = mappedFolders(markdown);
    const needed = foldersToMap(trackedFiles());
    const existing = new Set(trackedFiles().flatMap((file) => ancestors(dirname(file))));
    expect([...needed].filter((folder) => !mapped.has(folder)).sort()).toEqual([]);
    expect([...mapped].filter((folder) => !existing.has(folder)).sort()).toEqual([]);
  });

  it(`keeps at most ${MAX_SOURCE_FILES} source files at the top of each folder of app/ and platform/`, () => {
    const counts = new Map<string, number>();
    for (const file of trackedFiles()) {
      if (!/^(app|platform)\//.test(file) || !countsAsSource(file)) continue;
      const folder = dirname(file);
      counts.set(folder, (counts.get(folder) ?? 0) + 1);
    }
    const crowded = [...counts].filter(([, count]) => count > MAX_SOURCE_FILES);
    expect(crowded).toEqual([]);
  });
});

function ancestors(folder: string): string[] {
  const parts = folder.split("/");
  return parts.map((_, index) => parts.slice(0, index + 1).join("/"));
}

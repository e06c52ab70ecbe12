import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cpuTicksOf, vclFor } from "./front.ts";

const shipped = readFileSync(
  resolve(import.meta.dirname, "../deploy/varnish/comptoir.vcl"),
  "utf8",
);

describe("the bench's shared cache", () => {
  it("sends every backend of the shipped VCL to the bench's shop, and nothing else changes", () => {
    const vcl = vclFor(shipped, 3200);
    expect(vcl).not.toMatch(/\.port = "300[0-2]";/);
    expect(vcl).toContain('.port = "3200";');
    expect(vcl.replaceAll('.port = "3200";', "")).toBe(
      shipped.replaceAll(/\.port = "300[0-2]";/g, ""),
    );
  });

  it("takes one backend or a director's two, and says so when the file holds neither", () => {
    const token = '"change-this-purge-token"';
    expect(vclFor(`.port = "3000"; ${token}`, 9)).toBe(`.port = "9"; ${token}`);
    expect(vclFor(`.port = "3001"; .port = "3002"; ${token}`, 9)).toBe(
      `.port = "9"; .port = "9"; ${token}`,
    );
    expect(() => vclFor(`.port = "8080"; ${token}`, 9)).toThrow(/no longer holds/);
    expect(() => vclFor('.port = "3000";', 9)).toThrow(/no longer holds/);
  });
});

describe("a process's CPU time from /proc", () => {
  it("reads utime and stime past a command name holding spaces and parentheses", () => {
    const stat =
      "4242 (node (bench) x) S 1 4242 4242 0 -1 4194560 900 0 0 0 1234 567 0 0 20 0 11 0 100 0";
    expect(cpuTicksOf(stat)).toBe(1234 + 567);
  });
});

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { varnishConfig } from "./varnish.ts";

const shipped = readFileSync(
  resolve(import.meta.dirname, "../deploy/varnish/comptoir.vcl"),
  "utf8",
);

describe("the shipped VCL as the tests and benches run it", () => {
  it("sends each backend to its port and takes the token, and nothing else changes", () => {
    const vcl = varnishConfig([3200, 3201], "a-token");
    expect(vcl).not.toMatch(/\.port = "300[12]";/);
    expect(vcl).toContain('.port = "3200";');
    expect(vcl).toContain('.port = "3201";');
    expect(vcl).toContain('"a-token"');
    expect(
      vcl.replaceAll(/\.port = "320[01]";/g, "").replace('"a-token"', '"change-this-purge-token"'),
    ).toBe(shipped.replaceAll(/\.port = "300[12]";/g, ""));
  });

  it("says so when the file no longer holds the backends or the token", () => {
    const token = '"change-this-purge-token"';
    expect(varnishConfig([9, 9], "t", `.port = "3001"; .port = "3002"; ${token}`)).toBe(
      '.port = "9"; .port = "9"; "t"',
    );
    expect(() => varnishConfig([9, 9], "t", `.port = "8080"; ${token}`)).toThrow(/no longer holds/);
    expect(() => varnishConfig([9, 9], "t", '.port = "3001"; .port = "3002";')).toThrow(
      /no longer holds/,
    );
  });
});

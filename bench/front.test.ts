import { describe, expect, it } from "vitest";
import { cpuTicksOf } from "./front.ts";

describe("a process's CPU time from /proc", () => {
  it("reads utime and stime past a command name holding spaces and parentheses", () => {
    const stat =
      "4242 (node (bench) x) S 1 4242 4242 0 -1 4194560 900 0 0 0 1234 567 0 0 20 0 11 0 100 0";
    expect(cpuTicksOf(stat)).toBe(1234 + 567);
  });
});

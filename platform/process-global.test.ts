import { describe, expect, it, vi } from "vitest";
import { processGlobal } from "./process-global.ts";

describe("processGlobal", () => {
  it("makes the value once and gives every caller of that name the same one", () => {
    const create = vi.fn(() => new Map<string, number>());
    const first = processGlobal("test.processGlobal", create);
    expect(processGlobal("test.processGlobal", create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
    expect(processGlobal("test.processGlobal.other", () => 0)).toBe(0);
  });
});

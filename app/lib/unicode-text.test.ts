import { describe, expect, it } from "vitest";
import { readJsonInNfc } from "./unicode-text.ts";

describe("service answers read in NFC", () => {
  it("compose decomposed accents in every string of the JSON, keys and values", async () => {
    const decomposed = {
      title: "Le goût des bonnes choses".normalize("NFD"),
      ["créneau".normalize("NFD")]: ["Choisissez un créneau".normalize("NFD")],
    };
    const text = JSON.stringify(decomposed);
    expect(text).toMatch(/\u0302/);
    const read = await readJsonInNfc<Record<string, unknown>>(new Response(text));
    expect(read).toEqual({
      title: "Le goût des bonnes choses",
      créneau: ["Choisissez un créneau"],
    });
    expect(JSON.stringify(read)).not.toMatch(/[\u0300-\u036f]/);
  });

  it("fail on an answer that is not JSON, as response.json() does", async () => {
    await expect(readJsonInNfc(new Response("<html>"))).rejects.toThrow(SyntaxError);
  });
});

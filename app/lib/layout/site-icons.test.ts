import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BACKGROUND_COLOUR, THEME_COLOUR, webManifest } from "./site-icons.ts";

const css = readFileSync(join(import.meta.dirname, "../../styles/app.css"), "utf8");
const token = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, "i").exec(css)?.[1];

describe("the icon set", () => {
  it("takes its colours from the shop's tokens", () => {
    expect(THEME_COLOUR).toBe(token("color-accent"));
    expect(BACKGROUND_COLOUR).toBe(token("color-paper"));
  });

  it("names the shop and its colours in the manifest", () => {
    expect(webManifest("Comptoir")).toMatchObject({
      name: "Comptoir",
      theme_color: "#7a2e2e",
      background_color: "#fbf8f3",
      icons: expect.arrayContaining([expect.objectContaining({ sizes: "512x512" })]),
    });
  });
});

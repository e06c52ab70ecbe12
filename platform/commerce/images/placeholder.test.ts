import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  escapeXml,
  renderBannerSvg,
  renderProductSvg,
  wrapText,
} from "#platform/commerce/images/placeholder.ts";

const CATEGORIES = [
  "Épicerie salée",
  "Épicerie sucrée",
  "Cave",
  "Fromagerie",
  "Boucherie-charcuterie",
  "Fruits et légumes",
  "Traiteur",
  "Boulangerie-pâtisserie",
  "Quincaillerie",
];

/** The text content of the `<text>` elements, as a reader of the SVG would see it. */
function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1] ?? "");
}

describe("renderProductSvg", () => {
  it("draws the same picture for the same title, category and seed", () => {
    const input = { title: "Comté 24 mois", category: "Fromagerie", seed: 42 };
    expect(renderProductSvg(input).svg).toBe(renderProductSvg({ ...input }).svg);
  });

  it("varies the composition with the seed", () => {
    const pictures = new Set(
      [1, 2, 3, 4, 5].map(
        (seed) => renderProductSvg({ title: "Comté", category: "Fromagerie", seed }).svg,
      ),
    );
    expect(pictures.size).toBe(5);
  });

  it("is 4:5", () => {
    const { width, height, svg } = renderProductSvg({ title: "x", category: "Cave", seed: 1 });
    expect(width / height).toBe(4 / 5);
    expect(svg).toContain(`viewBox="0 0 ${width} ${height}"`);
  });

  it("gives each top category its own palette, and others a neutral one", () => {
    const backgrounds = CATEGORIES.map((category) => {
      const { svg } = renderProductSvg({ title: "Produit", category, seed: 7 });
      return /<stop offset="0" stop-color="([^"]+)"/.exec(svg)?.[1];
    });
    expect(new Set(backgrounds).size).toBe(CATEGORIES.length);
    const neutral = renderProductSvg({ title: "Produit", category: "", seed: 7 }).svg;
    expect(neutral).toContain(">COMPTOIR<");
  });

  it("recognises a category however it is written", () => {
    const label = (category: string) =>
      texts(renderProductSvg({ title: "x", category, seed: 1 }).svg)[0];
    expect(label("epicerie-salee")).toBe("ÉPICERIE SALÉE");
    expect(label("Épicerie salée > Huiles")).toBe("ÉPICERIE SALÉE");
    expect(label("FROMAGERIE")).toBe("FROMAGERIE");
  });

  it("escapes the title's XML specials", () => {
    const { svg } = renderProductSvg({
      title: `Tom & Jerry's "<best>" pâté`,
      category: "Traiteur",
      seed: 3,
    });
    expect(svg).toContain("Tom &amp; Jerry&apos;s &quot;&lt;best&gt;&quot; pâté");
    expect(svg).not.toContain("<best>");
    expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("sets a long title on three lines at most, ending with an ellipsis", () => {
    const title =
      "Assortiment de douze macarons parisiens à la framboise, pistache, vanille et chocolat noir";
    const lines = texts(renderProductSvg({ title, category: "Boulangerie", seed: 1 }).svg).slice(1);
    expect(lines).toHaveLength(3);
    expect(lines.at(-1)).toMatch(/…$/);
  });

  it("uses only generic font families", () => {
    const { svg } = renderProductSvg({ title: "Miel", category: "Épicerie sucrée", seed: 9 });
    const families = new Set([...svg.matchAll(/font-family="([^"]+)"/g)].map((m) => m[1]));
    expect([...families].sort()).toEqual(["sans-serif", "serif"]);
    expect(svg).not.toMatch(/@import|url\(http|href=/);
  });

  it("renders with sharp at its stated size, whatever the title holds", async () => {
    for (const [index, category] of CATEGORIES.entries()) {
      const { svg, width, height } = renderProductSvg({
        title: `Bouteille <n°${index}> & "cie" \u0001\u0008 l'été 🍷`,
        category,
        seed: index * 31,
      });
      const metadata = await sharp(Buffer.from(svg)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["svg", width, height]);
      const { info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
      expect(info.height).toBe(height);
    }
  });
});

describe("renderBannerSvg", () => {
  it("is 16:9, deterministic and renderable", async () => {
    const input = { title: "Les fromages d'affinage", subtitle: "Nos artisans & <caves>", seed: 5 };
    const banner = renderBannerSvg(input);
    expect(banner.width / banner.height).toBe(16 / 9);
    expect(renderBannerSvg(input).svg).toBe(banner.svg);
    expect(banner.svg).toContain("Nos artisans &amp; &lt;caves&gt;");
    const metadata = await sharp(Buffer.from(banner.svg)).metadata();
    expect([metadata.width, metadata.height]).toEqual([banner.width, banner.height]);
  });

  it("leaves the subtitle out when there is none", () => {
    const { svg } = renderBannerSvg({ title: "Maison Bordier", seed: 2 });
    expect(texts(svg)).toEqual(["Maison Bordier"]);
  });
});

describe("escapeXml", () => {
  it("escapes the five specials and drops characters XML cannot hold", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;",
    );
    expect(escapeXml("a\u0000b\u001fc\ud800d🍷")).toBe("abcd🍷");
  });
});

describe("wrapText", () => {
  it("breaks on spaces", () => {
    expect(wrapText("Huile d'olive vierge extra", 12, 3)).toEqual([
      "Huile",
      "d'olive",
      "vierge extra",
    ]);
  });

  it("cuts a word longer than a line with a hyphen", () => {
    expect(wrapText("Anticonstitutionnellement", 10, 3)).toEqual([
      "Anticonst-",
      "itutionne-",
      "llement",
    ]);
  });

  it("ends a title that does not fit with an ellipsis", () => {
    expect(wrapText("un deux trois quatre cinq six", 6, 2)).toEqual(["un", "deux…"]);
  });
});

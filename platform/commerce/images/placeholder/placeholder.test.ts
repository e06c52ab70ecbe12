import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  BANNER_SIZE,
  BANNER_TEXT_AREA,
  escapeXml,
  PICTURE_KINDS,
  type PictureKind,
  PRODUCT_SIZE,
  PRODUCT_TEXT_AREA,
  renderBannerSvg,
  renderProductSvg,
  wrapText,
} from "#platform/commerce/images/placeholder/placeholder.ts";
import { fitText, textWidth } from "#platform/commerce/images/placeholder/text.ts";

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

  it("shrinks a long title until it fits, on three lines at most, every word of it", () => {
    const title =
      "Assortiment de douze macarons parisiens à la framboise, pistache, vanille et chocolat noir";
    const { svg } = renderProductSvg({ title, category: "Boulangerie", seed: 1 });
    const lines = texts(svg).slice(1);
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(lines.join(" ")).toBe(title);
    const size = Number(/font-family="serif" font-size="(\d+)"/.exec(svg)?.[1]);
    expect(size).toBeLessThan(52);
    for (const line of lines) {
      expect(textWidth(line, size, "serif")).toBeLessThanOrEqual(PRODUCT_TEXT_AREA.width);
    }
  });

  it("draws the kind of product it is told, and says which on the picture", () => {
    for (const kind of Object.keys(PICTURE_KINDS) as PictureKind[]) {
      const { svg } = renderProductSvg({ title: "Produit", category: "", seed: 3, kind });
      expect(svg).toContain(`data-kind="${kind}"`);
    }
    const blue = renderProductSvg({
      title: "Roquefort",
      category: "Fromagerie",
      seed: 3,
      kind: "fromage-bleu",
    });
    const goat = renderProductSvg({
      title: "Roquefort",
      category: "Fromagerie",
      seed: 3,
      kind: "fromage-chevre",
    });
    expect(blue.svg).not.toBe(goat.svg);
    expect(renderProductSvg({ title: "x", category: "Cave", seed: 1 }).svg).not.toContain(
      "data-kind",
    );
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

  it("draws its subject in its department's colours when told one", () => {
    const cave = renderBannerSvg({ title: "La cave", seed: 4, kind: "vin-rouge" });
    const cheese = renderBannerSvg({ title: "La cave", seed: 4, kind: "plateau-fromages" });
    expect(cave.svg).toContain(`data-kind="vin-rouge"`);
    expect(cheese.svg).toContain(`data-kind="plateau-fromages"`);
    const background = (svg: string) => /<stop offset="0" stop-color="([^"]+)"/.exec(svg)?.[1];
    expect(background(cave.svg)).not.toBe(background(cheese.svg));
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

/** The picture rasterised, as RGBA pixels. */
async function pixels(svg: string) {
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

/**
 * Whether any pixel outside `keep` differs between the picture and the same picture without
 * its texts: a text drawn (or spilling) outside the part a crop keeps would.
 */
async function textOutside(svg: string, keep: { x0: number; x1: number; y0: number; y1: number }) {
  const withText = await pixels(svg);
  const without = await pixels(svg.replace(/<text[^>]*>[^<]*<\/text>/g, ""));
  const { width, height } = withText.info;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x >= keep.x0 && x < keep.x1 && y >= keep.y0 && y < keep.y1) continue;
      const at = (y * width + x) * 4;
      for (let channel = 0; channel < 4; channel++) {
        if (withText.data[at + channel] !== without.data[at + channel]) return true;
      }
    }
  }
  return false;
}

describe("the texts of the pictures, as the storefront crops them", () => {
  const long = "Le comptoir du traiteur et ses plats mijotés de saison";

  it("keeps a banner's title and subtitle inside the middle square a 1:1 tile keeps", async () => {
    for (const [title, subtitle] of [
      ["Épicerie salée", "Comptoir"],
      ["Le comptoir du traiteur", "Rue des Martyrs"],
      [long, "Velouté de potimarron aux noisettes torréfiées et huile de noisette"],
    ] as const) {
      const { svg } = renderBannerSvg({ title, subtitle, seed: 11, kind: "plat-cuisine" });
      const square = (BANNER_SIZE.width - BANNER_SIZE.height) / 2;
      const keep = { x0: square, x1: BANNER_SIZE.width - square, y0: 0, y1: BANNER_SIZE.height };
      expect(await textOutside(svg, keep), title).toBe(false);
      // The texts are drawn: without a kept part, their pixels show.
      expect(await textOutside(svg, { x0: 0, x1: 0, y0: 0, y1: 0 })).toBe(true);
      expect(texts(svg).join(" ")).toBe(`${title} ${subtitle}`);
    }
  });

  it("keeps a product card's texts inside the band a 4:3 tile keeps", async () => {
    const { svg } = renderProductSvg({ title: long, category: "Traiteur", seed: 5, kind: "soupe" });
    const band = (PRODUCT_SIZE.height - (PRODUCT_SIZE.width * 3) / 4) / 2;
    const keep = { x0: 0, x1: PRODUCT_SIZE.width, y0: band, y1: PRODUCT_SIZE.height - band };
    expect(await textOutside(svg, keep)).toBe(false);
    expect(texts(svg).slice(1).join(" ")).toBe(long);
  });

  it("measures the areas inside those crops", () => {
    expect(BANNER_TEXT_AREA.x).toBeGreaterThanOrEqual((BANNER_SIZE.width - BANNER_SIZE.height) / 2);
    expect(BANNER_TEXT_AREA.x + BANNER_TEXT_AREA.width).toBeLessThanOrEqual(
      (BANNER_SIZE.width + BANNER_SIZE.height) / 2,
    );
    expect(PRODUCT_TEXT_AREA.y).toBeGreaterThanOrEqual(PRODUCT_SIZE.height / 2 - 300);
    expect(PRODUCT_TEXT_AREA.y + PRODUCT_TEXT_AREA.height).toBeLessThanOrEqual(
      PRODUCT_SIZE.height / 2 + 300,
    );
  });
});

describe("fitText", () => {
  const box = { family: "serif", width: 300, maxLines: 2, maxSize: 40, minSize: 20 } as const;

  it("keeps the largest size at which the text fits", () => {
    expect(fitText("Comté", box)).toMatchObject({ lines: ["Comté"], fontSize: 40 });
  });

  it("wraps, then shrinks, rather than cut a word", () => {
    const fitted = fitText("Le comptoir du traiteur de la rue des Martyrs", box);
    expect(fitted.lines.join(" ")).toBe("Le comptoir du traiteur de la rue des Martyrs");
    expect(fitted.lines.length).toBeLessThanOrEqual(2);
    for (const line of fitted.lines) {
      expect(textWidth(line, fitted.fontSize, "serif")).toBeLessThanOrEqual(300);
    }
  });

  it("ends with an ellipsis only what cannot fit at the smallest size", () => {
    const fitted = fitText("mot ".repeat(60), box);
    expect(fitted.fontSize).toBe(20);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines.at(-1)).toMatch(/…$/);
  });

  it("measures wide letters wider than narrow ones", () => {
    expect(textWidth("MMMM", 10, "serif")).toBeGreaterThan(textWidth("iiii", 10, "serif"));
    expect(textWidth("É", 10, "serif")).toBe(textWidth("E", 10, "serif"));
  });
});

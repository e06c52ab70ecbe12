import {
  isPictureKind,
  PICTURE_KINDS,
  type PictureKind,
} from "#platform/commerce/images/placeholder/kinds.ts";
import { backdrop, scatter } from "#platform/commerce/images/placeholder/motifs.ts";
import {
  CATEGORIES,
  categoryOf,
  motifFor,
} from "#platform/commerce/images/placeholder/palettes.ts";
import { createRandom, num } from "#platform/commerce/images/placeholder/random.ts";
import { type FittedText, fitText } from "#platform/commerce/images/placeholder/text.ts";

export type { PictureKind } from "#platform/commerce/images/placeholder/kinds.ts";
export { isPictureKind, PICTURE_KINDS } from "#platform/commerce/images/placeholder/kinds.ts";
export { textWidth } from "#platform/commerce/images/placeholder/text.ts";

/**
 * Generated demo pictures: a still-life card per product (4:5) and a banner per collection or
 * brand (16:9), drawn as SVG from the product's title, its top category, the kind of object it
 * shows (`PictureKind`: a blue cheese, a rosé, a loaf…) and a seed. The same input always gives
 * the same bytes, so a seeded catalogue is reproducible. Only the generic `serif` and
 * `sans-serif` families are named: nothing is fetched, and the rasteriser picks whatever face
 * the machine has. Palettes, motifs, kinds, text measurement and the random source live in the
 * `placeholder-*.ts` files.
 *
 * The storefront crops these pictures: tiles show a product card at 4:3 and a banner at 4:3 or
 * 1:1. Every text therefore sits inside the part that any of those crops keeps, measured to fit
 * its width, wrapped and shrunk rather than cut.
 */

export type ProductPicture = {
  title: string;
  category: string;
  seed: number;
  /** What to draw; without it, a motif of the category that the title names or the seed picks. */
  kind?: PictureKind;
};
export type BannerPicture = {
  title: string;
  subtitle?: string;
  seed: number;
  /** What to draw, in its department's colours; without it the seed picks both. */
  kind?: PictureKind;
};
export type RenderedSvg = { svg: string; width: number; height: number };

export const PRODUCT_SIZE = { width: 800, height: 1000 } as const;
export const BANNER_SIZE = { width: 1600, height: 900 } as const;

/** Escapes the five XML specials and drops what XML 1.0 cannot carry at all. */
export function escapeXml(text: string): string {
  return text
    .replace(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      "",
    )
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * Splits a title into at most `maxLines` lines of about `maxChars` characters, on spaces where
 * it can; a word longer than a line is cut with a hyphen, and a title that does not fit ends
 * with an ellipsis.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const pieces: string[] = [];
  for (const word of words) {
    let rest = word;
    while ([...rest].length > maxChars) {
      const chars = [...rest];
      pieces.push(`${chars.slice(0, maxChars - 1).join("")}-`);
      rest = chars.slice(maxChars - 1).join("");
    }
    pieces.push(rest);
  }
  const lines: string[] = [];
  let current = "";
  let index = 0;
  for (; index < pieces.length; index++) {
    const piece = pieces[index] as string;
    const joined = current === "" ? piece : `${current} ${piece}`;
    if ([...joined].length <= maxChars || current === "") {
      current = joined;
      continue;
    }
    lines.push(current);
    current = piece;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && current !== "") {
    lines.push(current);
    current = "";
    index = pieces.length;
  }
  if (index < pieces.length) {
    const last = [...(lines.pop() ?? "")];
    const cut = last.length >= maxChars ? last.slice(0, maxChars - 1) : last;
    lines.push(`${cut.join("").replace(/[\s\-,;:.]+$/, "")}…`);
  }
  return lines;
}

/**
 * Where texts may go: what a 4:3 crop of a product card keeps (its middle 600 of 1000 units of
 * height), and what a 1:1 crop of a banner keeps (its middle 900 of 1600 units of width), less a
 * margin.
 */
export const PRODUCT_TEXT_AREA = { x: 70, y: 215, width: 660, height: 570 } as const;
export const BANNER_TEXT_AREA = { x: 390, y: 30, width: 820, height: 840 } as const;

export function renderProductSvg(picture: ProductPicture): RenderedSvg {
  const { width, height } = PRODUCT_SIZE;
  const random = createRandom(picture.seed);
  const category = categoryOf(picture.category);
  const { palette } = category;
  const title = picture.title.trim() || "Comptoir";
  const kind = picture.kind && isPictureKind(picture.kind) ? picture.kind : undefined;
  const motif = kind ? PICTURE_KINDS[kind].draw : motifFor(category, title, random);

  const area = PRODUCT_TEXT_AREA;
  const label = fitText(palette.label.toUpperCase(), {
    family: "sans-serif",
    width: area.width,
    maxLines: 1,
    maxSize: 22,
    minSize: 14,
    letterSpacing: 6,
  });
  const labelY = 612;
  const fitted = fitText(title, {
    family: "serif",
    width: area.width,
    maxLines: 3,
    height: area.y + area.height - 640,
    maxSize: 52,
    minSize: 24,
    lineHeight: 1.15,
  });
  const titleText = centredLines(fitted, 400, 640, area.y + area.height);

  const svg = [
    svgOpen(width, height, title, kind),
    "<defs>",
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.backgroundTop}"/><stop offset="1" stop-color="${palette.backgroundBottom}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.4" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    SHEEN,
    "</defs>",
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<rect width="${width}" height="560" fill="url(#glow)"/>`,
    backdrop(random, palette, 400, 560, 1),
    scatter(random, palette, { x: 60, y: 90, width: 680, height: 400 }),
    `<rect y="560" width="${width}" height="440" fill="${palette.surface}"/>`,
    `<rect y="560" width="${width}" height="3" fill="${palette.accent}" opacity="0.55"/>`,
    `<ellipse cx="400" cy="566" rx="250" ry="22" fill="#000000" opacity="0.16"/>`,
    `<g transform="translate(400 560)">${motif(random, palette)}</g>`,
    `<rect x="24" y="24" width="752" height="952" fill="none" stroke="${palette.accent}" stroke-width="2" opacity="0.6"/>`,
    `<text x="400" y="${labelY}" text-anchor="middle" font-family="sans-serif" font-size="${label.fontSize}" letter-spacing="6" fill="${palette.accent}">${escapeXml(label.lines[0] ?? "")}</text>`,
    `<g text-anchor="middle" font-family="serif" font-size="${fitted.fontSize}" fill="${palette.ink}">${titleText}</g>`,
    `<path d="M385 885 L400 875 L415 885 L400 895 Z" fill="${palette.accent}"/>`,
    "</svg>",
  ].join("");
  return { svg, width, height };
}

export function renderBannerSvg(picture: BannerPicture): RenderedSvg {
  const { width, height } = BANNER_SIZE;
  const random = createRandom(picture.seed);
  const kind = picture.kind && isPictureKind(picture.kind) ? picture.kind : undefined;
  const category = kind ? categoryOf(PICTURE_KINDS[kind].department) : random.pick(CATEGORIES);
  const { palette } = category;
  const motif = kind ? PICTURE_KINDS[kind].draw : random.pick(category.motifs).draw;
  const title = picture.title.trim() || "Comptoir";
  const subtitle = picture.subtitle?.trim() ?? "";

  const area = BANNER_TEXT_AREA;
  const baseY = 520;
  const titleFit = fitText(title, {
    family: "serif",
    width: area.width,
    maxLines: 2,
    maxSize: 76,
    minSize: 36,
    lineHeight: 1.12,
  });
  const subtitleFit =
    subtitle === ""
      ? undefined
      : fitText(subtitle, {
          family: "sans-serif",
          width: area.width,
          maxLines: 2,
          maxSize: 32,
          minSize: 20,
          lineHeight: 1.3,
          letterSpacing: 1,
        });
  const gap = subtitleFit ? 16 : 0;
  const blockHeight =
    titleFit.lines.length * titleFit.lineHeight +
    gap +
    (subtitleFit ? subtitleFit.lines.length * subtitleFit.lineHeight : 0);
  const top = baseY + 40 + (area.y + area.height - baseY - 40 - blockHeight) / 2;
  const titleBottom = top + titleFit.lines.length * titleFit.lineHeight;
  const texts = [
    `<g text-anchor="middle" font-family="serif" font-size="${titleFit.fontSize}" fill="${palette.ink}">${centredLines(titleFit, 800, top, titleBottom)}</g>`,
  ];
  if (subtitleFit) {
    const subtitleTop = titleBottom + gap;
    const subtitleBottom = subtitleTop + subtitleFit.lines.length * subtitleFit.lineHeight;
    texts.push(
      `<g text-anchor="middle" font-family="sans-serif" font-size="${subtitleFit.fontSize}" letter-spacing="1" fill="${palette.ink}" opacity="0.85">${centredLines(subtitleFit, 800, subtitleTop, subtitleBottom)}</g>`,
    );
  }

  const svg = [
    svgOpen(width, height, title, kind),
    "<defs>",
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.backgroundTop}"/><stop offset="1" stop-color="${palette.backgroundBottom}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.35" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    SHEEN,
    "</defs>",
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#glow)"/>`,
    scatter(random, palette, { x: 80, y: 70, width: 1440, height: 400 }),
    backdrop(random, palette, 800, baseY, 1),
    `<rect y="${baseY}" width="${width}" height="${height - baseY}" fill="${palette.surface}"/>`,
    `<rect y="${baseY}" width="${width}" height="3" fill="${palette.accent}" opacity="0.55"/>`,
    `<ellipse cx="800" cy="${baseY + 6}" rx="280" ry="22" fill="#000000" opacity="0.16"/>`,
    `<g transform="translate(800 ${baseY}) scale(1.15)">${motif(random, palette)}</g>`,
    `<rect x="28" y="28" width="1544" height="844" fill="none" stroke="${palette.accent}" stroke-width="2" opacity="0.6"/>`,
    `<path d="M750 ${num(top - 14)} H850" stroke="${palette.accent}" stroke-width="3"/>`,
    texts.join(""),
    "</svg>",
  ].join("");
  return { svg, width, height };
}

const SHEEN = `<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`;

function svgOpen(width: number, height: number, title: string, kind: PictureKind | undefined) {
  const kindAttribute = kind ? ` data-kind="${kind}"` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}"${kindAttribute}><title>${escapeXml(title)}</title>`;
}

/** Fitted lines centred on `x`, their block centred between `top` and `bottom`. */
function centredLines(fitted: FittedText, x: number, top: number, bottom: number) {
  const block = fitted.lines.length * fitted.lineHeight;
  const start = top + (bottom - top - block) / 2;
  // The baseline sits about 0.8 em below the top of a line box in these faces.
  const baseline = (i: number) =>
    start +
    i * fitted.lineHeight +
    (fitted.lineHeight - fitted.fontSize) / 2 +
    fitted.fontSize * 0.8;
  return fitted.lines
    .map((line, i) => `<text x="${x}" y="${num(baseline(i))}">${escapeXml(line)}</text>`)
    .join("");
}

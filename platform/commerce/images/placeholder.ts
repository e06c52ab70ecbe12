import { backdrop, scatter } from "#platform/commerce/images/placeholder-motifs.ts";
import {
  CATEGORIES,
  categoryOf,
  motifFor,
} from "#platform/commerce/images/placeholder-palettes.ts";
import { createRandom, num } from "#platform/commerce/images/placeholder-random.ts";

/**
 * Generated demo pictures: a still-life card per product (4:5) and a banner per collection or
 * brand (16:9), drawn as SVG from the product's title, its top category and a seed. The same
 * input always gives the same bytes, so a seeded catalogue is reproducible. Only the generic
 * `serif` and `sans-serif` families are named: nothing is fetched, and the rasteriser picks
 * whatever face the machine has. Palettes, motifs and the random source live in the
 * `placeholder-*.ts` files.
 */

export type ProductPicture = { title: string; category: string; seed: number };
export type BannerPicture = { title: string; subtitle?: string; seed: number };
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

export function renderProductSvg(picture: ProductPicture): RenderedSvg {
  const { width, height } = PRODUCT_SIZE;
  const random = createRandom(picture.seed);
  const category = categoryOf(picture.category);
  const { palette } = category;
  const title = picture.title.trim() || "Comptoir";
  const motif = motifFor(category, title, random);

  const fontSize = [...title].length > 44 ? 44 : 50;
  const lines = wrapText(title, Math.floor(640 / (fontSize * 0.6)), 3);
  const lineHeight = fontSize * 1.2;
  const firstBaseline = 800 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35;
  const titleText = lines
    .map(
      (line, i) =>
        `<text x="400" y="${num(firstBaseline + i * lineHeight)}">${escapeXml(line)}</text>`,
    )
    .join("");

  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    "<defs>",
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.backgroundTop}"/><stop offset="1" stop-color="${palette.backgroundBottom}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.4" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
    "</defs>",
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<rect width="${width}" height="640" fill="url(#glow)"/>`,
    backdrop(random, palette, 400, 640, 1),
    scatter(random, palette, { x: 60, y: 150, width: 680, height: 440 }),
    `<rect y="640" width="${width}" height="360" fill="${palette.surface}"/>`,
    `<rect y="640" width="${width}" height="3" fill="${palette.accent}" opacity="0.55"/>`,
    `<ellipse cx="400" cy="646" rx="250" ry="22" fill="#000000" opacity="0.16"/>`,
    `<g transform="translate(400 640) scale(1.15)">${motif(random, palette)}</g>`,
    `<rect x="24" y="24" width="752" height="952" fill="none" stroke="${palette.accent}" stroke-width="2" opacity="0.6"/>`,
    `<text x="400" y="96" text-anchor="middle" font-family="sans-serif" font-size="22" letter-spacing="6" fill="${palette.labelInk}">${escapeXml(palette.label.toUpperCase())}</text>`,
    `<path d="M360 114 H440" stroke="${palette.labelInk}" stroke-width="1.5" opacity="0.6"/>`,
    `<g text-anchor="middle" font-family="serif" font-size="${fontSize}" fill="${palette.ink}">${titleText}</g>`,
    `<path d="M385 935 L400 925 L415 935 L400 945 Z" fill="${palette.accent}"/>`,
    "</svg>",
  ].join("");
  return { svg, width, height };
}

export function renderBannerSvg(picture: BannerPicture): RenderedSvg {
  const { width, height } = BANNER_SIZE;
  const random = createRandom(picture.seed);
  const category = random.pick(CATEGORIES);
  const { palette } = category;
  const motif = random.pick(category.motifs).draw;
  const title = picture.title.trim() || "Comptoir";
  const subtitle = picture.subtitle?.trim() ?? "";

  const titleSize = [...title].length > 40 ? 68 : 84;
  const titleLines = wrapText(title, Math.floor(820 / (titleSize * 0.6)), 3);
  const subtitleLines = subtitle === "" ? [] : wrapText(subtitle, 42, 2);
  const titleLineHeight = titleSize * 1.15;
  const subtitleLineHeight = 46;
  const blockHeight =
    titleLines.length * titleLineHeight +
    (subtitleLines.length > 0 ? 40 + subtitleLines.length * subtitleLineHeight : 0);
  const top = height / 2 - blockHeight / 2;
  const texts: string[] = [];
  titleLines.forEach((line, i) => {
    const y = top + titleSize * 0.9 + i * titleLineHeight;
    texts.push(
      `<text x="130" y="${num(y)}" font-family="serif" font-size="${titleSize}" fill="${palette.labelInk}">${escapeXml(line)}</text>`,
    );
  });
  const subtitleTop = top + titleLines.length * titleLineHeight + 40;
  subtitleLines.forEach((line, i) => {
    const y = subtitleTop + 30 + i * subtitleLineHeight;
    texts.push(
      `<text x="132" y="${num(y)}" font-family="sans-serif" font-size="32" letter-spacing="1" fill="${palette.labelInk}" opacity="0.85">${escapeXml(line)}</text>`,
    );
  });
  const ruleY = top - 36;

  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    "<defs>",
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.backgroundTop}"/><stop offset="1" stop-color="${palette.backgroundBottom}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.72" cy="0.45" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
    "</defs>",
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#glow)"/>`,
    scatter(random, palette, { x: 1000, y: 80, width: 540, height: 560 }),
    backdrop(random, palette, 1200, 770, 1.25),
    `<rect y="770" width="${width}" height="130" fill="${palette.surface}"/>`,
    `<rect y="770" width="${width}" height="3" fill="${palette.accent}" opacity="0.55"/>`,
    `<ellipse cx="1200" cy="777" rx="300" ry="24" fill="#000000" opacity="0.16"/>`,
    `<g transform="translate(1200 770) scale(1.25)">${motif(random, palette)}</g>`,
    `<rect x="28" y="28" width="1544" height="844" fill="none" stroke="${palette.accent}" stroke-width="2" opacity="0.6"/>`,
    `<path d="M130 ${num(ruleY)} H230" stroke="${palette.accent}" stroke-width="3"/>`,
    texts.join(""),
    "</svg>",
  ].join("");
  return { svg, width, height };
}

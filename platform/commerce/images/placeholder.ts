/**
 * Generated demo pictures: a still-life card per product (4:5) and a banner per collection or
 * brand (16:9), drawn as SVG from the product's title, its top category and a seed. The same
 * input always gives the same bytes, so a seeded catalogue is reproducible. Only the generic
 * `serif` and `sans-serif` families are named: nothing is fetched, and the rasteriser picks
 * whatever face the machine has.
 */

export type ProductPicture = { title: string; category: string; seed: number };
export type BannerPicture = { title: string; subtitle?: string; seed: number };
export type RenderedSvg = { svg: string; width: number; height: number };

export const PRODUCT_SIZE = { width: 800, height: 1000 } as const;
export const BANNER_SIZE = { width: 1600, height: 900 } as const;

type Palette = {
  /** What the card prints above the still life. */
  label: string;
  backgroundTop: string;
  backgroundBottom: string;
  /** The table the object stands on, and the title's ground. */
  surface: string;
  backdrop: string;
  accent: string;
  /** Main colours of the object; the seed picks one. */
  objects: readonly string[];
  /** Labels, paper, highlights on the object. */
  paper: string;
  /** Text on the surface, then text on the background. */
  ink: string;
  labelInk: string;
};

type Draw = (random: Random, palette: Palette) => string;

/** A way to draw the category's object; a title containing one of `words` asks for it. */
type Motif = { draw: Draw; words?: readonly string[] };

type Category = { palette: Palette; motifs: readonly Motif[] };

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

// ---------------------------------------------------------------------------------------------
// Categories and palettes

const CATEGORIES: readonly (Category & { slug: string; keywords: readonly string[] })[] = [
  {
    slug: "epicerie-salee",
    keywords: ["epicerie-salee", "sale"],
    palette: {
      label: "Épicerie salée",
      backgroundTop: "#e9e1cc",
      backgroundBottom: "#d8cdb0",
      surface: "#3f4a2b",
      backdrop: "#c7b98f",
      accent: "#b8893a",
      objects: ["#6b7a3a", "#b5562f", "#c99a2e", "#7c3b2a"],
      paper: "#f6efdf",
      ink: "#f3ecd9",
      labelInk: "#3f4a2b",
    },
    motifs: [
      { draw: jar, words: ["bocal", "rillettes", "tapenade", "moutarde", "pesto", "condiment"] },
      { draw: tin, words: ["sardine", "thon", "maquereau", "conserve", "boite"] },
      { draw: oilBottle, words: ["huile", "vinaigre", "sauce"] },
    ],
  },
  {
    slug: "epicerie-sucree",
    keywords: ["epicerie-sucree", "sucre", "confiserie", "chocolat"],
    palette: {
      label: "Épicerie sucrée",
      backgroundTop: "#f5e3e1",
      backgroundBottom: "#e9c9c8",
      surface: "#7d2942",
      backdrop: "#e2b3b5",
      accent: "#c98b3c",
      objects: ["#c0392b", "#d9962b", "#5a2d22", "#8e3b5e"],
      paper: "#fbf3ea",
      ink: "#fbeee8",
      labelInk: "#7d2942",
    },
    motifs: [
      {
        draw: jamJar,
        words: ["confiture", "miel", "pate a tartiner", "compote", "creme de marron"],
      },
      { draw: tablet, words: ["chocolat", "tablette"] },
      { draw: candyJar, words: ["bonbon", "dragee", "caramel", "calisson", "guimauve"] },
    ],
  },
  {
    slug: "cave",
    keywords: ["cave", "vin", "spiritueux", "champagne", "biere"],
    palette: {
      label: "Cave",
      backgroundTop: "#4a1c2a",
      backgroundBottom: "#2c1019",
      surface: "#1d0a10",
      backdrop: "#6b2a3c",
      accent: "#c9a24a",
      objects: ["#1f3a2a", "#3b0f1c", "#6b4a12", "#141a14"],
      paper: "#efe3c8",
      ink: "#f1e4c6",
      labelInk: "#e8d6ab",
    },
    motifs: [{ draw: wineBottle }, { draw: wineBottle }, { draw: bottleAndGlass }],
  },
  {
    slug: "fromagerie",
    keywords: ["fromagerie", "fromage", "cremerie", "laitier"],
    palette: {
      label: "Fromagerie",
      backgroundTop: "#f6ebc8",
      backgroundBottom: "#ead7a1",
      surface: "#2f3a4a",
      backdrop: "#e2c877",
      accent: "#b98a2e",
      objects: ["#f2c85b", "#f4d987", "#efe3c0", "#e9b949"],
      paper: "#fbf6e6",
      ink: "#f6ecd0",
      labelInk: "#2f3a4a",
    },
    motifs: [
      { draw: wedge, words: ["comte", "beaufort", "parmesan", "emmental", "gruyere", "mimolette"] },
      { draw: wheel, words: ["camembert", "brie", "reblochon", "coulommiers", "saint-marcellin"] },
    ],
  },
  {
    slug: "boucherie-charcuterie",
    keywords: ["boucherie", "charcuterie", "viande", "volaille"],
    palette: {
      label: "Boucherie – Charcuterie",
      backgroundTop: "#f1e3d3",
      backgroundBottom: "#e2ccb5",
      surface: "#5e1b1b",
      backdrop: "#d9b59c",
      accent: "#a8743a",
      objects: ["#7a2e2a", "#8c3a2f", "#6a2422"],
      paper: "#f6ece2",
      ink: "#f7e9dc",
      labelInk: "#5e1b1b",
    },
    motifs: [
      { draw: saucisson, words: ["saucisson", "chorizo", "salami", "saucisse", "rosette"] },
      { draw: ham, words: ["jambon", "gigot", "roti", "epaule"] },
    ],
  },
  {
    slug: "fruits-et-legumes",
    keywords: ["fruits", "legumes", "primeur"],
    palette: {
      label: "Fruits et légumes",
      backgroundTop: "#e8efdc",
      backgroundBottom: "#d3dfc0",
      surface: "#2f5d3a",
      backdrop: "#bcd09c",
      accent: "#d08a2c",
      objects: ["#c8372d", "#e39a2b", "#e8c547", "#8fae3a", "#6b2f5a"],
      paper: "#f4f1e3",
      ink: "#eef4e2",
      labelInk: "#2f5d3a",
    },
    motifs: [{ draw: fruitTrio }, { draw: crate, words: ["cagette", "panier", "assortiment"] }],
  },
  {
    slug: "traiteur",
    keywords: ["traiteur", "plat", "restauration"],
    palette: {
      label: "Traiteur",
      backgroundTop: "#eae5da",
      backgroundBottom: "#d9d1bf",
      surface: "#1f2f4a",
      backdrop: "#c5ccd6",
      accent: "#c7a457",
      objects: ["#b9bfc7", "#c8a86a", "#9aa5b1"],
      paper: "#fbfaf6",
      ink: "#efe9dc",
      labelInk: "#1f2f4a",
    },
    motifs: [
      { draw: cloche },
      { draw: terrine, words: ["terrine", "pate", "foie gras", "pate en croute"] },
    ],
  },
  {
    slug: "boulangerie-patisserie",
    keywords: ["boulangerie", "patisserie", "viennoiserie", "pain"],
    palette: {
      label: "Boulangerie – Pâtisserie",
      backgroundTop: "#f4e6c8",
      backgroundBottom: "#e7d0a1",
      surface: "#4a2f1f",
      backdrop: "#e3c28a",
      accent: "#b7743a",
      objects: ["#c17c3a", "#b0652c", "#d29a52"],
      paper: "#fbf3e2",
      ink: "#f6e8cd",
      labelInk: "#4a2f1f",
    },
    motifs: [
      { draw: loaf, words: ["pain", "baguette", "boule", "miche", "brioche", "fougasse"] },
      { draw: tart, words: ["tarte", "tartelette", "gateau", "entremets", "flan"] },
    ],
  },
];

const NEUTRAL: Category = {
  palette: {
    label: "Comptoir",
    backgroundTop: "#ece8e1",
    backgroundBottom: "#dcd6cc",
    surface: "#2b2b2b",
    backdrop: "#cfc7b9",
    accent: "#b69650",
    objects: ["#8a7f72", "#4f5d56", "#7b4b3a"],
    paper: "#f7f4ee",
    ink: "#eee8dc",
    labelInk: "#2b2b2b",
  },
  motifs: [{ draw: giftBox }],
};

/** `Épicerie salée`, `epicerie-salee` and `Épicerie salée > Huiles` all name the same top category. */
function categoryOf(name: string): Category {
  const slug = plain(name.split(/[>/|]/)[0] ?? "");
  if (slug === "") return NEUTRAL;
  return (
    CATEGORIES.find((category) => category.slug === slug) ??
    CATEGORIES.find((category) => category.keywords.some((keyword) => slug.includes(keyword))) ??
    NEUTRAL
  );
}

/** The motif a title names (`Tarte aux framboises` → the tart), else one the seed picks. */
function motifFor(category: Category, title: string, random: Random): Draw {
  const words = ` ${plain(title).replace(/-/g, " ")} `;
  const named = category.motifs.find((motif) =>
    motif.words?.some((word) => words.includes(` ${word.replace(/-/g, " ")}`)),
  );
  const picked = random.pick(category.motifs);
  return (named ?? picked).draw;
}

/** Lower case, no accents, non-alphanumerics collapsed to single hyphens. */
function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

// ---------------------------------------------------------------------------------------------
// Scenery

function backdrop(random: Random, palette: Palette, cx: number, baseY: number, scale: number) {
  const kind = random.int(0, 2);
  const r = 210 * scale;
  if (kind === 0) {
    return `<circle cx="${cx}" cy="${num(baseY - 190 * scale)}" r="${num(r)}" fill="${palette.backdrop}" opacity="0.8"/>`;
  }
  if (kind === 1) {
    const top = baseY - 400 * scale;
    return `<path d="M${num(cx - r)} ${baseY} V${num(top + r)} A${num(r)} ${num(r)} 0 0 1 ${num(cx + r)} ${num(top + r)} V${baseY} Z" fill="${palette.backdrop}" opacity="0.8"/>`;
  }
  // Awning stripes, as over a market stall.
  const stripes: string[] = [];
  const stripe = 36 * scale;
  const left = cx - 260 * scale;
  for (let i = 0; i < 15; i += 2) {
    stripes.push(
      `<rect x="${num(left + i * stripe)}" y="${num(baseY - 470 * scale)}" width="${num(stripe)}" height="${num(470 * scale)}"/>`,
    );
  }
  return `<g fill="${palette.backdrop}" opacity="0.55">${stripes.join("")}</g>`;
}

type Box = { x: number; y: number; width: number; height: number };

/** A few dots or sprigs, like a printed paper behind the still life. */
function scatter(random: Random, palette: Palette, box: Box) {
  const count = random.int(5, 9);
  const sprigs = random.next() < 0.5;
  const marks: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = box.x + random.next() * box.width;
    const y = box.y + random.next() * box.height;
    if (sprigs) {
      const angle = random.int(-40, 40);
      marks.push(
        `<g transform="translate(${num(x)} ${num(y)}) rotate(${angle})"><path d="M0 14 V-14" stroke="${palette.accent}" stroke-width="2"/><ellipse cx="-6" cy="-4" rx="6" ry="3" fill="${palette.accent}"/><ellipse cx="6" cy="4" rx="6" ry="3" fill="${palette.accent}"/></g>`,
      );
    } else {
      marks.push(
        `<circle cx="${num(x)}" cy="${num(y)}" r="${num(3 + random.next() * 4)}" fill="${palette.accent}"/>`,
      );
    }
  }
  return `<g opacity="0.35">${marks.join("")}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Motifs: each draws its object standing on (0, 0), about 400 units tall at most.

function jar(random: Random, p: Palette) {
  const fill = random.pick(p.objects);
  const w = random.int(190, 240);
  const h = random.int(260, 320);
  return [
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="36" fill="${fill}"/>`,
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="36" fill="url(#sheen)"/>`,
    `<rect x="${-w / 2 + 10}" y="${-h - 48}" width="${w - 20}" height="52" rx="10" fill="${p.accent}"/>`,
    `<rect x="${-w / 2 + 10}" y="${-h - 48}" width="${w - 20}" height="10" rx="5" fill="#ffffff" opacity="0.25"/>`,
    label(p, -w / 2 + 22, -h * 0.68, w - 44, h * 0.4),
  ].join("");
}

function tin(random: Random, p: Palette) {
  const fill = random.pick(p.objects);
  const w = random.int(220, 260);
  const h = random.int(200, 250);
  return [
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="8" fill="${fill}"/>`,
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="8" fill="url(#sheen)"/>`,
    `<ellipse cx="0" cy="${-h}" rx="${w / 2}" ry="18" fill="${p.accent}"/>`,
    `<ellipse cx="0" cy="${-h}" rx="${w / 2 - 14}" ry="11" fill="#ffffff" opacity="0.25"/>`,
    `<rect x="${-w / 2}" y="${-h * 0.7}" width="${w}" height="${h * 0.45}" fill="${p.paper}"/>`,
    `<circle cx="0" cy="${num(-h * 0.475)}" r="${num(h * 0.15)}" fill="none" stroke="${fill}" stroke-width="4"/>`,
    `<path d="M${-w / 2 + 24} ${num(-h * 0.475)} H${num(-h * 0.2)} M${num(h * 0.2)} ${num(-h * 0.475)} H${w / 2 - 24}" stroke="${p.accent}" stroke-width="3"/>`,
  ].join("");
}

function oilBottle(random: Random, p: Palette) {
  const fill = random.pick(p.objects);
  const w = random.int(120, 150);
  const body = random.int(240, 280);
  return [
    `<path d="M${-w / 2} 0 V${-body} Q${-w / 2} ${-body - 50} -18 ${-body - 70} V${-body - 140} H18 V${-body - 70} Q${w / 2} ${-body - 50} ${w / 2} ${-body} V0 Z" fill="${fill}"/>`,
    `<rect x="${-w / 2}" y="${-body}" width="${w}" height="${body}" fill="url(#sheen)"/>`,
    `<rect x="-22" y="${-body - 170}" width="44" height="40" rx="6" fill="${p.accent}"/>`,
    label(p, -w / 2 + 12, -body * 0.72, w - 24, body * 0.42),
  ].join("");
}

function jamJar(random: Random, p: Palette) {
  const fill = random.pick(p.objects);
  const w = random.int(200, 230);
  const h = random.int(250, 290);
  const cap = random.pick(["#c0392b", "#2c5d8a", "#3c7a4a"]);
  const scallops: string[] = [];
  for (let x = -w / 2 - 20; x <= w / 2 + 20; x += 20) {
    scallops.push(`<circle cx="${x}" cy="${-h - 4}" r="11" fill="${cap}"/>`);
  }
  return [
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="40" fill="${fill}"/>`,
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="40" fill="url(#sheen)"/>`,
    `<rect x="${-w / 2 - 20}" y="${-h - 60}" width="${w + 40}" height="56" rx="6" fill="${cap}"/>`,
    `<g fill="#ffffff" opacity="0.55">${[0, 1, 2, 3, 4, 5, 6]
      .map(
        (i) =>
          `<rect x="${-w / 2 - 14 + i * ((w + 28) / 7)}" y="${-h - 56}" width="12" height="48"/>`,
      )
      .join("")}</g>`,
    scallops.join(""),
    `<path d="M${-w / 2 - 10} ${-h - 20} H${w / 2 + 10}" stroke="${p.accent}" stroke-width="5"/>`,
    label(p, -w / 2 + 24, -h * 0.62, w - 48, h * 0.36),
  ].join("");
}

function tablet(random: Random, p: Palette) {
  const fill = random.pick(["#4a2a22", "#5a2d22", "#6b3a26"]);
  const wrapper = random.pick(p.objects);
  const squares: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 3; col++) {
      squares.push(
        `<rect x="${-120 + col * 80 + 6}" y="${-340 + row * 80 + 6}" width="68" height="68" rx="4" fill="#ffffff" opacity="0.08"/>`,
      );
    }
  }
  return [
    `<g transform="rotate(${random.int(-6, 6)})">`,
    `<rect x="-120" y="-340" width="240" height="340" rx="6" fill="${fill}"/>`,
    squares.join(""),
    `<path d="M-128 -190 H128 V4 H-128 Z" fill="${wrapper}"/>`,
    `<path d="M-128 -190 L-110 -200 L-92 -190 L-74 -200 L-56 -190 L-38 -200 L-20 -190 L-2 -200 L16 -190 L34 -200 L52 -190 L70 -200 L88 -190 L106 -200 L128 -190 Z" fill="${wrapper}"/>`,
    `<rect x="-100" y="-140" width="200" height="90" fill="${p.paper}"/>`,
    `<path d="M-70 -110 H70 M-50 -82 H50" stroke="${wrapper}" stroke-width="4"/>`,
    "</g>",
  ].join("");
}

function candyJar(random: Random, p: Palette) {
  const candies: string[] = [];
  for (let i = 0; i < 16; i++) {
    const x = -90 + random.next() * 180;
    const y = -40 - random.next() * 190;
    candies.push(
      `<circle cx="${num(x)}" cy="${num(y)}" r="${num(14 + random.next() * 8)}" fill="${random.pick(p.objects)}"/>`,
    );
  }
  return [
    `<ellipse cx="0" cy="-140" rx="130" ry="140" fill="${p.paper}" opacity="0.55"/>`,
    candies.join(""),
    `<ellipse cx="0" cy="-140" rx="130" ry="140" fill="url(#sheen)"/>`,
    `<rect x="-70" y="-300" width="140" height="30" rx="8" fill="${p.accent}"/>`,
    `<circle cx="0" cy="-312" r="18" fill="${p.accent}"/>`,
  ].join("");
}

function wineBottle(random: Random, p: Palette) {
  const glass = random.pick(p.objects);
  const shape = random.int(0, 2);
  const w = shape === 2 ? 140 : 120;
  const shoulder = shape === 1 ? -210 : -255;
  const neck = shape === 1 ? -335 : -330;
  const foil = random.pick([p.accent, "#8c1c2c", "#e8e1d0"]);
  return [
    `<path d="M${-w / 2} -10 Q${-w / 2} 0 ${-w / 2 + 10} 0 H${w / 2 - 10} Q${w / 2} 0 ${w / 2} -10 V${shoulder} C${w / 2} ${shoulder - 45} 18 ${neck + 35} 18 ${neck} V-410 H-18 V${neck} C-18 ${neck + 35} ${-w / 2} ${shoulder - 45} ${-w / 2} ${shoulder} Z" fill="${glass}"/>`,
    `<rect x="${-w / 2 + 14}" y="${shoulder + 10}" width="12" height="${-shoulder - 30}" rx="6" fill="#ffffff" opacity="0.18"/>`,
    `<rect x="-21" y="${shape === 2 ? -430 : -420}" width="42" height="${shape === 2 ? 110 : 70}" rx="4" fill="${foil}"/>`,
    label(p, -w / 2 + 10, -175, w - 20, 110),
  ].join("");
}

function bottleAndGlass(random: Random, p: Palette) {
  const wine = random.pick(["#6b0f24", "#e3c46a", "#8c1c2c"]);
  return [
    `<g transform="translate(-70 0)">${wineBottle(random, p)}</g>`,
    `<g transform="translate(110 0)">`,
    `<path d="M-55 -250 Q-60 -150 0 -140 Q60 -150 55 -250 Z" fill="#ffffff" opacity="0.22"/>`,
    `<path d="M-52 -205 Q-50 -150 0 -145 Q50 -150 52 -205 Z" fill="${wine}"/>`,
    `<path d="M-3 -140 V-10 M-40 -2 H40" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6" stroke-linecap="round"/>`,
    "</g>",
  ].join("");
}

function wedge(random: Random, p: Palette) {
  const paste = random.pick(p.objects);
  const holes: string[] = [];
  const count = random.int(4, 7);
  for (let i = 0; i < count; i++) {
    // Inside the front triangle (-210,0) (150,0) (150,-180), away from its edges.
    const x = -120 + random.next() * 250;
    const limit = (180 * (x + 210)) / 360;
    const r = 8 + random.next() * 12;
    const y = -(r + 6 + random.next() * Math.max(0, limit - 2 * r - 12));
    holes.push(`<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}"/>`);
  }
  return [
    `<path d="M-210 0 L150 0 L150 -180 Z" fill="${paste}"/>`,
    `<g fill="#000000" opacity="0.12">${holes.join("")}</g>`,
    `<path d="M150 0 L230 -30 L230 -210 L150 -180 Z" fill="${p.accent}"/>`,
    `<path d="M-210 0 L150 -180 L230 -210 L-130 -30 Z" fill="${paste}"/>`,
    `<path d="M-210 0 L150 -180 L230 -210 L-130 -30 Z" fill="#ffffff" opacity="0.25"/>`,
  ].join("");
}

function wheel(random: Random, p: Palette) {
  const rind = random.pick(p.objects);
  const h = random.int(110, 170);
  return [
    `<path d="M-200 ${-h} V0 A200 46 0 0 0 200 0 V${-h} Z" fill="${p.accent}"/>`,
    `<path d="M-200 ${-h} V0 A200 46 0 0 0 200 0 V${-h} Z" fill="url(#sheen)"/>`,
    `<ellipse cx="0" cy="${-h}" rx="200" ry="46" fill="${rind}"/>`,
    `<ellipse cx="0" cy="${-h}" rx="150" ry="32" fill="none" stroke="${p.paper}" stroke-width="3" stroke-dasharray="10 8"/>`,
    `<ellipse cx="0" cy="${-h}" rx="70" ry="15" fill="${p.paper}"/>`,
  ].join("");
}

function saucisson(random: Random, p: Palette) {
  const skin = random.pick(p.objects);
  const specks: string[] = [];
  for (let i = 0; i < 22; i++) {
    specks.push(
      `<circle cx="${num(-200 + random.next() * 360)}" cy="${num(-100 + random.next() * 90)}" r="${num(2 + random.next() * 3)}"/>`,
    );
  }
  const slices: string[] = [];
  for (let i = 0; i < 3; i++) {
    const x = -140 + i * 90;
    slices.push(
      `<ellipse cx="${x}" cy="30" rx="42" ry="16" fill="${skin}"/><ellipse cx="${x}" cy="27" rx="36" ry="12" fill="#b6514a"/><g fill="${p.paper}"><circle cx="${x - 12}" cy="25" r="3"/><circle cx="${x + 10}" cy="29" r="3"/><circle cx="${x + 2}" cy="22" r="2"/></g>`,
    );
  }
  return [
    `<rect x="-220" y="-120" width="430" height="110" rx="55" fill="${skin}"/>`,
    `<g fill="${p.paper}" opacity="0.7">${specks.join("")}</g>`,
    `<ellipse cx="200" cy="-65" rx="26" ry="55" fill="#b6514a"/>`,
    `<path d="M-150 -122 V-8 M-70 -122 V-8 M10 -122 V-8 M90 -122 V-8" stroke="${p.paper}" stroke-width="3" opacity="0.8"/>`,
    `<path d="M-220 -65 Q-250 -70 -262 -40" stroke="${p.paper}" stroke-width="3" fill="none"/>`,
    slices.join(""),
  ].join("");
}

function ham(random: Random, p: Palette) {
  const skin = random.pick(p.objects);
  return [
    `<path d="M-190 -60 C-200 -200 -20 -260 120 -180 L230 -250 L250 -226 L150 -150 C200 -90 170 0 40 0 H-120 C-170 0 -188 -30 -190 -60 Z" fill="${skin}"/>`,
    `<path d="M-150 -70 C-150 -170 -30 -210 90 -160" stroke="#ffffff" stroke-opacity="0.2" stroke-width="14" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="-150" cy="-40" rx="48" ry="40" fill="#d98b84"/>`,
    `<ellipse cx="-150" cy="-40" rx="30" ry="24" fill="#f0d2c8"/>`,
    `<circle cx="240" cy="-238" r="16" fill="${p.paper}"/>`,
  ].join("");
}

function fruitTrio(random: Random, p: Palette) {
  const fruits: string[] = [];
  const spots = [
    { x: -120, r: 90 },
    { x: 100, r: 100 },
    { x: -5, r: 78, y: -150 },
  ];
  for (const spot of spots) {
    const colour = random.pick(p.objects);
    const cy = (spot.y ?? 0) - spot.r;
    fruits.push(
      `<circle cx="${spot.x}" cy="${cy}" r="${spot.r}" fill="${colour}"/>`,
      `<circle cx="${spot.x - spot.r * 0.35}" cy="${cy - spot.r * 0.35}" r="${num(spot.r * 0.25)}" fill="#ffffff" opacity="0.25"/>`,
      `<path d="M${spot.x} ${cy - spot.r + 4} q4 -26 16 -34" stroke="#4a3320" stroke-width="6" fill="none" stroke-linecap="round"/>`,
      `<ellipse cx="${spot.x + 30}" cy="${cy - spot.r - 16}" rx="22" ry="10" transform="rotate(-25 ${spot.x + 30} ${cy - spot.r - 16})" fill="#3f7a3a"/>`,
    );
  }
  return fruits.join("");
}

function crate(random: Random, p: Palette) {
  const fruits: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = -160 + i * 80;
    fruits.push(
      `<circle cx="${x}" cy="-175" r="${random.int(40, 50)}" fill="${random.pick(p.objects)}"/>`,
    );
  }
  return [
    fruits.join(""),
    `<rect x="-220" y="-180" width="440" height="180" rx="6" fill="#b98a55"/>`,
    `<path d="M-220 -120 H220 M-220 -60 H220" stroke="#8a6236" stroke-width="6"/>`,
    `<rect x="-220" y="-180" width="440" height="180" rx="6" fill="none" stroke="#8a6236" stroke-width="6"/>`,
    `<rect x="-90" y="-140" width="180" height="60" fill="${p.paper}"/>`,
    `<path d="M-60 -118 H60 M-40 -100 H40" stroke="${p.surface}" stroke-width="4"/>`,
  ].join("");
}

function cloche(random: Random, p: Palette) {
  const metal = random.pick(p.objects);
  return [
    `<ellipse cx="0" cy="-8" rx="240" ry="30" fill="${p.paper}"/>`,
    `<ellipse cx="0" cy="-14" rx="200" ry="20" fill="#000000" opacity="0.06"/>`,
    `<path d="M-190 -20 C-190 -260 190 -260 190 -20 Z" fill="${metal}"/>`,
    `<path d="M-190 -20 C-190 -260 190 -260 190 -20 Z" fill="url(#sheen)"/>`,
    `<rect x="-190" y="-34" width="380" height="14" rx="7" fill="${p.accent}"/>`,
    `<circle cx="0" cy="-214" r="20" fill="${p.accent}"/>`,
  ].join("");
}

function terrine(random: Random, p: Palette) {
  const dish = random.pick(["#e9e3d6", "#c45a3c", "#2f4e6e"]);
  return [
    `<rect x="-220" y="-150" width="440" height="150" rx="20" fill="${dish}"/>`,
    `<rect x="-220" y="-150" width="440" height="150" rx="20" fill="url(#sheen)"/>`,
    `<rect x="-200" y="-180" width="300" height="46" rx="10" fill="#b0704a"/>`,
    `<path d="M-200 -166 H100" stroke="#f1dfc9" stroke-width="6" opacity="0.7"/>`,
    `<rect x="110" y="-200" width="90" height="66" rx="8" fill="#c88a5e"/>`,
    `<g fill="#7c3b2a"><circle cx="135" cy="-172" r="6"/><circle cx="170" cy="-160" r="5"/><circle cx="155" cy="-185" r="4"/></g>`,
    `<path d="M-226 -96 H-250 M226 -96 H250" stroke="${dish}" stroke-width="16" stroke-linecap="round"/>`,
    `<path d="M-150 -60 H150" stroke="${p.accent}" stroke-width="4"/>`,
  ].join("");
}

function loaf(random: Random, p: Palette) {
  const crust = random.pick(p.objects);
  const long = random.next() < 0.5;
  const rx = long ? 240 : 170;
  const ry = long ? 90 : 130;
  const scores: string[] = [];
  const n = long ? 4 : 3;
  for (let i = 0; i < n; i++) {
    const x = -rx * 0.6 + (i * rx * 1.2) / (n - 1);
    scores.push(`<path d="M${num(x - 34)} ${num(-ry - 20)} q34 -30 68 -2" />`);
  }
  return [
    `<ellipse cx="0" cy="${-ry}" rx="${rx}" ry="${ry}" fill="${crust}"/>`,
    `<ellipse cx="${num(-rx * 0.2)}" cy="${num(-ry * 1.35)}" rx="${num(rx * 0.6)}" ry="${num(ry * 0.35)}" fill="#ffffff" opacity="0.16"/>`,
    `<g stroke="#f3ddb3" stroke-width="10" fill="none" stroke-linecap="round">${scores.join("")}</g>`,
    `<g fill="#ffffff" opacity="0.5">${[0, 1, 2, 3, 4, 5]
      .map(
        (i) =>
          `<circle cx="${num(-rx * 0.5 + random.next() * rx)}" cy="${num(-ry * 1.5 + random.next() * ry * 0.4 + i)}" r="2"/>`,
      )
      .join("")}</g>`,
  ].join("");
}

function tart(random: Random, p: Palette) {
  const fruit = random.pick(["#c0392b", "#a61e3a", "#6b2f5a", "#e8a33a"]);
  const berries: string[] = [];
  for (let i = 0; i < 14; i++) {
    const angle = (i / 14) * Math.PI * 2;
    berries.push(
      `<circle cx="${num(Math.cos(angle) * 150)}" cy="${num(-110 + Math.sin(angle) * 40)}" r="18"/>`,
    );
  }
  for (let i = 0; i < 6; i++) {
    const angle = (i / 6) * Math.PI * 2;
    berries.push(
      `<circle cx="${num(Math.cos(angle) * 70)}" cy="${num(-110 + Math.sin(angle) * 18)}" r="16"/>`,
    );
  }
  return [
    `<path d="M-200 -110 V-40 A200 50 0 0 0 200 -40 V-110 Z" fill="${random.pick(p.objects)}"/>`,
    `<path d="M-200 -110 V-40 A200 50 0 0 0 200 -40 V-110 Z" fill="url(#sheen)"/>`,
    `<ellipse cx="0" cy="-110" rx="200" ry="52" fill="#e6b770"/>`,
    `<ellipse cx="0" cy="-110" rx="180" ry="44" fill="#f6e3b8"/>`,
    `<g fill="${fruit}">${berries.join("")}</g>`,
    `<g fill="#ffffff" opacity="0.35"><circle cx="-6" cy="-116" r="4"/><circle cx="60" cy="-120" r="4"/><circle cx="-130" cy="-106" r="4"/></g>`,
  ].join("");
}

function giftBox(random: Random, p: Palette) {
  const fill = random.pick(p.objects);
  return [
    `<rect x="-170" y="-250" width="340" height="250" rx="6" fill="${fill}"/>`,
    `<rect x="-170" y="-250" width="340" height="250" rx="6" fill="url(#sheen)"/>`,
    `<rect x="-185" y="-300" width="370" height="60" rx="6" fill="${fill}"/>`,
    `<rect x="-185" y="-300" width="370" height="14" rx="6" fill="#ffffff" opacity="0.2"/>`,
    `<rect x="-20" y="-300" width="40" height="300" fill="${p.accent}"/>`,
    `<ellipse cx="-50" cy="-318" rx="50" ry="22" fill="${p.accent}" transform="rotate(-15 -50 -318)"/>`,
    `<ellipse cx="50" cy="-318" rx="50" ry="22" fill="${p.accent}" transform="rotate(15 50 -318)"/>`,
    `<circle cx="0" cy="-312" r="16" fill="${p.accent}"/>`,
  ].join("");
}

/** A small paper label with two printed lines, as on a jar or a bottle. */
function label(p: Palette, x: number, y: number, width: number, height: number) {
  const mid = x + width / 2;
  return [
    `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" rx="4" fill="${p.paper}"/>`,
    `<rect x="${num(x + 6)}" y="${num(y + 6)}" width="${num(width - 12)}" height="${num(height - 12)}" rx="3" fill="none" stroke="${p.accent}" stroke-width="2"/>`,
    `<path d="M${num(mid - width * 0.3)} ${num(y + height * 0.42)} H${num(mid + width * 0.3)} M${num(mid - width * 0.2)} ${num(y + height * 0.64)} H${num(mid + width * 0.2)}" stroke="${p.surface}" stroke-width="4" opacity="0.75"/>`,
  ].join("");
}

// ---------------------------------------------------------------------------------------------
// Determinism

type Random = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
};

/** mulberry32: small, fast and the same on every machine. */
function createRandom(seed: number): Random {
  let state = (Number.isFinite(seed) ? Math.trunc(seed) : 0) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
  };
}

/** One decimal at most, so the markup does not depend on floating-point noise. */
function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}

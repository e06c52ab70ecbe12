/**
 * The demo pictures' titles, measured rather than counted: advance widths of DejaVu Serif and
 * DejaVu Sans (the faces `serif` and `sans-serif` resolve to on Debian, and the widest of the
 * common ones), so a title set to fit here fits on any machine that draws it with a narrower
 * face. A title is wrapped on spaces and shrunk until every line fits its box.
 */

export type Family = "serif" | "sans-serif";

// Advance widths in thousandths of an em, for U+0020 to U+007E, from the fonts' hmtx tables.
// biome-ignore format: a table.
const SERIF = [318,402,460,838,636,950,890,275,390,390,500,838,318,338,318,337,636,636,636,636,636,636,636,636,636,636,337,337,838,838,838,536,1000,722,735,765,802,730,694,799,872,395,401,747,664,1024,875,820,673,820,753,685,667,843,722,1028,712,660,695,390,337,390,838,500,500,596,640,560,640,592,370,640,644,320,310,606,320,948,644,602,640,640,478,513,402,644,565,856,564,565,527,636,337,636,838];
// biome-ignore format: a table.
const SANS = [318,401,460,838,636,950,780,275,390,390,500,838,318,361,318,337,636,636,636,636,636,636,636,636,636,636,337,337,838,838,838,531,1000,684,686,698,770,632,575,775,752,295,295,656,557,863,748,787,603,787,695,635,611,732,684,989,685,611,685,390,337,390,838,500,500,613,635,550,635,615,352,635,634,278,278,579,278,974,634,612,635,635,411,521,392,634,592,818,592,592,525,636,337,636,838];
/** Characters outside ASCII that titles use, by family. */
const OTHERS: Record<Family, Record<string, number>> = {
  serif: {
    "’": 318,
    "«": 612,
    "»": 612,
    "–": 500,
    "—": 1000,
    "…": 1000,
    "°": 500,
    "€": 636,
    œ: 989,
    Œ: 1137,
    æ: 940,
    Æ: 1001,
  },
  "sans-serif": {
    "’": 318,
    "«": 612,
    "»": 612,
    "–": 500,
    "—": 1000,
    "…": 1000,
    "°": 500,
    "€": 636,
    œ: 1023,
    Œ: 1070,
    æ: 982,
    Æ: 974,
  },
};

/** The width of `text` set in `family` at `fontSize`, with `letterSpacing` after each character. */
export function textWidth(text: string, fontSize: number, family: Family, letterSpacing = 0) {
  const table = family === "serif" ? SERIF : SANS;
  let total = 0;
  let count = 0;
  for (const char of text) {
    count += 1;
    const other = OTHERS[family][char];
    if (other !== undefined) {
      total += other;
      continue;
    }
    // An accented letter is as wide as its base letter in these faces.
    const base = char.normalize("NFD").charCodeAt(0);
    total += base >= 32 && base <= 126 ? (table[base - 32] ?? 1000) : 1000;
  }
  return (total / 1000) * fontSize + count * letterSpacing;
}

export type TextBox = {
  family: Family;
  /** The widest a line may be, and the most lines the box holds. */
  width: number;
  maxLines: number;
  /** The tallest the block of lines may be, line height included. */
  height?: number;
  /** Sizes tried from the largest down, in steps of 2. */
  maxSize: number;
  minSize: number;
  lineHeight?: number;
  letterSpacing?: number;
};

export type FittedText = { lines: string[]; fontSize: number; lineHeight: number };

/**
 * Sets `text` in the box: the largest size at which it wraps on spaces into `maxLines` lines
 * that each fit `width` (and, with `height`, whose block fits it). At the smallest size a word
 * wider than the box is broken, and what still does not fit ends with an ellipsis.
 */
export function fitText(text: string, box: TextBox): FittedText {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const ratio = box.lineHeight ?? 1.2;
  const fitsAt = (size: number) => (line: string) =>
    textWidth(line, size, box.family, box.letterSpacing) <= box.width;
  for (let size = box.maxSize; size >= box.minSize; size -= 2) {
    const lines = wrapMeasured(words, fitsAt(size));
    if (lines === null || lines.length > box.maxLines) continue;
    if (box.height === undefined || lines.length * size * ratio <= box.height) {
      return { lines, fontSize: size, lineHeight: size * ratio };
    }
  }
  const size = box.minSize;
  const fits = fitsAt(size);
  return { lines: squeeze(words, fits, box.maxLines), fontSize: size, lineHeight: size * ratio };
}

/** Greedy wrapping on spaces; null when one word alone is too wide. */
function wrapMeasured(words: readonly string[], fits: (line: string) => boolean): string[] | null {
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    if (!fits(word)) return null;
    const joined = current === "" ? word : `${current} ${word}`;
    if (fits(joined)) {
      current = joined;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== "") lines.push(current);
  return lines;
}

/** The last resort: words broken to fit, and an ellipsis where the lines run out. */
function squeeze(words: readonly string[], fits: (line: string) => boolean, maxLines: number) {
  const pieces: string[] = [];
  for (const word of words) {
    let rest = [...word];
    while (rest.length > 1 && !fits(rest.join(""))) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(`${rest.slice(0, cut).join("")}-`)) cut -= 1;
      pieces.push(`${rest.slice(0, cut).join("")}-`);
      rest = rest.slice(cut);
    }
    pieces.push(rest.join(""));
  }
  const lines = wrapMeasured(pieces, fits) ?? pieces;
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = [...(kept.pop() ?? "")];
  while (last.length > 0 && !fits(`${last.join("").replace(/[\s\-,;:.]+$/, "")}…`)) last.pop();
  kept.push(`${last.join("").replace(/[\s\-,;:.]+$/, "")}…`);
  return kept;
}

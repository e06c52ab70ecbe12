import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * The display typeface as app/styles/fonts.css serves it (issue 18, misplaced accents): for each
 * weight, the file whose `unicode-range` the browser picks for a French letter must draw that
 * letter precomposed, so that no accent is taken from another file or a fallback font. The
 * fonts' character maps are read from the WOFF2 files themselves.
 */

const require = createRequire(import.meta.url);
const FONTS_CSS = join(import.meta.dirname, "fonts.css");

/** Every letter and sign of French the headings may print, precomposed (NFC). */
const FRENCH = "àâäæçéèêëîïôöœùûüÿÀÂÄÆÇÉÈÊËÎÏÔÖŒÙÛÜŸ«»’…€ ";

type Face = { family: string; weight: string; file: string; ranges: [number, number][] };

/** The @font-face rules of the typeface sheets fonts.css imports, in their order. */
function servedFaces(): Face[] {
  const faces: Face[] = [];
  const sheet = readFileSync(FONTS_CSS, "utf8");
  for (const [, specifier] of sheet.matchAll(/@import\s+"([^"]+)"/g)) {
    const path = require.resolve(specifier as string);
    const css = readFileSync(path, "utf8");
    for (const [rule] of css.matchAll(/@font-face\s*{[^}]*}/g)) {
      const family = /font-family:\s*'([^']+)'/.exec(rule)?.[1] ?? "";
      const weight = /font-weight:\s*([\d ]+);/.exec(rule)?.[1] ?? "";
      const file = /url\(([^)]+\.woff2)\)/.exec(rule)?.[1] ?? "";
      const ranges = (/unicode-range:\s*([^;]+);/.exec(rule)?.[1] ?? "U+0-10FFFF")
        .split(",")
        .map((range) => {
          const [from, to = from] = range.trim().replace(/^U\+/i, "").split("-") as [
            string,
            string?,
          ];
          return [Number.parseInt(from, 16), Number.parseInt(to, 16)] as [number, number];
        });
      faces.push({ family, weight, file: join(dirname(path), file), ranges });
    }
  }
  return faces;
}

/** The face a browser uses for a character: of those whose range covers it, the last declared. */
function faceFor(faces: Face[], codePoint: number): Face | undefined {
  return faces.findLast((face) =>
    face.ranges.some(([from, to]) => codePoint >= from && codePoint <= to),
  );
}

// WOFF2's known table tags, by index (the WOFF2 specification, table 1): only `cmap` is read.
const CMAP_TAG_INDEX = 0;

function base128(bytes: Buffer, at: { offset: number }): number {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const byte = bytes.readUInt8(at.offset++);
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  throw new Error("bad UIntBase128");
}

/** The glyph id a WOFF2 font maps a code point to (0: none), from its `cmap` table. */
function glyphMap(file: string): (codePoint: number) => number {
  const woff2 = readFileSync(file);
  if (woff2.toString("latin1", 0, 4) !== "wOF2") throw new Error(`${file} is not WOFF2`);
  const numTables = woff2.readUInt16BE(12);
  const compressedLength = woff2.readUInt32BE(20);
  const at = { offset: 48 };
  let cmap: { start: number; length: number } | null = null;
  let position = 0;
  for (let i = 0; i < numTables; i++) {
    const flags = woff2.readUInt8(at.offset++);
    const tag = flags & 0x3f;
    if (tag === 63) at.offset += 4;
    const length = base128(woff2, at);
    // glyf and loca (tags 10, 11) are transformed unless their version is 3; others at version 0 are not.
    const transformed = tag === 10 || tag === 11 ? flags >> 6 !== 3 : flags >> 6 !== 0;
    const stored = transformed ? base128(woff2, at) : length;
    if (tag === CMAP_TAG_INDEX) cmap = { start: position, length };
    position += stored;
  }
  if (!cmap) throw new Error(`${file} has no cmap`);
  const tables = brotliDecompressSync(woff2.subarray(at.offset, at.offset + compressedLength));
  const table = tables.subarray(cmap.start, cmap.start + cmap.length);
  const subtables = Array.from({ length: table.readUInt16BE(2) }, (_, i) => ({
    platform: table.readUInt16BE(4 + i * 8),
    encoding: table.readUInt16BE(6 + i * 8),
    offset: table.readUInt32BE(8 + i * 8),
  }));
  const unicode = subtables.find((s) => s.platform === 3 && s.encoding === 1) ?? subtables[0];
  if (!unicode || table.readUInt16BE(unicode.offset) !== 4) throw new Error("no format 4 cmap");
  const sub = table.subarray(unicode.offset);
  const segments = sub.readUInt16BE(6) / 2;
  const ends = 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (codePoint) => {
    for (let s = 0; s < segments; s++) {
      if (codePoint > sub.readUInt16BE(ends + s * 2)) continue;
      const start = sub.readUInt16BE(starts + s * 2);
      if (codePoint < start) return 0;
      const delta = sub.readInt16BE(deltas + s * 2);
      const rangeOffset = sub.readUInt16BE(rangeOffsets + s * 2);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = sub.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

describe("the display typeface as served", () => {
  const faces = servedFaces().filter((face) => face.family === "Cormorant Garamond");

  it("is served in the weights the headings and titles use", () => {
    expect([...new Set(faces.map((face) => face.weight))].sort()).toEqual(["500", "600"]);
  });

  it("draws every French letter precomposed in the file the browser picks for it", () => {
    const missing: string[] = [];
    for (const weight of ["500", "600"]) {
      const ofWeight = faces.filter((face) => face.weight === weight);
      for (const letter of FRENCH) {
        const codePoint = letter.codePointAt(0) ?? 0;
        const face = faceFor(ofWeight, codePoint);
        if (!face || glyphMap(face.file)(codePoint) === 0) missing.push(`${weight} ${letter}`);
        else if (!face.file.includes("-latin-")) missing.push(`${weight} ${letter} (not latin)`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("reads the files' character maps: a Cyrillic letter is in its own file, not the Latin one", () => {
    const ofWeight = faces.filter((face) => face.weight === "500");
    const latin = ofWeight.find((face) => face.file.includes("-latin-500"));
    const zhe = 0x416; // Ж
    const cyrillic = faceFor(ofWeight, zhe);
    expect(latin && glyphMap(latin.file)(zhe)).toBe(0);
    expect(cyrillic?.file).toMatch(/-cyrillic-500/);
    expect(cyrillic && glyphMap(cyrillic.file)(zhe)).toBeGreaterThan(0);
  });
});

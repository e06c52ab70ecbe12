import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { iconSvg, MANIFEST_ICON_SIZES, THEME_COLOUR } from "#app/lib/layout/site-icons.ts";

/**
 * Draws the shop's icon set into public/ from one SVG (`iconSvg`, app/lib/layout/site-icons.ts):
 * favicon.svg, favicon.ico (16, 32 and 48 pixels), apple-touch-icon.png (180) and the manifest's
 * icon-192.png and icon-512.png. The files are committed; run `node scripts/site-icons.ts` again
 * after changing the drawing or the colours.
 */

const PUBLIC = join(import.meta.dirname, "..", "public");
const svg = Buffer.from(iconSvg());

/** The icon at `size` pixels; `opaque` fills the rounded corners (iOS rounds them itself). */
function png(size: number, opaque = false): Promise<Buffer> {
  const image = sharp(svg, { density: Math.ceil((72 * size) / 32) }).resize(size, size);
  return (opaque ? image.flatten({ background: THEME_COLOUR }) : image)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file of PNG images (allowed since Windows Vista, read by every browser). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

await writeFile(join(PUBLIC, "favicon.svg"), `${iconSvg()}\n`);
const small = await Promise.all(
  [16, 32, 48].map(async (size) => ({ size, data: await png(size) })),
);
await writeFile(join(PUBLIC, "favicon.ico"), ico(small));
await writeFile(join(PUBLIC, "apple-touch-icon.png"), await png(180, true));
for (const size of MANIFEST_ICON_SIZES) {
  await writeFile(join(PUBLIC, `icon-${size}.png`), await png(size));
}
console.log("public/: favicon.svg, favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png");

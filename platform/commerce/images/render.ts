import sharp from "sharp";
import { ImageError } from "#platform/commerce/images/errors.ts";
import type { WebpVariant } from "#platform/commerce/images/variant.ts";

/** Content types an original may have: what sharp reads, with the extension the cache uses. */
export const ORIGINAL_TYPES = {
  "image/svg+xml": "svg",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
} as const;

export type OriginalType = keyof typeof ORIGINAL_TYPES;

export function isOriginalType(contentType: string): contentType is OriginalType {
  return Object.hasOwn(ORIGINAL_TYPES, contentType);
}

export function contentTypeOfExtension(extension: string): OriginalType | undefined {
  const found = Object.entries(ORIGINAL_TYPES).find(([, ext]) => ext === extension);
  return found?.[0] as OriginalType | undefined;
}

/** WebP cannot be larger than this on either side. */
const WEBP_MAX_SIDE = 16_383;
/** librsvg's density is in dots per inch; at 72 one SVG unit is one pixel. */
const SVG_BASE_DENSITY = 72;

/** Width and height of an image, as sharp reads them (an SVG's at 72 dpi: its own units). */
export async function probe(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  try {
    const { width, height, autoOrient } = await sharp(bytes).metadata();
    return autoOrient ?? { width, height };
  } catch (error) {
    throw new ImageError("INVALID_ORIGINAL", `unreadable image: ${(error as Error).message}`);
  }
}

/**
 * Renders an original as webp. An SVG is rasterised at the density that gives the requested
 * size directly (crisp edges and text, no upscaling blur); a bitmap is scaled down, never up.
 * With both `width` and `height` the image fits inside the box, keeping its proportions.
 */
export async function renderWebp(
  original: { contentType: string; bytes: Uint8Array },
  variant: WebpVariant,
): Promise<Buffer> {
  const isSvg = original.contentType === "image/svg+xml";
  try {
    let density: number | undefined;
    if (isSvg) {
      const size = await probe(original.bytes);
      const scales = [
        variant.height !== undefined ? variant.height / size.height : Number.POSITIVE_INFINITY,
        variant.width !== undefined ? variant.width / size.width : Number.POSITIVE_INFINITY,
      ];
      const scale = Math.min(...scales);
      const bounded = Number.isFinite(scale) ? scale : 1;
      density = Math.min(100_000, Math.max(1, SVG_BASE_DENSITY * bounded));
    }
    const boxed = variant.height !== undefined || variant.width !== undefined;
    return await sharp(original.bytes, density === undefined ? {} : { density })
      .rotate()
      .resize({
        width: boxed ? variant.width : WEBP_MAX_SIDE,
        height: boxed ? variant.height : WEBP_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: !isSvg || !boxed,
      })
      .webp({ quality: variant.quality })
      .toBuffer();
  } catch {
    // A stored original sharp cannot read is the shop's fault, not the request's: a 500.
    throw new ImageError("UNRENDERABLE", "the original could not be rendered");
  }
}

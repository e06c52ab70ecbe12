import { z } from "zod";

/** Spec (storefront §9, ordering-and-server §9): webp at these heights, quality 90. */
export const IMAGE_HEIGHTS = [450, 700, 950] as const;
export const DEFAULT_QUALITY = 90;
export const MAX_WIDTH = 2000;

/** What a request asks for: a webp rendering, or the stored original as it is. */
export type Variant =
  | { format: "webp"; height?: number; width?: number; quality: number }
  | { format: "original" };

export type WebpVariant = Extract<Variant, { format: "webp" }>;

/** The nearest allowed height; halfway between two, the larger (sharper) one. */
export function snapHeight(height: number): number {
  let best: number = IMAGE_HEIGHTS[0];
  for (const allowed of IMAGE_HEIGHTS) {
    if (Math.abs(allowed - height) <= Math.abs(best - height)) best = allowed;
  }
  return best;
}

const whole = z
  .string()
  .regex(/^\d{1,7}$/, "must be a whole number")
  .transform(Number)
  .refine((value) => value >= 1, "must be at least 1");

// Other query parameters (cache-busters such as `v=`) are ignored, as image CDNs do.
const querySchema = z.object({
  height: whole.transform(snapHeight).optional(),
  width: whole.transform((value) => Math.min(value, MAX_WIDTH)).optional(),
  quality: whole.refine((value) => value <= 100, "must be between 1 and 100").optional(),
  format: z.enum(["webp", "original"], { error: "must be webp or original" }).default("webp"),
});

export type ParsedVariant = { ok: true; variant: Variant } | { ok: false; error: string };

/**
 * Reads `height`, `width`, `quality` and `format` from a query. `format=original` ignores the
 * other three: it is the stored file, byte for byte.
 */
export function parseVariant(query: Record<string, string | undefined>): ParsedVariant {
  const result = querySchema.safeParse(query);
  if (!result.success) {
    const issue = result.error.issues[0];
    return {
      ok: false,
      error: `${issue?.path.join(".") || "query"}: ${issue?.message ?? "invalid value"}`,
    };
  }
  const { height, width, quality, format } = result.data;
  if (format === "original") return { ok: true, variant: { format } };
  return {
    ok: true,
    variant: {
      format,
      ...(height !== undefined && { height }),
      ...(width !== undefined && { width }),
      quality: quality ?? DEFAULT_QUALITY,
    },
  };
}

/**
 * A variant's file name in the cache, e.g. `h450-q90.webp`, `w800-h700-q80.webp`,
 * `full-q90.webp`; `original` for the stored file (its extension is added by the cache).
 * Made only of digits, letters and `-`, so it is safe as a file name.
 */
export function variantName(variant: Variant): string {
  if (variant.format === "original") return "original";
  const size = [
    variant.width !== undefined ? `w${variant.width}` : "",
    variant.height !== undefined ? `h${variant.height}` : "",
  ]
    .filter(Boolean)
    .join("-");
  return `${size || "full"}-q${variant.quality}.webp`;
}

import { ImageError } from "#platform/commerce/images/errors.ts";

/** Where the image service is mounted; an image's URL is this prefix, a slash and its path. */
export const IMAGE_ROUTE_PREFIX = "/cdn/images";

const MAX_PATH_LENGTH = 512;

/**
 * Why a stored-file path is refused, or `null` when it is fine. A path is relative, made of
 * non-empty segments separated by `/`, none of them `.` or `..`, with no backslash, colon
 * (drive letters), percent sign (a second round of URL encoding) or control character. The
 * cache never uses the path as a file name (it hashes it), so this is about answering a clear
 * 400 to anything that looks like a traversal, not the only line of defence.
 */
export function imagePathProblem(path: string): string | null {
  if (path.length === 0) return "the image path is empty";
  if (path.length > MAX_PATH_LENGTH) return `the image path is longer than ${MAX_PATH_LENGTH}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse.
  if (/[\u0000-\u001f\u007f\\:%]/.test(path)) {
    return "the image path contains a forbidden character";
  }
  const segments = path.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) {
    return "the image path must be relative, without empty, '.' or '..' segments";
  }
  return null;
}

export function assertImagePath(path: string): void {
  const problem = imagePathProblem(path);
  if (problem !== null) throw new ImageError("INVALID_PATH", problem);
}

export type ImageUrlOptions = {
  height?: number;
  width?: number;
  quality?: number;
  format?: "webp" | "original";
};

/** `products/a b.svg`, `{ height: 450 }` → `/cdn/images/products/a%20b.svg?height=450`. */
export function imageUrl(path: string, options: ImageUrlOptions = {}): string {
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  const query = new URLSearchParams();
  for (const key of ["height", "width", "quality", "format"] as const) {
    const value = options[key];
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.size > 0 ? `?${query}` : "";
  return `${IMAGE_ROUTE_PREFIX}/${encoded}${search}`;
}

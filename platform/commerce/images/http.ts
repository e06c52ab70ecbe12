import { Hono } from "hono";
import { IMAGE_ERROR_STATUS, ImageError } from "#platform/commerce/images/errors.ts";
import { imagePathProblem } from "#platform/commerce/images/paths.ts";
import {
  createImageService,
  type ImageResult,
  type ImageService,
  type ImageServiceOptions,
} from "#platform/commerce/images/service.ts";
import { parseVariant } from "#platform/commerce/images/variant.ts";

export type ImageRoutesOptions = ImageServiceOptions | { service: ImageService };

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Headers on every image. An original SVG opened on its own is a document that could run
 * script on the shop's origin: the sandbox policy and `nosniff` keep it a picture.
 */
const SAFETY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/**
 * `GET <mount>/<path>?height=&width=&quality=&format=`: the image service's HTTP API, to mount
 * at `/cdn/images` (`IMAGE_ROUTE_PREFIX`). Pass `{ database, cacheDir }`, or a service made
 * with `createImageService` when the caller also needs `invalidate` or `stats`.
 */
export function createImageRoutes(options: ImageRoutesOptions): Hono {
  const service = "service" in options ? options.service : createImageService(options);
  const routes = new Hono();

  routes.get("/:path{.+}", async (c) => {
    const fail = (status: 400 | 404 | 500, error: string) =>
      c.json({ error }, status, { "Cache-Control": "no-store" });

    // Hono hands the path over percent-decoded, so `..%2f` arrives as `../` and is refused here.
    const path = c.req.param("path");
    const problem = imagePathProblem(path);
    if (problem !== null) return fail(400, problem);
    const parsed = parseVariant(c.req.query());
    if (!parsed.ok) return fail(400, parsed.error);

    let image: ImageResult;
    try {
      image = await service.get(path, parsed.variant);
    } catch (error) {
      if (error instanceof ImageError) return fail(IMAGE_ERROR_STATUS[error.code], error.message);
      throw error;
    }

    const headers = {
      ...SAFETY_HEADERS,
      "Cache-Control": IMMUTABLE,
      ETag: image.etag,
      "X-Image-Cache": image.source,
    };
    if (matchesEtag(c.req.header("If-None-Match"), image.etag)) {
      return c.body(null, 304, headers);
    }
    return c.body(image.bytes, 200, {
      ...headers,
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.byteLength),
    });
  });

  return routes;
}

/** RFC 9110 §13.1.2: a list of tags or `*`, compared weakly (a `W/` prefix is ignored). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
}

import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  deleteImage,
  forgetCachedImage,
  imagePathProblem,
  MAX_UPLOAD_BYTES,
  MULTIPART_OVERHEAD,
  uploadImage,
} from "#platform/commerce/index.ts";
import { assetNamesByFileUrl } from "#platform/content/index.ts";
import type { ApiDependencies } from "#server/api/types.ts";
import { requireVerify } from "#server/api/verify.ts";

const deleteBody = z.object({ path: z.string().trim().min(1) });

/**
 * `POST /api/images/upload` (multipart, field `file`) and `POST /api/images/delete` (`{ path }`
 * as JSON or form), for scripts, behind the verify header (ordering-and-server.md §5, §7). The
 * admin area's `images` screen does the same for signed-in staff.
 */
export function imageRoutes(deps: ApiDependencies) {
  const api = new Hono();
  api.use("/images/*", requireVerify(deps.env));

  api.post(
    "/images/upload",
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD,
      onError: (c) => c.json({ success: false, error: "file larger than 5 MB" }, 413),
    }),
    async (c) => {
      const body = await c.req.parseBody().catch(() => null);
      const file = body?.file;
      if (!(file instanceof File)) {
        return c.json(
          { success: false, error: "send the image as the multipart field 'file'" },
          400,
        );
      }
      const result = await uploadImage(deps.database.db, {
        name: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
      if (!result.ok) {
        return c.json(
          { success: false, error: result.code, message: result.message },
          result.code === "too_large" ? 413 : 415,
        );
      }
      deps.logger.info({ event: "image-upload", path: result.image.path }, "image uploaded");
      return c.json({ success: true, response: result.image });
    },
  );

  api.post("/images/delete", async (c) => {
    const type = c.req.header("content-type") ?? "";
    const raw = type.includes("application/json")
      ? await c.req.json().catch(() => null)
      : await c.req.parseBody().catch(() => null);
    const parsed = deleteBody.safeParse(raw);
    const path = parsed.success ? parsed.data.path.replace(/^\/?cdn\/images\//, "") : "";
    if (!parsed.success || imagePathProblem(path) !== null) {
      return c.json({ success: false, error: "path must name a stored image" }, 400);
    }
    // A file a content media shows is kept, as on the admin area's screen.
    const result = await deleteImage(deps.database.db, path, { media: assetNamesByFileUrl });
    if (!result.ok) {
      return c.json(
        { success: false, error: result.code, message: result.message, usedBy: result.usedBy },
        result.code === "not_found" ? 404 : 409,
      );
    }
    await forgetCachedImage(deps, path);
    deps.logger.info({ event: "image-delete", path }, "image deleted");
    return c.json({ success: true, response: { path } });
  });
  return api;
}

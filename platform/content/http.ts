import type { Context, Hono } from "hono";
import type { Db } from "#db/client.ts";
import {
  bearerToken,
  type ContentEnv,
  contentApiBase,
  notFound,
} from "#platform/content/api-base.ts";
import {
  type DeliveryScope,
  getAsset,
  getContentType,
  getEntry,
  listAssets,
  listContentTypes,
  listEntries,
} from "#platform/content/delivery.ts";

export type ContentApiOptions = {
  db: Db;
  /** The Delivery API token clients send as `Authorization: Bearer …` or `?access_token=`. */
  accessToken: string;
  /** Contentful's space id (`comptoir` by default). */
  space?: string;
  /** Contentful's environment id (`master` by default). */
  environment?: string;
};

/** Where the Preview API is mounted: Contentful's preview host, as a path beside `/content`. */
export const PREVIEW_BASE_PATH = "/content-preview";

/**
 * The content service's Delivery API, Contentful-compatible so the official `contentful` SDK can
 * talk to it with `host` and `basePath: "/content"`:
 * `/content/spaces/:space[/environments/:environment]/{entries,assets,content_types}[/:id]`.
 * It shows published content only, as it was published.
 */
export function createContentApi(options: ContentApiOptions) {
  const api = contentApiBase(
    "/content",
    options.accessToken,
    (c) => bearerToken(c) ?? c.req.query("access_token"),
  );
  return readRoutes(api, options, "delivery");
}

/**
 * Contentful's Preview API: the Delivery API's paths and shapes under `/content-preview`, with
 * its own token (`CONTENT_PREVIEW_TOKEN`), showing every entry and asset that is not archived as
 * it is now, drafts included — what a page will look like once published. The SDK reads it with
 * `host` and `basePath: "/content-preview"`. Never cached anywhere: `Cache-Control: no-store`.
 */
export function createContentPreviewApi(options: ContentApiOptions) {
  const api = contentApiBase(
    PREVIEW_BASE_PATH,
    options.accessToken,
    (c) => bearerToken(c) ?? c.req.query("access_token"),
  );
  api.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store, private");
  });
  return readRoutes(api, options, "preview");
}

function readRoutes(
  api: Hono<ContentEnv>,
  options: ContentApiOptions,
  view: DeliveryScope["view"],
): Hono<ContentEnv> {
  const scope: DeliveryScope = {
    space: options.space ?? "comptoir",
    environment: options.environment ?? "master",
    view,
  };
  const { db } = options;

  /** The request's query, once its space and environment are known to be this service's. */
  const query = (c: Context<ContentEnv>) => {
    const { space, environment = "master" } = c.req.param() as Record<string, string | undefined>;
    if (space !== scope.space) throw notFound("Space", space);
    if (environment !== scope.environment) throw notFound("Environment", environment);
    return new URL(c.req.url).searchParams;
  };

  for (const prefix of ["/spaces/:space/environments/:environment", "/spaces/:space"]) {
    api.get(`${prefix}/entries`, async (c) => c.json(await listEntries(db, query(c), scope)));
    api.get(`${prefix}/entries/:id`, async (c) => {
      query(c);
      return c.json(await getEntry(db, c.req.param("id"), scope));
    });
    api.get(`${prefix}/assets`, async (c) => c.json(await listAssets(db, query(c), scope)));
    api.get(`${prefix}/assets/:id`, async (c) => {
      query(c);
      return c.json(await getAsset(db, c.req.param("id"), scope));
    });
    api.get(`${prefix}/content_types`, (c) => {
      query(c);
      return c.json(listContentTypes(scope));
    });
    api.get(`${prefix}/content_types/:id`, (c) => {
      query(c);
      return c.json(getContentType(c.req.param("id"), scope));
    });
  }
  // Anything else under the base path belongs to this service, and does not exist.
  api.all("/*", () => {
    throw notFound("Route", undefined);
  });
  return api;
}

import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { createTestDatabase } from "#db/testing/index.ts";
import { composedShops } from "#server/testing.ts";

/**
 * The shop's icon set (issue 47: `/favicon.ico` answered 404 on every page): the favicon, the SVG
 * icon, the apple-touch icon and the web app manifest answer with their types, and every page's
 * head links them. The files are public/'s, as the production server serves them from the build.
 */
let database: Database;
let close: () => Promise<void>;
let request: (path: string) => Promise<Response>;

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  const shops = await composedShops(database);
  close = shops.close;
  const shop = shops.shop({}, { clientDirectory: join(import.meta.dirname, "../../public") });
  request = (path) => shop.request(`http://localhost${path}`);
}, 180_000);

afterAll(async () => {
  await close?.();
  await database?.close();
});

describe("the shop's icons", () => {
  it("answer with their types", async () => {
    for (const [path, type] of [
      ["/favicon.ico", /^image\/(x-icon|vnd\.microsoft\.icon)/],
      ["/favicon.svg", /^image\/svg\+xml/],
      ["/apple-touch-icon.png", /^image\/png/],
      ["/icon-192.png", /^image\/png/],
      ["/icon-512.png", /^image\/png/],
      ["/site.webmanifest", /^application\/manifest\+json/],
    ] as const) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toMatch(type);
      expect(response.headers.get("cache-control"), path).toMatch(/^public, max-age=\d+/);
      expect((await response.arrayBuffer()).byteLength, path).toBeGreaterThan(100);
    }
  });

  it("are named with the shop's name and colours by a manifest that is valid JSON", async () => {
    const manifest = (await (await request("/site.webmanifest")).json()) as {
      name: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Comptoir",
      theme_color: "#7a2e2e",
      background_color: "#fbf8f3",
    });
    for (const icon of manifest.icons) {
      const response = await request(icon.src);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get("content-type"), icon.src).toContain(icon.type);
    }
  });

  it("are linked from every page's head", async () => {
    for (const path of ["/", "/c/fromagerie/", "/compte/", "/panier/", "/faq/", "/page-absente/"]) {
      const html = await (await request(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const links = [...head.matchAll(/<link [^>]*>/g)].map((tag) => {
        const attribute = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag[0])?.[1];
        return `${attribute("rel")} ${attribute("href")}`;
      });
      expect(links, path).toEqual(
        expect.arrayContaining([
          "icon /favicon.ico",
          "icon /favicon.svg",
          "apple-touch-icon /apple-touch-icon.png",
          "manifest /site.webmanifest",
        ]),
      );
      expect(head, path).toContain('<meta name="theme-color" content="#7a2e2e"/>');
    }
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import type { SecureHeadersVariables } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { firstPaint, modulePreloadsOf, moduleScriptOf } from "./first-paint.ts";

const client = mkdtempSync(join(tmpdir(), "first-paint-"));
mkdirSync(join(client, "assets"));
writeFileSync(join(client, "assets/app-1.css"), "body{color:red}");
writeFileSync(join(client, "assets/card-2.css"), ".card{margin:0}");
writeFileSync(join(client, "assets/evil-3.css"), ".x{content:'</style><script>'}");
writeFileSync(join(client, "secret.css"), "nope");

const SCRIPT =
  '<script type="module" async="">import * as route0 from "/assets/root-1.js";</script>';

function page(head: string, body = "<p>Bonjour</p>") {
  return `<!DOCTYPE html><html><head>${head}</head><body>${body}${SCRIPT}</body></html>`;
}

type Options = { contentType?: string; maxBytes?: number; nonce?: string };

function appAnswering(html: string, options: Options = {}) {
  const app = new Hono<{ Variables: SecureHeadersVariables }>();
  // As the security headers middleware does before the page renders.
  const { nonce } = options;
  if (nonce) {
    app.use((c, next) => {
      c.set("secureHeadersNonce", nonce);
      return next();
    });
  }
  app.use(firstPaint({ clientDirectory: client, maxStyleBytes: options.maxBytes }));
  app.get("*", (c) =>
    c.body(html, 200, {
      "Content-Type": options.contentType ?? "text/html; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(html)),
    }),
  );
  return app;
}

async function rewrite(html: string, options?: Options) {
  const res = await appAnswering(html, options).request("/c/fromagerie/");
  return { res, body: await res.text() };
}

describe("firstPaint: stylesheets", () => {
  it("puts each sheet's text before its link and disables the link", async () => {
    const { res, body } = await rewrite(
      page(
        '<link rel="stylesheet" href="/assets/app-1.css"/><link rel="stylesheet" href="/assets/card-2.css#"/>',
      ),
    );
    expect(body).toContain(
      '<style data-href="/assets/app-1.css">body{color:red}</style><link rel="stylesheet" href="/assets/app-1.css" disabled=""/>',
    );
    expect(body).toContain(
      '<style data-href="/assets/card-2.css">.card{margin:0}</style><link rel="stylesheet" href="/assets/card-2.css#" disabled=""/>',
    );
    expect(body.indexOf("app-1.css")).toBeLessThan(body.indexOf("card-2.css"));
    expect(res.headers.get("Content-Length")).toBeNull();
    expect(body).toContain("<p>Bonjour</p>");
  });

  it("rewrites the head only: a link in the body stays as written", async () => {
    const link = '<link rel="stylesheet" href="/assets/card-2.css"/>';
    const { body } = await rewrite(page("<title>t</title>", `<p>Texte</p>${link}`));
    expect(body).toContain(`<p>Texte</p>${link}`);
    expect(body).not.toContain("<style");
  });

  it("inlines a sheet linked twice only once", async () => {
    const link = '<link rel="stylesheet" href="/assets/app-1.css"/>';
    const { body } = await rewrite(page(link + link));
    expect(body.match(/body\{color:red\}/g)).toHaveLength(1);
    expect(body.match(/disabled=""/g)).toHaveLength(2);
  });

  it("never lets a sheet close its style element", async () => {
    const { body } = await rewrite(page('<link rel="stylesheet" href="/assets/evil-3.css"/>'));
    expect(body).not.toContain("</style><script>");
    expect(body).toContain("<\\/style><script>");
  });

  it("leaves a missing sheet, a path outside assets and other answers alone", async () => {
    const missing = page('<link rel="stylesheet" href="/assets/gone-9.css"/>');
    expect((await rewrite(missing)).body).toBe(missing);

    const outside = page('<link rel="stylesheet" href="/assets/../secret.css"/>');
    expect((await rewrite(outside)).body).toBe(outside);

    const json = '<link rel="stylesheet" href="/assets/app-1.css"/>';
    expect((await rewrite(json, { contentType: "application/json" })).body).toBe(json);
  });

  it("keeps the links when a page's sheets are too big to inline", async () => {
    const html = page('<link rel="stylesheet" href="/assets/app-1.css"/>');
    expect((await rewrite(html, { maxBytes: 4 })).body).toBe(html);
  });
});

describe("firstPaint: module preloads", () => {
  const preloads =
    '<link rel="modulepreload" href="/assets/entry-1.js"/><link rel="modulepreload" href="/assets/root-1.js"/>';

  it("takes them out of the head; the module script waits, and a script after it starts both after the first paint", async () => {
    const { body } = await rewrite(page(`<meta charSet="utf-8"/>${preloads}<title>T</title>`));
    expect(body).not.toContain('<link rel="modulepreload"');
    expect(body).not.toContain('<script type="module"');
    const waiting =
      '<script type="text/x-after-first-paint" async="">import * as route0 from "/assets/root-1.js";</script>';
    const start = body.indexOf(waiting);
    expect(start).toBeGreaterThan(body.indexOf("<p>Bonjour</p>"));
    const starter = body.slice(start + waiting.length);
    expect(starter).toMatch(
      /^<script>\(function\(h\)\{.*requestAnimationFrame.*<\/script><\/body><\/html>$/,
    );
    expect(starter).toContain('l.rel="modulepreload";l.fetchPriority="low"');
    expect(starter).toContain('s.type="module"');
    expect(modulePreloadsOf(body)).toEqual(["/assets/entry-1.js", "/assets/root-1.js"]);
    expect(
      body.startsWith('<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>T</title></head>'),
    ).toBe(true);
  });

  it("leaves a page without a module script or without preloads as it is", async () => {
    const noScript = `<html><head>${preloads}</head><body><p>Hors ligne</p></body></html>`;
    expect((await rewrite(noScript)).body).toBe(noScript);
    const noPreload = page("<title>T</title>");
    expect((await rewrite(noPreload)).body).toBe(noPreload);
  });

  it("does not touch a preload written in the body", async () => {
    const html = page("<title>T</title>", `<p>Bonjour</p>${preloads}`);
    expect((await rewrite(html)).body).toBe(html);
  });

  it("passes the body's bytes through whole: accents, emoji, text past 64 kB", async () => {
    const body = `<p>Crème brûlée, œufs, 🧀</p>${"é".repeat(70_000)}`;
    const { body: out } = await rewrite(page(preloads, body));
    expect(out).toContain(body);
    expect(out.endsWith("</body></html>")).toBe(true);
  });
});

describe("firstPaint: with a CSP nonce", () => {
  const NONCE = "bm9uY2UtdGVzdA==";

  it("signs what it writes inline and keeps the nonce React Router wrote on the links", async () => {
    const head =
      `<link nonce="${NONCE}" rel="stylesheet" href="/assets/app-1.css"/>` +
      `<link rel="modulepreload" href="/assets/entry-1.js" nonce="${NONCE}"/>`;
    const script = `<script nonce="${NONCE}" type="module" async="">import "/assets/root-1.js";</script>`;
    const html = `<!DOCTYPE html><html><head>${head}</head><body><p>Bonjour</p>${script}</body></html>`;
    const { body } = await rewrite(html, { nonce: NONCE });
    expect(body).toContain(
      `<style nonce="${NONCE}" data-href="/assets/app-1.css">body{color:red}</style>` +
        `<link nonce="${NONCE}" rel="stylesheet" href="/assets/app-1.css" disabled=""/>`,
    );
    expect(body).not.toContain('<link rel="modulepreload"');
    // The starter is signed, and signs what it adds (preloads and the module script) with its
    // own nonce: 'strict-dynamic' does not cover links, and the module script is inline.
    expect(body).toContain(
      `<script nonce="${NONCE}" type="text/x-after-first-paint" async="">import "/assets/root-1.js";</script><script nonce="${NONCE}">(function(h){var d=document,c=d.currentScript,n=c.nonce,`,
    );
    expect(body).toContain("if(n)l.nonce=n");
    expect(body).toContain("if(n)s.nonce=n");
    expect(modulePreloadsOf(body)).toEqual(["/assets/entry-1.js"]);
  });
});

describe("modulePreloadsOf", () => {
  it("reads the preloads written as links and those the script adds", () => {
    const links = page('<link rel="modulepreload" href="/assets/entry-1.js"/>');
    expect(modulePreloadsOf(links)).toEqual(["/assets/entry-1.js"]);
  });

  it("reads the preloads the first-paint script adds", async () => {
    const { body } = await rewrite(
      page(
        '<link rel="modulepreload" href="/assets/entry-1.js"/><link rel="modulepreload" href="/assets/root-1.js"/>',
      ),
    );
    expect(modulePreloadsOf(body)).toEqual(["/assets/entry-1.js", "/assets/root-1.js"]);
  });
});

describe("moduleScriptOf", () => {
  const script = 'import * as route0 from "/assets/root-1.js";';
  const bare = (body: string) => `<!DOCTYPE html><html><head></head><body>${body}</body></html>`;

  it("reads the module script as React Router writes it, with or without a nonce", () => {
    expect(moduleScriptOf(page(""))).toBe(script);
    expect(
      moduleScriptOf(
        bare(
          `<script>window.x=1</script><script nonce="abc" type="module" async="">${script}</script>`,
        ),
      ),
    ).toBe(script);
  });

  it("reads it while it waits for the first paint", async () => {
    const { body } = await rewrite(page('<link rel="modulepreload" href="/assets/root-1.js"/>'));
    expect(body).toContain(`<script type="text/x-after-first-paint" async="">${script}</script>`);
    expect(moduleScriptOf(body)).toBe(script);
  });

  it("is empty for a page without one", () => {
    expect(moduleScriptOf(bare("<p>Hors ligne</p><script>window.x=1</script>"))).toBe("");
  });
});

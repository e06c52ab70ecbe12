import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import type { MiddlewareHandler } from "hono";

export type FirstPaintOptions = {
  /** The client build's folder: `/assets/x.css` is read from `<clientDirectory>/assets/x.css`. */
  clientDirectory: string;
  /** Above this many bytes of CSS for one page, the page keeps its stylesheet links as they are. */
  maxStyleBytes?: number;
};

/**
 * A stylesheet link as React Router's `<Links />` writes it (a `#` marks a deduplicated chunk),
 * with the page's CSP nonce first when it has one.
 */
const STYLESHEET =
  /<link ((?:nonce="[^"]*" )?)rel="stylesheet" href="(\/assets\/[^"#?]+\.css)(#?)"\/>/g;
/** A module preload as React writes it (hoisted into `<head>`), the nonce last. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
/**
 * React Router's module script, at the end of `<body>`, which imports the page's modules; with a
 * CSP, the nonce comes first: `<script nonce="…" type="module"`.
 */
const moduleScript = (nonce: string) => `<script${nonce} type="module"`;
/** The script `afterFirstPaint` writes: the list of hrefs it adds as module preloads. */
const ADDED_PRELOADS =
  /<script(?: nonce="[^"]*")?>\(function\(h\)[^<]*?\}\)\((\[[^\]]*\])\)<\/script>/;
/** What the module script's `type` becomes until the first paint: a type no browser runs. */
const WAITING_TYPE = "text/x-after-first-paint";

const DEFAULT_MAX_STYLE_BYTES = 150_000;

/**
 * The page's own content first (issue 7, Lighthouse), in two rewrites of a production page:
 *
 * - **Stylesheets in the page.** Each `<link rel="stylesheet">` gets the sheet's text in a
 *   `<style>` just before it, and the link becomes `disabled` (not fetched), so the first paint
 *   waits for no stylesheet request.
 * - **Scripts after the content.** React puts the `<link rel="modulepreload">`s at the top of
 *   `<head>`, so on a slow connection some 150 kB of script compete with the document, its
 *   fonts and its main image before anything shows. A small script right after React Router's
 *   module script at the end of `<body>` adds them instead, once the page has painted its
 *   content, and only then lets the module script run: still fetched in parallel, at low
 *   priority (`fetchpriority="low"`), after the fonts and images of the first screen. A module
 *   preload's own priority is High, and Lighthouse's simulation counts every request that ended
 *   before the observed first paint as needed for it: on a busy machine the scripts had, and its
 *   LCP went from 1.4 to 2.9 s.
 *
 * Hydration is unaffected: React matches a stylesheet link in `<head>` by `rel` and `href` only
 * and skips elements it did not render there (the `<style>`s); module preloads are looked up
 * in the whole document, so it adopts the ones the script added. After client-side navigations React Router
 * adds the next pages' sheets as ordinary links; the inlined sheets stay, as the links they
 * duplicate would, and a sheet already in the page is not fetched again.
 *
 * Runs inside the page cache, so a cached page is rewritten once. Only HTML answers to GET are
 * touched; a sheet that cannot be read leaves its link alone.
 */
export function firstPaint(options: FirstPaintOptions): MiddlewareHandler {
  const maxStyleBytes = options.maxStyleBytes ?? DEFAULT_MAX_STYLE_BYTES;
  const assets = normalize(join(options.clientDirectory, "assets"));
  const sheets = new Map<string, Promise<string | null>>();

  function sheet(href: string): Promise<string | null> {
    let text = sheets.get(href);
    if (!text) {
      const file = normalize(join(options.clientDirectory, href));
      text = file.startsWith(assets)
        ? readFile(file, "utf8").then(
            // A sheet never closes the element it is inlined in.
            (css) => css.replace(/<\/style/gi, "<\\/style"),
            () => null,
          )
        : Promise.resolve(null);
      // Hashed file names: a sheet's text never changes while the server runs.
      sheets.set(href, text);
    }
    return text;
  }

  /** `<head>` with each stylesheet link's sheet inlined before it, and the link disabled. */
  async function inlineStylesheets(head: string, nonce: string): Promise<string> {
    const hrefs = [...new Set([...head.matchAll(STYLESHEET)].map((match) => match[2] as string))];
    const texts = new Map<string, string>();
    let total = 0;
    for (const href of hrefs) {
      const text = await sheet(href);
      if (text === null) continue;
      texts.set(href, text);
      total += text.length;
    }
    if (texts.size === 0 || total > maxStyleBytes) return head;
    const written = new Set<string>();
    return head.replace(STYLESHEET, (link, linkNonce: string, href: string, hash: string) => {
      const text = texts.get(href);
      if (text === undefined) return link;
      const style = written.has(href) ? "" : `<style${nonce} data-href="${href}">${text}</style>`;
      written.add(href);
      return `${style}<link ${linkNonce}rel="stylesheet" href="${href}${hash}" disabled=""/>`;
    });
  }

  return async (c, next) => {
    await next();
    if (c.req.method !== "GET") return;
    const res = c.res;
    if (!res.body || !res.headers.get("Content-Type")?.startsWith("text/html")) return;
    // What this writes is inline, so it carries the page's CSP nonce as React's own elements do.
    const nonce = nonceAttribute(c.get("secureHeadersNonce"));

    // Only `<head>` is read as text; the body (most of a page's bytes) passes through as bytes,
    // with the preloads' script added before the module script when there is one.
    const page = Buffer.from(await res.arrayBuffer());
    const headEnd = page.indexOf("</head>");
    let parts: Uint8Array[] = [page];
    if (headEnd !== -1) {
      const text = page.toString("utf8", 0, headEnd);
      const scriptAt = page.indexOf(moduleScript(nonce), headEnd);
      const scriptEnd = scriptAt === -1 ? -1 : page.indexOf("</script>", scriptAt);
      // Without a module script to start after the first paint, the preloads stay where they are.
      const moved =
        scriptEnd === -1
          ? { head: text, starter: "" }
          : afterFirstPaint(text, page.toString("utf8", scriptAt, scriptEnd), nonce);
      const head = Buffer.from(await inlineStylesheets(moved.head, nonce));
      parts = moved.starter
        ? [
            head,
            page.subarray(headEnd, scriptAt),
            Buffer.from(moved.starter),
            page.subarray(scriptEnd + "</script>".length),
          ]
        : [head, page.subarray(headEnd)];
    }
    // Hono copies the first answer's headers into the next: its length must not survive.
    res.headers.delete("Content-Length");
    c.res = new Response(Buffer.concat(parts), res);
  };
}

/**
 * Takes the module preloads out of `<head>`, and has the page's scripts start once it has painted
 * its content: the module script (`openedScript`, without its closing tag) is written with a type
 * no browser runs, and a small script right after it, on the first frame's next task, adds the
 * preloads (same `href`s and order, low fetch priority) and puts the module script back as a
 * module. They still load together, not as an import waterfall; a hidden tab, which paints no
 * frame, starts them after a second. No preloads, no change.
 */
function afterFirstPaint(
  head: string,
  openedScript: string,
  nonce: string,
): { head: string; starter: string } {
  const hrefs = [...head.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  if (hrefs.length === 0) return { head, starter: "" };
  // The hrefs are React Router's own asset paths; JSON keeps them a safe script literal.
  const list = JSON.stringify(hrefs).replace(/</g, "\\u003c");
  const tagEnd = openedScript.indexOf(">");
  const waiting =
    openedScript.slice(0, tagEnd).replace(' type="module"', ` type="${WAITING_TYPE}"`) +
    openedScript.slice(tagEnd);
  // With a CSP, the preloads and the module script carry this script's nonce: 'strict-dynamic'
  // trusts the scripts a trusted script adds, not its links, and an inline script needs it.
  const starter =
    `<script${nonce}>(function(h){var d=document,c=d.currentScript,n=c.nonce,m=c.previousElementSibling,` +
    `go=function(){if(!m)return;h.forEach(function(x){var l=d.createElement("link");l.rel="modulepreload";` +
    `l.fetchPriority="low";l.href=x;if(n)l.nonce=n;d.head.appendChild(l)});var s=d.createElement("script");` +
    `s.type="module";if(n)s.nonce=n;s.textContent=m.textContent;m.replaceWith(s);m=null};` +
    `requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,1000)})(${list})</script>`;
  return { head: head.replace(MODULE_PRELOAD, ""), starter: `${waiting}</script>${starter}` };
}

/** ` nonce="…"` for an inline element, or nothing when the page has no nonce. */
function nonceAttribute(nonce: string | undefined): string {
  return nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, "")}"` : "";
}

/** The text of a page's module script, whether it runs at once or waits for the first paint. */
export function moduleScriptOf(html: string): string {
  const opening = new RegExp(`<script[^>]* type="(?:module|${WAITING_TYPE})"[^>]*>`).exec(html);
  if (!opening) return "";
  const start = opening.index + opening[0].length;
  return html.slice(start, html.indexOf("</script>", start));
}

/** The module preloads of a page, whether written as links or added by the script above. */
export function modulePreloadsOf(html: string): string[] {
  const added = ADDED_PRELOADS.exec(html)?.[1];
  return [
    ...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string),
    ...(added ? (JSON.parse(added) as string[]) : []),
  ];
}

import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { canonicalUrl, jsonLd, seoMeta } from "./seo.ts";
import { type ServerContext, serverContext } from "./server-context.ts";

describe("seoMeta", () => {
  it("gives title, a cut description, the canonical link and Open Graph", () => {
    const long = `${"Une phrase courte et claire. ".repeat(8)}`;
    const meta = seoMeta({ title: "Comté", description: long, canonical: "https://x.fr/p/comte/" });
    const description = meta.find((tag) => "name" in tag && tag.name === "description");
    const content = description && "content" in description ? String(description.content) : "";
    expect(content.length).toBeGreaterThan(0);
    expect(content.length).toBeLessThanOrEqual(156);
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://x.fr/p/comte/",
    });
    expect(meta).toContainEqual({ property: "og:title", content: "Comté" });
  });
});

describe("canonicalUrl and jsonLd", () => {
  it("puts the path on the shop's public origin", () => {
    const context = new RouterContextProvider();
    context.set(serverContext, { env: { PUBLIC_URL: "https://shop.test" } } as ServerContext);
    expect(canonicalUrl(context, "/c/cave/")).toBe("https://shop.test/c/cave/");
  });

  it("cannot close the script it is written in", () => {
    expect(jsonLd({ name: "</script><b>" })).toBe('{"name":"\\u003c/script>\\u003cb>"}');
  });
});

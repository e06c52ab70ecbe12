import { describe, expect, it } from "vitest";
import { sanitizeRichHtml } from "#platform/commerce/catalogue/rich-html.ts";

describe("sanitizeRichHtml", () => {
  it("keeps a description's structure: paragraphs, headings, lists, emphasis, tables", () => {
    const html =
      "<h2>Origine</h2><p>Un <strong>comté</strong> <em>affiné</em> 18 mois.</p>" +
      '<ul><li>Lait cru</li></ul><table><thead><tr><th scope="col">Pour 100 g</th></tr></thead>' +
      '<tbody><tr><td colspan="2">410 kcal</td></tr></tbody></table>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it("drops scripts with their code, and event handlers (the pentest's payload)", () => {
    const clean = sanitizeRichHtml(
      '<p>Bon</p><script>alert(1)</script><img src=x onerror="alert(1)"><p onclick="x()">Goût</p>',
    );
    expect(clean).toBe('<p>Bon</p><img src="x" /><p>Goût</p>');
    expect(clean).not.toMatch(/script|onerror|onclick|alert/);
  });

  it("drops style, iframes, forms and SVG, keeping no markup of theirs", () => {
    const clean = sanitizeRichHtml(
      '<style>body{display:none}</style><p style="color:red">Texte</p>' +
        '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form>' +
        "<svg><script>alert(1)</script></svg>",
    );
    expect(clean).toBe("<p>Texte</p>");
  });

  it("keeps http, https, mailto and relative links; refuses javascript: and data:", () => {
    expect(sanitizeRichHtml('<a href="/p/comte/">Comté</a>')).toBe('<a href="/p/comte/">Comté</a>');
    expect(sanitizeRichHtml('<a href="mailto:a@b.fr">Écrire</a>')).toBe(
      '<a href="mailto:a@b.fr">Écrire</a>',
    );
    expect(sanitizeRichHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichHtml('<a href="JaVaScRiPt&colon;alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichHtml('<a href="data:text/html,<script>x</script>">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichHtml('<a href="//evil.example/">x</a>')).toBe("<a>x</a>");
  });

  it("marks links to other sites rel=noopener, and drops a rel on the shop's own", () => {
    expect(sanitizeRichHtml('<a href="https://producteur.fr" target="_blank">Site</a>')).toBe(
      '<a href="https://producteur.fr" target="_blank" rel="noopener">Site</a>',
    );
    expect(sanitizeRichHtml('<a href="/c/fromages/" rel="opener">x</a>')).toBe(
      '<a href="/c/fromages/">x</a>',
    );
  });

  it("takes images from the shop or over https only", () => {
    expect(sanitizeRichHtml('<img src="/cdn/images/a.webp" alt="A">')).toBe(
      '<img src="/cdn/images/a.webp" alt="A" />',
    );
    expect(sanitizeRichHtml('<img src="https://cdn.example/a.jpg">')).toBe(
      '<img src="https://cdn.example/a.jpg" />',
    );
    expect(sanitizeRichHtml('<img src="http://cdn.example/a.jpg">')).toBe("<img />");
    expect(sanitizeRichHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe(
      "<img />",
    );
  });

  it("turns a top heading into a second-level one: the page has its own title", () => {
    expect(sanitizeRichHtml("<h1>Titre</h1>")).toBe("<h2>Titre</h2>");
  });

  it("is idempotent and answers an empty string for nothing", () => {
    const once = sanitizeRichHtml('<p>a<img src=x onerror=y></p><a href="https://x.fr">b</a>');
    expect(sanitizeRichHtml(once)).toBe(once);
    expect(sanitizeRichHtml(null)).toBe("");
    expect(sanitizeRichHtml("")).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import {
  contentPreviewActive,
  previewPath,
  signPreviewToken,
  verifyPreviewToken,
  withContentPreview,
} from "#platform/content/preview.ts";

const SECRET = "content-test-preview-token";
const NOW = new Date("2026-03-10T08:00:00.000Z");

describe("preview links", () => {
  it("open previews for an hour, with this secret only", () => {
    const token = signPreviewToken(SECRET, { now: NOW });
    expect(verifyPreviewToken(SECRET, token, NOW)).toBe(true);
    expect(verifyPreviewToken(SECRET, token, new Date(NOW.getTime() + 3_599_000))).toBe(true);
    expect(verifyPreviewToken(SECRET, token, new Date(NOW.getTime() + 3_600_000))).toBe(false);
    expect(verifyPreviewToken("another-secret", token, NOW)).toBe(false);
  });

  it("refuse a token whose expiry was changed, or that is not one", () => {
    const [expires, signature] = signPreviewToken(SECRET, { now: NOW }).split(".");
    expect(verifyPreviewToken(SECRET, `${Number(expires) + 3600}.${signature}`, NOW)).toBe(false);
    for (const token of ["", "x", `${expires}.`, `${expires}.${signature}x`, SECRET]) {
      expect(verifyPreviewToken(SECRET, token, NOW)).toBe(false);
    }
  });

  it("are a page's path with the token, its own query kept", () => {
    const path = previewPath("/c/fromages/?page=2", SECRET, { now: NOW });
    const url = new URL(path, "http://shop.test");
    expect(url.pathname).toBe("/c/fromages/");
    expect(url.searchParams.get("page")).toBe("2");
    expect(verifyPreviewToken(SECRET, url.searchParams.get("preview") ?? "", NOW)).toBe(true);
  });
});

describe("withContentPreview", () => {
  it("marks the work it runs, and what that work awaits, and nothing else", async () => {
    expect(contentPreviewActive()).toBe(false);
    const seen = await withContentPreview(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return contentPreviewActive();
    });
    expect(seen).toBe(true);
    expect(contentPreviewActive()).toBe(false);
  });
});

import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { allowedHosts, trustedHost } from "./trusted-host.ts";

function app(publicUrl: string, extra: string[] = []) {
  const hono = new Hono();
  hono.use(trustedHost({ publicUrl, allowedHosts: extra }));
  hono.get("*", (c) => c.text("ok"));
  return hono;
}

describe("trustedHost", () => {
  it("answers PUBLIC_URL's host and the allowed hosts, with or without the default port", async () => {
    const shop = app("https://comptoir.example", ["www.comptoir.example"]);
    for (const url of [
      "https://comptoir.example/",
      "https://comptoir.example:443/p/x/",
      "https://www.comptoir.example/",
      "http://COMPTOIR.example/",
    ]) {
      expect((await shop.request(url)).status, url).toBe(200);
    }
  });

  it("refuses any other Host with 400", async () => {
    const shop = app("https://comptoir.example");
    for (const url of [
      "http://evil.example/",
      "https://comptoir.example.evil.example/",
      "https://comptoir.example:8443/",
      "http://localhost/",
      "http://127.0.0.1/",
    ]) {
      const res = await shop.request(url);
      expect(res.status, url).toBe(400);
    }
  });

  it("lets a laptop shop answer on every loopback name at its port", () => {
    expect([...allowedHosts("http://localhost:3000")].sort()).toEqual([
      "127.0.0.1:3000",
      "[::1]:3000",
      "localhost:3000",
    ]);
  });
});

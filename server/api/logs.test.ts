import pino from "pino";
import { describe, expect, it } from "vitest";
import { testEnv } from "#server/test-env.ts";
import { logRoutes } from "./logs.ts";

function routes() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: "info" },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const app = logRoutes({ logger, env: testEnv() });
  const post = (body: unknown) =>
    app.request(
      "/logs/addr",
      {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      },
      { incoming: { socket: { remoteAddress: "203.0.113.9" } } },
    );
  return { post, lines };
}

describe("POST /api/logs/addr", () => {
  it("logs the postcode, city and reason of an address not served", async () => {
    const { post, lines } = routes();
    const res = await post({ data: { zip: "69002", city: "Lyon", reason: "hors zone", mode: 1 } });
    expect(await res.json()).toEqual({ success: true, response: null });
    expect(lines.at(-1)).toMatchObject({
      event: "address-report",
      zip: "69002",
      city: "Lyon",
      mode: 1,
    });
  });

  it("refuses a malformed report, and keeps no street address", async () => {
    const { post, lines } = routes();
    expect((await post({ zip: "75001" })).status).toBe(400);
    expect((await post({ data: { zip: "x".repeat(11) } })).status).toBe(400);
    const res = await post({ data: { zip: "75001", address1: "12 rue de Rivoli" } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(lines)).not.toContain("Rivoli");
  });

  it("limits the reports of one client", async () => {
    const { post } = routes();
    for (let i = 0; i < 30; i++) await post({ data: { zip: "75001" } });
    expect((await post({ data: { zip: "75001" } })).status).toBe(429);
  });
});

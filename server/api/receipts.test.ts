import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { PDFDocument } from "pdf-lib";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ReceiptData } from "#platform/ordering/index.ts";
import { pdfTextLines, sampleReceipt } from "#platform/ordering/testing.ts";
import {
  orderingCustomerToken,
  type ReceiptLoader,
  receiptRoutes,
  receiptsDirectory,
} from "#server/api/receipts.ts";
import { testEnv } from "#server/test-env.ts";

let root: string;
let directory: string;
let api: Hono;
const calls: { orderId: number; request: Request }[] = [];
let receipts: Map<number, ReceiptData>;
let loaderError: Error | null = null;

const loadReceipt: ReceiptLoader = async (orderId, request) => {
  calls.push({ orderId, request });
  if (loaderError) throw loaderError;
  return receipts.get(orderId) ?? null;
};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "comptoir-receipts-"));
  directory = join(root, "data", "receipts");
  const env = testEnv({ DATA_DIR: join(root, "data") });
  api = new Hono().route(
    "/api",
    receiptRoutes({ env, logger: pino({ level: "silent" }) }, { loadReceipt }),
  );
  // A file next to the receipts folder, that no receipt name may reach.
  await mkdir(join(root, "data"), { recursive: true });
  await writeFile(join(root, "data", "secret.pdf"), "not for you");
});
afterAll(() => rm(root, { recursive: true, force: true }));
beforeEach(() => {
  calls.length = 0;
  receipts = new Map([[42, sampleReceipt()]]);
  loaderError = null;
});

function post(body: unknown, headers: Record<string, string> = {}) {
  return api.request("/api/order/receipt", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function makeReceipt(): Promise<string> {
  const res = await post({ order: { OrderId: 42 } });
  const body = (await res.json()) as { filename: string };
  return body.filename;
}

describe("POST /api/order/receipt", () => {
  it("writes the receipt of the order under a random name in the receipts folder", async () => {
    const res = await post({ order: { OrderId: 42, Amount: 0.01, OrderItems: [] } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; filename: string };
    expect(body).toEqual({ success: true, filename: expect.stringMatching(/^[0-9a-f]{32}\.pdf$/) });
    expect(await readdir(directory)).toContain(body.filename);
    expect((await stat(join(directory, body.filename))).mode & 0o777).toBe(0o600);
    expect(calls.map((call) => call.orderId)).toEqual([42]);
  });

  it("takes the amounts from the loaded order, never from the body", async () => {
    const res = await post({ order: { OrderId: 42, Amount: 0.01, TotalAmount: 0.01 } });
    const { filename } = (await res.json()) as { filename: string };
    const pdf = await api.request(`/api/order/receipt/${filename}`);
    const text = pdfTextLines(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain("37,90 €");
    expect(text).not.toContain("0,01 €");
  });

  it("accepts { orderId } as a number or a string and hands the request to the loader", async () => {
    expect((await post({ orderId: 42 }, { "x-customer-token": "t1" })).status).toBe(200);
    expect((await post({ orderId: "42" })).status).toBe(200);
    expect(calls[0]?.request.headers.get("x-customer-token")).toBe("t1");
  });

  it("gives each receipt its own name", async () => {
    expect(await makeReceipt()).not.toBe(await makeReceipt());
  });

  it("answers 404 for an order the loader does not give", async () => {
    const res = await post({ orderId: 7 });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Commande introuvable." });
  });

  it.each([
    ["no order", {}],
    ["a zero id", { orderId: 0 }],
    ["a negative id", { orderId: -3 }],
    ["a decimal id", { orderId: 4.2 }],
    ["a text id", { orderId: "42abc" }],
    ["an order without OrderId", { order: { Amount: 12 } }],
    ["an unknown field", { orderId: 42, total: 1 }],
    ["invalid JSON", "{"],
  ])("answers 400 for %s, without asking the loader", async (_, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      error: "Numéro de commande manquant ou invalide.",
    });
    expect(calls).toHaveLength(0);
  });

  it("answers 500 in its own shape when the receipt cannot be made", async () => {
    loaderError = new Error("database down");
    const res = await post({ orderId: 42 });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, error: "Le reçu n'a pas pu être créé." });
  });
});

describe("GET /api/order/receipt/{filename}", () => {
  it("serves the PDF as a private download", async () => {
    const filename = await makeReceipt();
    const res = await api.request(`/api/order/receipt/${filename}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="recu-comptoir.pdf"');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    const text = pdfTextLines(pdf);
    expect(text).toContain("Commande n° 1042");
    expect(text).toContain("Total TTC");
    expect(text).toContain("37,90 €");
  });

  it("answers 404 for a well-formed name that was never made", async () => {
    const res = await api.request(`/api/order/receipt/${"0".repeat(32)}.pdf`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Reçu introuvable." });
  });

  it.each([
    "..%2f..%2fetc%2fpasswd",
    "..%2F..%2F..%2F..%2Fetc%2Fpasswd",
    "%2e%2e%2fsecret.pdf",
    "..%2fsecret.pdf",
    "..%5csecret.pdf",
    "%2fetc%2fpasswd",
    "secret.pdf",
    `${"A".repeat(32)}.pdf`,
    `${"0".repeat(31)}.pdf`,
    `${"0".repeat(32)}.pdf.txt`,
    `${"0".repeat(32)}.pdf%00`,
    `x/${"0".repeat(32)}.pdf`,
  ])("answers 400 for the name %s and reads nothing", async (name) => {
    const res = await api.request(`/api/order/receipt/${name}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: "Nom de reçu invalide." });
  });

  it("never serves a file outside the folder, even through dot segments", async () => {
    const res = await api.request("/api/order/receipt/../secret.pdf");
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain("not for you");
  });
});

describe("receipt helpers", () => {
  it("puts receipts in RECEIPTS_DIR, else DATA_DIR/receipts", () => {
    expect(receiptsDirectory({ DATA_DIR: "/srv/data", RECEIPTS_DIR: undefined })).toBe(
      "/srv/data/receipts",
    );
    expect(receiptsDirectory({ DATA_DIR: "/srv/data", RECEIPTS_DIR: "/mnt/recus" })).toBe(
      "/mnt/recus",
    );
  });

  it("reads the ordering customer token from the header, a bearer or the tokenId cookie", () => {
    const request = (headers: Record<string, string>) => new Request("http://x/", { headers });
    expect(orderingCustomerToken(request({ "x-customer-token": "a" }))).toBe("a");
    expect(orderingCustomerToken(request({ authorization: "Bearer b" }))).toBe("b");
    expect(orderingCustomerToken(request({ cookie: "mode=1; tokenId=c%2Bd" }))).toBe("c+d");
    expect(orderingCustomerToken(request({ cookie: "tokenId=%E0" }))).toBeNull();
    expect(orderingCustomerToken(request({ cookie: "mode=1" }))).toBeNull();
    expect(orderingCustomerToken(request({}))).toBeNull();
  });
});

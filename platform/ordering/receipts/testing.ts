import { inflateSync } from "node:zlib";
import type { ReceiptData } from "#platform/ordering/receipts/data.ts";

/** Test helpers for receipts: a complete receipt, and the text a PDF shows. */

/** A delivery order of two lines with a voucher, gift wrap and a Visa card. */
export function sampleReceipt(changes: Partial<ReceiptData> = {}): ReceiptData {
  return {
    orderId: 42,
    orderNumber: "1042",
    placedAt: new Date("2026-11-22T08:15:00Z"),
    customerId: 7,
    customer: { name: "Camille Dupont", email: "camille@exemple.fr", phone: "+33612345678" },
    mode: 1,
    store: { name: "Comptoir Montorgueil", addressLines: ["21 rue Montorgueil", "75002 Paris"] },
    deliveryAddress: {
      addressLines: ["5 rue de Rivoli", "75004 Paris"],
      instructions: "Digicode 1234B",
    },
    slot: { start: new Date("2026-11-24T11:00:00Z"), end: new Date("2026-11-24T12:00:00Z") },
    lines: [
      {
        name: "Blanquette de veau",
        options: [
          { name: "Riz pilaf", priceCents: 0 },
          { name: "Supplément champignons", priceCents: 150 },
        ],
        quantity: 2,
        unitPriceCents: 1600,
        totalCents: 3200,
      },
      { name: "Tarte Tatin", options: [], quantity: 1, unitPriceCents: 650, totalCents: 650 },
    ],
    subtotalCents: 3850,
    voucher: { code: "BIENVENUE", amountCents: 500 },
    serviceFeeCents: 50,
    deliveryFeeCents: 390,
    totalCents: 3790,
    payment: { brand: "visa", last4: "4242" },
    giftWrap: true,
    ...changes,
  };
}

// The WinAnsi codes of the standard PDF fonts that differ from Latin-1.
const WIN_ANSI: Record<string, string> = {
  "80": "€",
  "85": "…",
  "8c": "Œ",
  "91": "‘",
  "92": "’",
  "93": "“",
  "94": "”",
  "95": "•",
  "96": "–",
  "97": "—",
  "9c": "œ",
};

function decodeWinAnsi(hex: string): string {
  let out = "";
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = hex.slice(i, i + 2).toLowerCase();
    out += WIN_ANSI[code] ?? String.fromCharCode(Number.parseInt(code, 16));
  }
  return out.replaceAll("\u00a0", " ");
}

/** The content streams of a PDF, inflated when they are compressed. */
function contentStreams(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  const streams: string[] = [];
  const pattern = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(raw); match; match = pattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    const bytes = pdf.subarray(start, end);
    streams.push(
      /\/FlateDecode/.test(match[1] ?? "")
        ? inflateSync(bytes).toString("latin1")
        : raw.slice(start, end),
    );
  }
  return streams;
}

/**
 * The lines of text a PDF made by pdfkit shows, in drawing order: each `[…] TJ` operator is one
 * run of text (its hex strings joined, kerning dropped).
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const stream of contentStreams(pdf)) {
    for (const run of stream.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hexes = [...(run[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? "");
      lines.push(decodeWinAnsi(hexes.join("")));
    }
  }
  return lines;
}

import { describe, expect, it } from "vitest";
import { encodeForm, FormSyntaxError, fieldPath, parseForm } from "./form.ts";

describe("Stripe's bracket form encoding", () => {
  it("nests brackets into objects and arrays, both array spellings", () => {
    const form = new URLSearchParams(
      "mode=payment&payment_intent_data[capture_method]=manual&metadata[order]=1001" +
        "&line_items[0][price_data][unit_amount]=1250&line_items[0][quantity]=2" +
        "&line_items[1][quantity]=1&expand[]=payment_intent&expand[]=line_items",
    );
    expect(parseForm(form)).toEqual({
      mode: "payment",
      payment_intent_data: { capture_method: "manual" },
      metadata: { order: "1001" },
      line_items: [{ price_data: { unit_amount: "1250" }, quantity: "2" }, { quantity: "1" }],
      expand: ["payment_intent", "line_items"],
    });
    expect(parseForm(new URLSearchParams("expand[0]=a&expand[1]=b"))).toEqual({
      expand: ["a", "b"],
    });
  });

  it("reads back what the SDKs write", () => {
    const params = { a: 1, b: { c: ["x", "y"], d: null }, e: undefined };
    expect(encodeForm(params).toString()).toBe("a=1&b%5Bc%5D%5B0%5D=x&b%5Bc%5D%5B1%5D=y&b%5Bd%5D=");
    expect(parseForm(encodeForm(params))).toEqual({ a: "1", b: { c: ["x", "y"], d: "" } });
  });

  it("refuses names that are not Stripe's, or that reach a prototype", () => {
    expect(fieldPath("a[b][0][]")).toEqual(["a", "b", "0", ""]);
    for (const name of ["a]", "[a]", "a[b", "__proto__[x]", "a[constructor]", "a[5]"]) {
      expect(() => parseForm(new URLSearchParams({ [name]: "1" }))).toThrow(FormSyntaxError);
    }
    expect(() => parseForm(new URLSearchParams("a=1&a[b]=2"))).toThrow(FormSyntaxError);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { addressProblem, displayPhone, isEmail, normaliseFrenchPhone } from "./account.server.ts";
import { orderGidOf, orderPathOf } from "./orders.server.ts";

describe("French phone numbers (storefront.md §5)", () => {
  it("accept +33 or 0033 then a non-zero digit and four pairs, and the national 0X form", () => {
    expect(normaliseFrenchPhone("+33 6 12 34 56 78")).toBe("+33612345678");
    expect(normaliseFrenchPhone("+33612345678")).toBe("+33612345678");
    expect(normaliseFrenchPhone("0033 7 11 22 33 44")).toBe("+33711223344");
    expect(normaliseFrenchPhone("06 12 34 56 78")).toBe("+33612345678");
    expect(normaliseFrenchPhone("01.45.26.00.00")).toBe("+33145260000");
  });

  it("refuse a zero after the country code, too few digits, or another country", () => {
    expect(normaliseFrenchPhone("+33 0 12 34 56 78")).toBeUndefined();
    expect(normaliseFrenchPhone("00 12 34 56 78")).toBeUndefined();
    expect(normaliseFrenchPhone("06 12 34 56")).toBeUndefined();
    expect(normaliseFrenchPhone("+32 470 12 34 56")).toBeUndefined();
    expect(normaliseFrenchPhone("12 34")).toBeUndefined();
  });

  it("are shown back in the national form", () => {
    expect(displayPhone("+33612345678")).toBe("06 12 34 56 78");
    expect(displayPhone(null)).toBe("");
  });
});

describe("addresses (storefront.md §5)", () => {
  const address = {
    firstName: "",
    lastName: "",
    company: "",
    address1: "5 rue Oberkampf",
    address2: "",
    zip: "75011",
    city: "Paris",
    country: "",
    phone: "",
  };

  it("need a line, a zip code and a city", () => {
    expect(addressProblem(address)).toBeNull();
    expect(addressProblem({ ...address, zip: " " })?.form).toContain("n'a pas été enregistrée");
    expect(addressProblem({ ...address, address1: "" })?.form).toBeDefined();
    expect(addressProblem({ ...address, city: "" })?.form).toBeDefined();
  });

  it("refuse a phone that is not French", () => {
    expect(addressProblem({ ...address, phone: "555-1234" })?.phone).toBeDefined();
  });
});

describe("order URLs", () => {
  it("carry the order's id and key, and give the GID back", () => {
    const gid = "gid://shopify/Order/12?key=0123456789abcdef";
    expect(orderPathOf(gid)).toBe("/compte/commandes/12/?key=0123456789abcdef");
    expect(orderGidOf("12", "0123456789abcdef")).toBe(gid);
    expect(orderGidOf("12", null)).toBeUndefined();
    expect(orderGidOf("x", "0123456789abcdef")).toBeUndefined();
  });
});

it("checks emails with the standard pattern", () => {
  expect(isEmail("camille@exemple.fr")).toBe(true);
  expect(isEmail("camille@exemple")).toBe(false);
});

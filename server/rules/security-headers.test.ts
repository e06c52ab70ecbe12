import { describe, expect, it } from "vitest";
import { isUnframeablePath } from "./security-headers.ts";

describe("isUnframeablePath", () => {
  it("refuses framing to the admin area, the account, the order steps and the checkout", () => {
    for (const path of [
      "/middleware/login/",
      "/MIDDLEWARE/products/",
      "/compte/",
      "/compte/commandes/12/",
      "/account/activate/1/t/",
      "/auth/reset/1/t/",
      "/order/",
      "/order/paiement/",
      "/order/confirmation/",
      "/checkout/abc/",
    ]) {
      expect(isUnframeablePath(path), path).toBe(true);
    }
  });

  it("lets the shop frame its other pages, even those whose name starts alike", () => {
    for (const path of [
      "/",
      "/p/comte/",
      "/c/fromagerie/",
      "/order-mode",
      "/comptoirs/",
      "/faq/",
    ]) {
      expect(isUnframeablePath(path), path).toBe(false);
    }
  });
});

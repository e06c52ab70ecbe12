import { beforeEach, describe, expect, it } from "vitest";
import { currentToasts, DEFAULT_ERROR_MESSAGE, subscribeToasts, toast } from "./toast.ts";

describe("toasts", () => {
  beforeEach(() => toast.clear());

  it("shows the spec's default text for an error without a message", () => {
    toast.error();
    expect(currentToasts()).toMatchObject([{ kind: "error", message: DEFAULT_ERROR_MESSAGE }]);
    expect(DEFAULT_ERROR_MESSAGE).toBe("Oops...Something went wrong");
  });

  it("shows the same message once when raised twice in a row", () => {
    toast.success("Produit ajouté au panier");
    toast.success("Produit ajouté au panier");
    expect(currentToasts()).toHaveLength(1);
  });

  it("keeps at most three, dismisses by id and tells subscribers", () => {
    const seen: number[] = [];
    const stop = subscribeToasts((list) => seen.push(list.length));
    const first = toast.info("un");
    toast.info("deux");
    toast.info("trois");
    toast.info("quatre");
    expect(currentToasts().map((t) => t.message)).toEqual(["deux", "trois", "quatre"]);
    toast.dismiss(first);
    expect(currentToasts()).toHaveLength(3);
    toast.dismiss(currentToasts()[0]?.id ?? 0);
    expect(currentToasts()).toHaveLength(2);
    stop();
    expect(seen.at(-1)).toBe(2);
  });
});

import { describe, expect, it } from "vitest";
import type { BookmarkIo } from "#app/lib/favourites/bookmarks.ts";
import { BookmarkStore } from "./bookmark-store.ts";

const gid = (id: number) => `gid://shopify/Product/${id}`;
const CUSTOMER = "gid://shopify/Customer/12";

/**
 * An in-memory document whose writes wait until the test releases them, to look at the optimistic
 * state meanwhile. `nextWrite()` resolves when a write arrives, with the function releasing it.
 */
function slowDocument() {
  const doc = { ids: [] as string[], rev: null as string | null, writes: 0 };
  const arrived: (() => void)[] = [];
  const waiting: ((release: () => void) => void)[] = [];
  const io: BookmarkIo = {
    read: async () => ({ ids: [...doc.ids], rev: doc.rev }),
    write: (ids, rev) =>
      new Promise((resolve) => {
        const release = () => {
          if (rev !== doc.rev) return resolve({ ok: false, conflict: true });
          doc.writes += 1;
          doc.ids = [...ids];
          doc.rev = `${doc.writes}-${"b".repeat(32)}`;
          resolve({ ok: true, rev: doc.rev });
        };
        const waiter = waiting.shift();
        if (waiter) waiter(release);
        else arrived.push(release);
      }),
  };
  const nextWrite = () =>
    new Promise<() => void>((resolve) => {
      const release = arrived.shift();
      if (release) resolve(release);
      else waiting.push(resolve);
    });
  return { doc, io, nextWrite };
}

describe("BookmarkStore", () => {
  it("shows a toggle at once, blocks repeats while saving, then keeps the saved state", async () => {
    const { doc, io, nextWrite } = slowDocument();
    const store = new BookmarkStore({ makeIo: () => io });
    store.sync(CUSTOMER, { ids: [], rev: null });

    const saving = store.toggle("42");
    expect(store.getView().ids.has(gid(42))).toBe(true);
    expect(store.getView().busy.has(gid(42))).toBe(true);
    // A second click while saving is ignored (no toggle back).
    void store.toggle("42");
    expect(store.getView().ids.has(gid(42))).toBe(true);

    (await nextWrite())();
    await saving;
    expect(store.getView().busy.size).toBe(0);
    expect(store.getView().ids.has(gid(42))).toBe(true);
    expect(doc.ids).toEqual([gid(42)]);
    expect(doc.writes).toBe(1);
  });

  it("saves toggles of several products one after the other, each with the last revision", async () => {
    const { doc, io, nextWrite } = slowDocument();
    const store = new BookmarkStore({ makeIo: () => io });
    store.sync(CUSTOMER, { ids: [], rev: null });
    const first = store.set(gid(1), true);
    const second = store.set(gid(2), true);
    expect([...store.getView().ids]).toEqual([gid(1), gid(2)]);
    // The second save starts only after the first, with its revision: no conflict.
    (await nextWrite())();
    (await nextWrite())();
    await Promise.all([first, second]);
    expect(doc.ids).toEqual([gid(1), gid(2)]);
    expect(doc.writes).toBe(2);
  });

  it("undoes the optimistic change and reports when the save fails", async () => {
    const errors: unknown[] = [];
    const io: BookmarkIo = {
      read: async () => ({ ids: [], rev: null }),
      write: async () => {
        throw new Error("offline");
      },
    };
    const store = new BookmarkStore({ makeIo: () => io, onError: (error) => errors.push(error) });
    store.sync(CUSTOMER, { ids: [], rev: null });
    await store.set(gid(3), true);
    expect(store.getView().ids.has(gid(3))).toBe(false);
    expect(errors).toHaveLength(1);
  });

  it("ignores a visitor's clicks and forgets a customer who signs out", async () => {
    const { io } = slowDocument();
    const store = new BookmarkStore({ makeIo: () => io });
    store.sync(null, null);
    await store.toggle("5");
    expect(store.getView().ids.size).toBe(0);
    store.sync(CUSTOMER, { ids: [gid(5)], rev: "1-cccccccccccccccccccccccccccccccc" });
    expect(store.isBookmarked("5")).toBe(true);
    store.sync(null, null);
    expect(store.isBookmarked("5")).toBe(false);
  });

  it("takes a newer server list, never an older one", () => {
    const store = new BookmarkStore();
    store.sync(CUSTOMER, { ids: [gid(1)], rev: "2-cccccccccccccccccccccccccccccccc" });
    store.sync(CUSTOMER, { ids: [], rev: "1-cccccccccccccccccccccccccccccccc" });
    expect(store.isBookmarked(gid(1))).toBe(true);
    store.sync(CUSTOMER, { ids: [gid(7)], rev: "3-cccccccccccccccccccccccccccccccc" });
    expect([...store.getView().ids]).toEqual([gid(7)]);
  });
});

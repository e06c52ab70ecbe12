import {
  type BookmarkChange,
  type BookmarkIo,
  type BookmarkSnapshot,
  httpBookmarkIo,
  productGidOf,
  revisionNumber,
  saveBookmarkChanges,
  withPending,
} from "#app/lib/favourites/bookmarks.ts";

/**
 * The favourites of the signed-in customer in the browser: one store for every heart of the page.
 * It starts from the bookmarks `/visitor.json` answers, shows a toggle at once (optimistic), and
 * saves toggles one after the other, each with the revision the previous one left — conflicts
 * with other tabs or devices are merged by `saveBookmarkChanges`.
 */

export type BookmarkView = {
  /** Null while unknown (visitor, or before `/visitor.json` answered). */
  customerId: string | null;
  /** The favourites as shown: stored ones with the unsaved toggles applied. */
  ids: ReadonlySet<string>;
  /** Products whose toggle is being saved: their heart is busy and ignores clicks. */
  busy: ReadonlySet<string>;
  /** Whether the stored list is known (it may still be read before the first save). */
  loaded: boolean;
};

type Listener = () => void;

export class BookmarkStore {
  private customerId: string | null = null;
  private snapshot: BookmarkSnapshot | null = null;
  private pending: BookmarkChange[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private view: BookmarkView = {
    customerId: null,
    ids: new Set(),
    busy: new Set(),
    loaded: false,
  };
  private readonly listeners = new Set<Listener>();
  private readonly makeIo: (customerId: string) => BookmarkIo;
  private readonly onError: (error: unknown) => void;

  constructor(
    options: {
      makeIo?: (customerId: string) => BookmarkIo;
      onError?: (error: unknown) => void;
    } = {},
  ) {
    this.makeIo = options.makeIo ?? ((customerId) => httpBookmarkIo(customerId));
    this.onError = options.onError ?? (() => {});
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getView = (): BookmarkView => this.view;

  /**
   * Takes what the server says (after each `/visitor.json` load): another customer starts afresh;
   * the same customer's list is taken unless a save is under way or it is older than ours.
   */
  sync(customerId: string | null, bookmarks: BookmarkSnapshot | null) {
    if (customerId !== this.customerId) {
      this.customerId = customerId;
      this.snapshot = bookmarks;
      this.pending = [];
      this.queue = Promise.resolve();
    } else if (
      bookmarks &&
      this.pending.length === 0 &&
      (!this.snapshot || revisionNumber(bookmarks.rev) >= revisionNumber(this.snapshot.rev))
    ) {
      this.snapshot = bookmarks;
    } else {
      return;
    }
    this.emit();
  }

  isBookmarked(productId: string): boolean {
    const gid = productGidOf(productId);
    return gid !== undefined && this.view.ids.has(gid);
  }

  /**
   * Makes the product a favourite (or no longer one). Ignored while the same product's previous
   * change is being saved, and for a visitor. Resolves once saved (or undone after a failure).
   */
  set(productId: string, bookmarked: boolean): Promise<void> {
    const gid = productGidOf(productId);
    const customerId = this.customerId;
    if (!gid || !customerId || this.pending.some((change) => change.productId === gid)) {
      return Promise.resolve();
    }
    const change: BookmarkChange = { productId: gid, bookmarked };
    this.pending = [...this.pending, change];
    this.emit();
    const io = this.makeIo(customerId);
    const done = this.queue.then(async () => {
      try {
        const saved = await saveBookmarkChanges(io, [change], this.snapshot ?? undefined);
        if (this.customerId === customerId) this.snapshot = saved;
      } catch (error) {
        this.onError(error);
      } finally {
        this.pending = this.pending.filter((item) => item !== change);
        this.emit();
      }
    });
    this.queue = done;
    return done;
  }

  toggle(productId: string): Promise<void> {
    return this.set(productId, !this.isBookmarked(productId));
  }

  private emit() {
    this.view = {
      customerId: this.customerId,
      ids: withPending(this.snapshot?.ids ?? [], this.pending),
      busy: new Set(this.pending.map((change) => change.productId)),
      loaded: this.snapshot !== null,
    };
    for (const listener of this.listeners) listener();
  }
}

import type { Db } from "#db/client.ts";
import type { WebhookEndpoint } from "./events.ts";

/** What every operation of the test provider works with. */
export type SandboxContext = {
  db: Db;
  /** The provider's clock: tests pass a fixed one. */
  now: () => Date;
  /**
   * Where the hosted payment page is served, without a trailing slash (e.g.
   * `https://comptoir.example/test-payments`): a session's `url` is `<pageBase>/pay/<id>`.
   */
  pageBase: string;
  /** The endpoint events are POSTed to, signed with its secret; none: events are only listed. */
  webhook?: WebhookEndpoint;
};

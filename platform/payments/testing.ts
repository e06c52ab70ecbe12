/**
 * The payments module's test face: what other modules' tests use to pay on the test provider's
 * hosted page and to run its deliveries with their own clock.
 */
export {
  payOnPage,
  startSandbox,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from "./sandbox/testing.ts";

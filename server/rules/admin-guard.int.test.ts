import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  closeTestServer,
  composeSignedInServer,
  createAdminTestDatabase,
  formPost,
} from "#platform/backoffice/testing.ts";

/**
 * The admin guard through the composed server, with a signed-in staff member's cookie: every
 * spelling of an admin request from outside the allow-list is sent home without a byte of the
 * admin area, and the office keeps its way in.
 */
const CREDENTIALS = { email: "chef@comptoir.test", password: "un mot de passe solide" };
const OUTSIDE = "203.0.113.9";

let database: Database | undefined;
let server: Awaited<ReturnType<typeof composeSignedInServer>> | undefined;

beforeAll(async () => {
  database = await createAdminTestDatabase(CREDENTIALS);
  server = await composeSignedInServer(database, CREDENTIALS);
}, 120_000);
afterAll(() => closeTestServer(server, database));

const ADMIN_REQUESTS = [
  "/middleware.data?_routes=routes%2Fmiddleware%2Flayout",
  "/middleware/dashboard.data",
  "/middleware/dashboard/_.data",
  "/middleware/orders.data",
  "/_root.data?_routes=routes/middleware/layout",
  "/.data?_routes=routes/middleware/layout",
  "/__manifest?paths=%2Fmiddleware%2Fdashboard&version=x",
  "/Middleware/dashboard/",
  "/MIDDLEWARE/dashboard.data",
  "/%6Diddleware/dashboard/",
  "/x%2Fmiddleware/dashboard/",
  "/x%2fmiddleware%2fdashboard.data",
  "/x%5Cmiddleware/dashboard/",
  "/x%252Fmiddleware/dashboard/",
  "/middleware;a=b/dashboard/",
];

describe("the admin guard in the composed server", () => {
  it("sends an outside client home for every spelling and method, cookie or not", async () => {
    const { request, session } = server ?? expect.unreachable();
    for (const method of ["GET", "HEAD", "POST", "PUT", "OPTIONS"]) {
      for (const path of ADMIN_REQUESTS) {
        const response = await request(
          path,
          { method, headers: { cookie: session.cookie } },
          OUTSIDE,
        );
        expect(response.status, `${method} ${path}`).toBe(302);
        expect(response.headers.get("location"), `${method} ${path}`).toBe("/");
        const body = await response.text();
        expect(body).not.toContain(CREDENTIALS.email);
        expect(body).not.toContain(session.csrf);
      }
    }
  });

  it("still serves the office the admin area's data and pages", async () => {
    const { request, session } = server ?? expect.unreachable();
    const headers = { cookie: session.cookie };
    const data = await request("/middleware/dashboard.data", { headers });
    expect(data.status).toBe(200);
    expect(await data.text()).toContain(CREDENTIALS.email);
    const page = await request("/Middleware/dashboard/", { headers });
    expect(page.status).toBe(200);
  });

  it("refuses an admin form posted from another site, even from the office", async () => {
    const { request, session } = server ?? expect.unreachable();
    const fields = { _csrf: session.csrf, intent: "all" };
    const forged = await request(
      "/middleware/purge/",
      formPost(fields, { cookie: session.cookie, origin: "https://evil.example" }),
    );
    expect(forged.status).toBe(403);
    const own = await request(
      "/middleware/purge/",
      formPost(fields, { cookie: session.cookie, origin: "http://localhost" }),
    );
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Cache vidé");
  });
});

/** Development entry: the same server, with Vite serving modules and hot reload. */
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { boot } from "#server/boot.ts";
import { loadEnv } from "#server/env.ts";

const env = loadEnv();
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
await boot({
  env,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  wrapListener: (listener) => (req, res) => vite.middlewares(req, res, () => listener(req, res)),
  onShutdown: () => vite.close(),
});

import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { clientChunks } from "./scripts/client-chunks.ts";
import { precompressAssets } from "./scripts/precompress.ts";

const platform = fileURLToPath(new URL("./platform/", import.meta.url));

export default defineConfig({
  plugins: [reactRouter(), clientChunks(), precompressAssets()],
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      // The storefront imports modules' faces (platform/<module>/index.ts), which re-export a whole
      // module. Module files have no import-time effect the storefront needs, so what it does not
      // use stays out of the bundle (the commerce service's HTTP app, its SDL files among them).
      treeshake: { moduleSideEffects: (id) => !id.startsWith(platform) },
    },
  },
  server: { hmr: { port: 24678 } },
});

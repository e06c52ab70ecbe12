import type { Config } from "@react-router/dev/config";

// COMPTOIR_BUILD_DIR lets several checkouts or test runs build side by side (docs/configuration.md).

export default {
  appDirectory: "app",
  buildDirectory: process.env.COMPTOIR_BUILD_DIR ?? "build",
  ssr: true,
} satisfies Config;

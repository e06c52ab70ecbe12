/**
 * How the storefront's browser build groups its modules (decision 020). Rolldown's automatic
 * splitting gives every distinct set of importing routes its own chunk: a product page loaded 35
 * files, most under 1 kB gzip, each compressed without the others' vocabulary. Two groups replace
 * that for what every page loads anyway:
 * - `framework`: React, React DOM and React Router;
 * - `shell`: every project module `app/root.tsx` imports statically, which the root route (and so
 *   every page) loads before it hydrates.
 * Route modules and what only they or lazy parts import keep the automatic splitting, so a page
 * loads no other page's code. Applied to the client environment only: the server build is one
 * process's code and gains nothing from it.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const rootRoute = fileURLToPath(new URL("../app/root.tsx", import.meta.url));
/** React Router's build gives the root route's browser module this id as well as its own. */
const ROOT_ROUTE_IDS = [rootRoute, `${rootRoute}?__react-router-build-client-route`];
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|@react-router|scheduler)[\\/]/;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Every module reachable from `starts` by static imports. */
function staticallyReachable(graph: ModuleGraph, starts: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const queue = [...starts];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

export function clientChunks(): Plugin {
  return {
    name: "comptoir:client-chunks",
    apply: "build",
    outputOptions(options) {
      if (this.environment.name !== "client") return;
      // One chunking pass per build: the shell is computed on the group's first question.
      let shell: Set<string> | undefined;
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 20 },
            {
              name: (id, graph) => {
                shell ??= staticallyReachable(graph, ROOT_ROUTE_IDS);
                return shell.has(id) && !id.includes("node_modules") ? "shell" : null;
              },
              priority: 10,
            },
          ],
        },
      };
    },
  };
}

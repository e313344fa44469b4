import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";
import { loadEnvFile } from "./env-file.js";

// The development server reads the same .env as the production one (the environment wins).
loadEnvFile();

/** The packages every page runs: React, React DOM, Remix and React Router, and single fetch's decoder. */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;

type ModuleGraph = { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };

/** The app's own modules (not packages) that `start` imports, directly or not, `start` included. */
function appModulesOf(start: string, graph: ModuleGraph): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id) || id.includes("/node_modules/")) return;
    found.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(start);
  return found;
}

/**
 * The browser build's two shared chunks (docs/decisions/016-storefront-javascript-budget.md,
 * "Chunks"): `framework`, the packages every page runs, and `shop`, the app modules of the root
 * route and of the storefront layout, which every storefront page runs. Rollup would otherwise cut
 * them into a chunk per set of routes that shares them: a product page loaded 18 files, each
 * gzipped apart and each with its import and export glue. Everything else (a route's own code, a
 * module some routes share) is left to Rollup.
 */
function sharedChunk(id: string, graph: ModuleGraph): string | undefined {
  if (FRAMEWORK.test(id)) return "framework";
  if (id.includes("/node_modules/")) return undefined;
  return shopModulesOf(graph).has(id) ? "shop" : undefined;
}

/** The `shop` chunk's modules, found once per build (Rollup asks `sharedChunk` about every module). */
const shopModulesByBuild = new WeakMap<ModuleGraph["getModuleInfo"], Set<string>>();
function shopModulesOf(graph: ModuleGraph): Set<string> {
  let shop = shopModulesByBuild.get(graph.getModuleInfo);
  if (!shop) {
    const app = path.resolve(import.meta.dirname, "app");
    shop = new Set([
      ...appModulesOf(path.join(app, "root.tsx"), graph),
      ...appModulesOf(path.join(app, "routes/shop-route.layout.tsx"), graph),
    ]);
    shopModulesByBuild.set(graph.getModuleInfo, shop);
  }
  return shop;
}

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  // The browser's JavaScript is minified with terser rather than esbuild: ~4 KB less gzipped on
  // every storefront page (the storefront budget: a product page loads at most 100 KB of JavaScript).
  // The server build is not minified, so its stack traces stay readable.
  build: isSsrBuild
    ? {}
    : {
        minify: "terser",
        terserOptions: { ecma: 2020, module: true, compress: { passes: 3 }, format: { comments: false } },
        rollupOptions: {
          output: {
            manualChunks: sharedChunk,
            // A route folder's module is its route.tsx: name its chunk after the folder
            // (`_shop.cart-<hash>.js`), as a flat route file's chunk is named, not `route-<hash>.js`.
            entryFileNames: (chunk: { facadeModuleId: string | null }) => {
              const folder = /\/routes\/([^/]+)\/route\.tsx?(\?|$)/.exec(chunk.facadeModuleId ?? "")?.[1];
              return folder ? `assets/${folder}-[hash].js` : "assets/[name]-[hash].js";
            },
          },
        },
      },
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  server: { port: 3000 },
  plugins: [
    tailwindcss(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
}));

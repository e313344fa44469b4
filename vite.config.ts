import "dotenv/config";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

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

import type { KnipConfig } from "knip";

// Unused files, exports and dependencies: `knip` in `npm run lint`.
// Knip's own plugins bring in most entries, and knip reports an entry listed here as well as
// redundant, so these are not repeated below: Remix (app/root.tsx, app/entry.server.tsx,
// app/routes/**, server.js), Vite, Vitest (every *.test.ts plus its setup files), Playwright
// (tests/e2e/*.spec.ts and its webServer command), Prisma (prisma.config.ts, schema.prisma),
// ESLint (eslint.config.js) and the scripts of package.json. The entries below are the ones no
// plugin sees, or that we want stated rather than guessed. An entry file's exports count as used
// (a route module's loader/action/meta/headers/handle/default are read by Remix, not imported).
// app/generated (the Prisma client) is gitignored, which knip honours: generated code is not
// analysed.
const config: KnipConfig = {
  entry: [
    // The route config, and route folders (route.tsx plus its own *.server.ts and components).
    "app/routes.ts",
    "app/routes/**/*.{ts,tsx}",
    // Every script is a command of its own; serve-demo.ts is started by size.ts as a child
    // process (a path in a spawn() argument, which knip cannot follow).
    "scripts/*/*.{ts,mjs}",
    // ... except page-weight.ts, a module that size.ts and tests/e2e/seo.spec.ts import: as an
    // entry its unused exports would go unreported. Likewise prisma/seed.server.ts is not listed:
    // it is a module (imported by scripts/demo/seed-demo.ts, scripts/demo/serve-demo.ts and the tests).
    "!scripts/bench/page-weight.ts",
    // ... and scripts/lib/, the modules several scripts share (free-port.ts, also of
    // tests/support/server-process.ts; chromium.ts, the browser of playwright.config.ts and
    // scripts/bench/lighthouse.ts; main-module.mjs).
    "!scripts/lib/*",
    // A worker of a test's cluster, started by path (cluster.setupPrimary in
    // app/server/rate-limit.server.test.ts).
    "tests/support/limits-worker.ts",
    // A second node's SMS sender, forked by path (tests/postgresql/sms-outbox.test.ts).
    "tests/support/sms-sender-worker.ts",
    // s3rver in a process of its own, started by path (tests/support/s3-server.ts).
    "tests/support/s3rver-process.mjs",
    // Served to the browser as text (`~/service-worker/admin-sw.js?raw` in server/admin-app.server.ts).
    "app/service-worker/admin-sw.js",
    "{vite,vitest,playwright,prisma}.config.ts",
    // The PostgreSQL run of the tests (`npm run test:postgresql`): its own test files, and the
    // two-node journey (its servers are started by path, from its config's webServer command).
    "vitest.postgresql.config.ts",
    "tests/postgresql/**/*.test.ts",
    "playwright.scale-out.config.ts",
    "tests/scale-out/*.spec.ts",
    "tests/scale-out/servers.ts",
  ],
  ignore: [
    // Deliberately cyclic modules that tests/lint/architecture.test.ts hands to dependency-cruiser
    // by folder name: nothing imports them, by design.
    "tests/lint/fixtures/**",
  ],
  ignoreDependencies: [
    // Imported only by the generated Prisma client in app/generated (gitignored, so knip does not
    // read it): `@prisma/client/runtime/client`.
    "@prisma/client",
  ],
  ignoreBinaries: [
    // fontconfig's command-line tool, a system program (Debian package), not an npm binary:
    // app/server/media/invoice-image.server.test.ts runs it to see whether a Bengali font is installed.
    "fc-list",
    // PostgreSQL's own tool, a system program (Debian's postgresql package): scripts/dev/with-postgres.mjs
    // asks it where the server's programs are.
    "pg_config",
    // Load generator and web server of `npm run bench:http`, used only when installed (Debian
    // packages wrk and nginx-light), never required.
    "wrk",
    "nginx",
  ],
};

export default config;

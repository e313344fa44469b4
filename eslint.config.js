import { builtinModules } from "node:module";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

// ---------------------------------------------------------------------------------------------
// The architecture's seams: the layers of app/, top to bottom,
//   root.tsx, entry.server.tsx, routes/   route modules; nothing outside routes/ imports routes/
//   server/     capabilities (auth, cart, catalogue, couriers, http, mail, media, process) over shared basics
//               (log, cookies, toasts, secret box, form bodies, rate limits, i18n, the audit call)
//   models/     ALL database access, by capability (db, auth, catalogue, orders); the only importer
//               of models/db/client.server.ts and ~/generated/prisma
//   components/, hooks/   React UI (client-side)
//   forms/ (zod schemas), rules/ (pure shop rules), utils/ (client-safe web helpers)
//   config/ (env.server.ts), i18n/ (message catalogues)
// Each folder lists the folders of app/ it MAY import; everything else in app/ is forbidden (an
// allow-list, so a new folder is closed until someone opens it here). A layer may import its own
// folder. Enforced with import-x/no-restricted-paths, which resolves every import (`~/models/x`,
// `../models/x`, `./x`, `export ... from`, `import()`, `import type`) to a file through the
// TypeScript resolver and compares real paths, so the alias and relative spellings are caught
// alike. Test files are exempt (last block).
// ---------------------------------------------------------------------------------------------
const belowRoutes = ["server", "models", "components", "hooks", "forms", "rules", "utils", "config", "i18n"];
const layers = {
  // tailwind.css is the stylesheet: root.tsx links it in development (`./tailwind.css?url`), the
  // server render inlines it in production (`./tailwind.css?inline`, docs/decisions/038).
  "root.tsx": ["root.tsx", ...belowRoutes, "tailwind.css"],
  "entry.server.tsx": [...belowRoutes, "tailwind.css"],
  // A route folder holds route.tsx plus its own *.server.ts and components. Routes may import the
  // root route (useRootData) and every layer below.
  routes: ["routes", "root.tsx", ...belowRoutes],
  // service-worker/admin-sw.js is not a module of the app: admin-app.server.ts reads it as text
  // (`?raw`) to serve it from a route.
  server: ["server", "models", "forms", "rules", "utils", "config", "i18n", "service-worker"],
  models: ["models", "generated", "rules", "forms", "utils", "config", "i18n"],
  components: ["components", "hooks", "forms", "rules", "utils", "i18n"],
  hooks: ["hooks", "rules", "utils", "i18n"],
  forms: ["forms", "rules", "utils", "i18n"],
  rules: ["rules", "i18n"],
  utils: ["utils", "rules", "i18n"],
  config: ["config"],
  i18n: ["i18n"],
};

const layerZones = Object.entries(layers).map(([layer, allowed]) => ({
  target: `./app/${layer}`,
  from: "./app",
  except: allowed.map((folder) => `./${folder}`),
  message: `app/${layer} may import only ${allowed.map((f) => `${f}/`).join(", ")} in app/ (architecture seams: eslint.config.js).`,
}));

// ---------------------------------------------------------------------------------------------
// server/'s capabilities: a folder per job, each with a few entrance modules that routes, the
// entries and the other capabilities call; the rest of the folder is its own business. A file at
// server/'s top is a shared basic (log, toast, cookies, secret box, form bodies, i18n, audit) and
// imports no capability. Adding a capability or opening a module: edit this list.
// ---------------------------------------------------------------------------------------------
const capabilities = {
  // Staff identity: the admin gate and who is signed in (auth), signing in and out (sign-in), what a
  // person does to their own account (account) and the owner to the staff accounts (staff-accounts).
  // Sessions, passwords, two-factor codes, the sign-in limits and log stay inside.
  auth: ["auth.server.ts", "sign-in.server.ts", "account.server.ts", "staff-accounts.server.ts"],
  // What a shopper's browser keeps of the shop, in signed cookies: the cart, the campaign code
  // applied in it, the orders it placed in the last hour (for the confirmation page) and the phones
  // it proved with a checkout code. The page cache reads their names.
  cart: [
    "cart-cookie.server.ts",
    "placed-orders-cookie.server.ts",
    "code-cookie.server.ts",
    "verified-phones-cookie.server.ts",
  ],
  // The product and category forms (multipart: pictures, validation, save, the answer); the product
  // CSV import (with its pictures fetched in the background) and export; the product feeds.
  catalogue: [
    "catalogue-forms.server.ts",
    "import/product-import.server.ts",
    "product-export.server.ts",
    "product-feeds.server.ts",
  ],
  // Everything courier: the shop's account (keys, checks), the hand-off and status refresh as staff
  // ask for them, the schedule (entry.server), the CSV file. The provider clients, the contract
  // and the messages are inside.
  // Pathao's account page and its places at hand-off are entrances too.
  couriers: [
    "courier-keys.server.ts",
    "hand-off.server.ts",
    "schedule.server.ts",
    "csv-export.server.ts",
    "pathao-account.server.ts",
    "pathao-places.server.ts",
  ],
  // The cash coming back (decision 067): a payout file imported, Steadfast's payments read (by the
  // owner and on the courier schedule, entry.server). Reading the payments speaks Steadfast's API
  // through the couriers' own Steadfast request and errors: see `couriersForPayouts` below.
  payouts: ["payout-import.server.ts", "steadfast-payouts.server.ts", "schedule.server.ts"],
  // The web in front of the routes: request gate, page cache (and what loaders tell it, and the
  // compressed copies the feeds keep too), HTTP caching, health, SEO, admin app.
  http: [
    "admin-app.server.ts",
    "health.server.ts",
    "http-cache.server.ts",
    "page-cache/page-cache.server.ts",
    "page-cache/page-changes.server.ts",
    "page-cache/page-encoding.server.ts",
    "page-cache/page-notes.server.ts",
    "request-gate.server.ts",
    "seo.server.ts",
    "strip-nul.server.ts",
  ],
  // E-mail: the SMTP transport and the order e-mails.
  mail: ["order-emails.server.ts"],
  // Pictures: uploads, image variants, the invoice image, the storage their bytes live in (a folder
  // or a bucket: the health check probes it, the /uploads route reads it).
  media: ["images.server.ts", "invoice-image.server.ts", "storage.server.ts", "uploads.server.ts"],
  // This process among the shop's processes (server.js's cluster, the nodes on PostgreSQL): which
  // one holds the background jobs (entry.server), and the timer each job repeats on.
  process: ["process-role.server.ts", "repeating-job.server.ts"],
  // What shoppers pay before dispatch: the Send Money form's post, the job that cancels orders
  // whose advance was not paid in time; the shop's bKash merchant account (keys, token, checks), the
  // tokenized checkout (start, callback, settle, refund) and its pending-payments job (entry.server).
  // The bKash client, the error type and the messages are inside.
  payments: [
    "advance-lapse-schedule.server.ts",
    "send-money-form.server.ts",
    "bkash-account.server.ts",
    "bkash-checkout.server.ts",
    "schedule.server.ts",
  ],
  // Text messages to shoppers (decision 065): the gateway contract, the saved gateway's client, the
  // owner's gateway form and its actions, and the outbox's sender with its job (entry.server). The
  // providers' clients are inside.
  sms: [
    "gateway.ts",
    "gateway-account.server.ts",
    "gateway-form.server.ts",
    "gateway-settings.server.ts",
    "sender.server.ts",
  ],
};
/**
 * The zones that close each capability folder of `layer` (server or models) to everything above it
 * and to its sibling capabilities, except for its entrance modules; `alsoAbove` names further
 * importers (for models/: server/ and models/'s own top files).
 */
function capabilityZonesOf(layer, capabilityList, listName, alsoAbove = []) {
  return Object.entries(capabilityList).map(([name, entrances]) => ({
    target: [
      "./app/routes",
      "./app/root.tsx",
      "./app/entry.server.tsx",
      ...alsoAbove,
      ...Object.keys(capabilityList)
        .filter((other) => other !== name)
        .map((other) => `./app/${layer}/${other}`),
    ],
    from: `./app/${layer}/${name}`,
    except: entrances.map((file) => `./${file}`),
    message: `Only ${entrances.join(", ")} of app/${layer}/${name}/ are its entrances; the rest is its own (eslint.config.js, ${listName}).`,
  }));
}
const capabilityZones = capabilityZonesOf("server", capabilities, "capabilities").flatMap((zone) => {
  // payouts/ reads Steadfast's payments with the couriers' own Steadfast request, errors and
  // messages, and a payout file as the product import reads a CSV: those modules are open to it
  // (and to it only), besides the folders' entrances.
  const openToPayouts = {
    "./app/server/couriers": ["./courier.ts", "./steadfast.server.ts", "./messages.server.ts"],
    "./app/server/catalogue": ["./import/csv-read.server.ts"],
  }[zone.from];
  if (!openToPayouts) return [zone];
  return [
    { ...zone, target: zone.target.filter((target) => target !== "./app/server/payouts") },
    { ...zone, target: "./app/server/payouts", except: [...zone.except, ...openToPayouts] },
  ];
});
// The basics at server/'s top sit under every capability.
const basicsZone = {
  target: "./app/server/*.ts",
  from: Object.keys(capabilities).map((name) => `./app/server/${name}`),
  message: "A shared basic at app/server/'s top imports no capability (eslint.config.js, capabilities).",
};

// ---------------------------------------------------------------------------------------------
// models/'s capabilities, as server/'s: db/ (the Prisma client, the two dialects, the SQLite
// adapter) under everything and importing no other models folder; auth/, catalogue/ (with its
// change log and the import's tables), orders/. The files at models/'s top are what every
// capability needs: the connection as a whole, the shop's settings, the audit trail's table.
// ---------------------------------------------------------------------------------------------
const modelCapabilities = {
  // The client every model uses, and the dialect for the SQL that differs between the databases.
  db: ["client.server.ts", "dialect.server.ts"],
  auth: [
    "admin-session.server.ts",
    "admin-user.server.ts",
    "refused-sign-in.server.ts",
    "staff.server.ts",
    "two-factor.server.ts",
  ],
  // Products, categories, variants, stock, their pictures' rows, the reads of the export, feeds
  // and sitemap, the change log the page cache follows, and the import's stored files and queue.
  catalogue: [
    "category.server.ts",
    "image.server.ts",
    "product-listings.server.ts",
    "product-detail.server.ts",
    "cart-variants.server.ts",
    "search-suggestions.server.ts",
    "product-admin.server.ts",
    "product-writes.server.ts",
    "product-variants.server.ts",
    "stock.server.ts",
    "product-export.server.ts",
    "product-feed.server.ts",
    "sitemap.server.ts",
    "changes/change.ts",
    "changes/change-log.server.ts",
    "import/stored-imports.server.ts",
    "import/import-plan.server.ts",
    "import/import-writing.server.ts",
    "import/import-images.server.ts",
  ],
  orders: [
    "place-order.server.ts",
    "order-reads.server.ts",
    "order-status.server.ts",
    "order-for-shopper.server.ts",
    "order-risk.server.ts",
    "order-invoice.server.ts",
    "order-edit.server.ts",
    "order-note.server.ts",
    "courier.server.ts",
    "courier-places.server.ts",
    "blocklist.server.ts",
    "dashboard.server.ts",
    "staff-order.server.ts",
    "draft-order.server.ts",
  ],
  // What shoppers pay before dispatch: an order's advance and the payments towards it.
  payments: [
    "advance.server.ts",
    "send-money.server.ts",
    "advance-lapse.server.ts",
    "bkash-payments.server.ts",
    "payment-account.server.ts",
  ],
  // Courier payouts (decision 067): recording and matching them, the lists, an order's cash.
  payouts: ["payouts.server.ts"],
  // Campaign codes: the owner's codes and their figures, a code on a cart and an order's use of it.
  discounts: ["code-use.server.ts", "discount-admin.server.ts"],
  // Customers by phone number: the list's one GROUP BY over orders, and a customer's page and notes.
  customers: ["customer-list.server.ts", "customer-page.server.ts"],
  // Text messages (decision 065): the outbox (queueing in the caller's transaction, the sender's
  // claims, the lists), the gateway's and the texts' rows, and the checkout codes.
  sms: [
    "outbox.server.ts",
    "outbox-sending.server.ts",
    "sms-messages.server.ts",
    "sms-gateway.server.ts",
    "sms-templates.server.ts",
    "phone-verification.server.ts",
  ],
};
const modelCapabilityZones = capabilityZonesOf("models", modelCapabilities, "modelCapabilities", [
  "./app/server",
  "./app/models/*.ts",
]);
// models/db/ is the ground of models/: it imports no other models folder nor models/'s top files.
const modelsDbZone = {
  target: "./app/models/db",
  from: "./app/models",
  except: ["./db"],
  message: "app/models/db/ imports no other part of app/models/ (eslint.config.js, modelCapabilities).",
};

// The Prisma client module and the generated Prisma code belong to models/ alone (scripts/,
// prisma/ and tests/ are outside these zones and may use them). The layers above models/ may
// import models/ but not these two.
const prismaZone = {
  target: ["./app/root.tsx", "./app/entry.server.tsx", "./app/routes", "./app/server"],
  from: ["./app/models/db/client.server.ts", "./app/generated"],
  message:
    "Only app/models/ may import the Prisma client (models/db/client.server.ts) and ~/generated/prisma: add a function in models/.",
};

// Nothing outside routes/ imports a route module (scripts/ and prisma/ included; tests/ may).
const routesZone = {
  target: ["./scripts", "./prisma", "./server.js", "./app/routes.ts"],
  from: "./app/routes",
  message: "Nothing outside app/routes/ imports a route module.",
};

// Client-side layers: bundled for the browser, so no *.server module (nor a .server/ folder), by
// name, whatever folder it lives in. Matched on the import string, so it holds even for a module
// the resolver cannot find.
const serverModule = {
  regex: String.raw`(^|/)([^/]*\.server(\.[cm]?[jt]sx?)?|\.server)(/|$)`,
  message: "A client-side module (components/, hooks/, rules/, forms/, utils/) never imports a *.server module.",
};
const reactModule = {
  regex: String.raw`^(react|react-dom)(/.*)?$`,
  message: "This layer is framework-free: no react or react-dom.",
};
const remixModule = {
  regex: String.raw`^@remix-run/`,
  message: "app/rules/ is pure shop rules: no @remix-run/*.",
};
const nodeBuiltin = {
  regex: `^(node:.*|(${builtinModules.filter((m) => !m.startsWith("_")).join("|")})(/.*)?)$`,
  message: "app/rules/ is pure shop rules and runs in the browser too: no Node.js builtins.",
};
const restricted = (...patterns) => ["error", { patterns }];

/** A bare `request.formData()` in server code: it throws on an unreadable body (a 500). */
const bareFormData = {
  selector: "CallExpression[callee.property.name='formData']",
  message: "Read a form body with readFormData(request) from ~/server/form-data.server (400 on a broken body).",
};
/**
 * `prisma.…` inside an interactive transaction's callback: it waits for the one connection, which
 * the transaction itself holds (app/models/db/sqlite-adapter.server.ts), and hangs until Prisma's
 * transaction timeout rolls everything back. Queries there go through `tx`.
 */
const prismaInTransaction = {
  selector: "CallExpression[callee.property.name='$transaction'] > :function MemberExpression[object.name='prisma']",
  message: "Inside $transaction(async (tx) => …) use `tx`, not `prisma`: the transaction holds the one connection.",
};

/**
 * A batch loop lets the shop's requests in between its turns: a loop that runs a transaction per
 * turn, or pages through a table (`cursor`, `skip`), must call `slicer.turn()` or
 * `yieldToEventLoop()` (app/utils/event-loop.ts), or `dialect.betweenWriteTransactions()` after a
 * write. On SQLite each query resolves without a turn of the event loop, so such a loop otherwise
 * holds every request of the process until it ends (docs/decisions/056-long-work-off-the-request-path.md).
 */
const batchLoopYields = {
  selector: [
    ":matches(ForStatement, ForOfStatement, ForInStatement, WhileStatement, DoWhileStatement)",
    ":matches(:has(CallExpression[callee.property.name='$transaction']), :has(Property[key.name=/^(cursor|skip)$/]))",
    ":not(:has(CallExpression[callee.property.name=/^(turn|betweenWriteTransactions)$/]))",
    ":not(:has(CallExpression[callee.name='yieldToEventLoop']))",
  ].join(""),
  message:
    "A loop that runs a transaction or reads a page of rows per turn lets the event loop turn: await slicer.turn() (app/utils/event-loop.ts) or dialect.betweenWriteTransactions().",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      "app/generated/",
      "test-results*/",
      "playwright-report*/",
      "tests/.tmp/",
      // Deliberately cyclic modules, checked on their own by tests/lint/architecture.test.ts.
      "tests/lint/fixtures/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "detect" } },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },

  // ---- architecture seams ----
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: `${root}/tsconfig.json`, alwaysTryTypes: false }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            ...layerZones,
            ...capabilityZones,
            basicsZone,
            ...modelCapabilityZones,
            modelsDbZone,
            prismaZone,
            routesZone,
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**", "app/hooks/**", "app/forms/**"],
    rules: { "no-restricted-imports": restricted(serverModule) },
  },
  {
    files: ["app/utils/**"],
    rules: { "no-restricted-imports": restricted(serverModule, reactModule) },
  },
  {
    files: ["app/rules/**"],
    rules: { "no-restricted-imports": restricted(serverModule, reactModule, remixModule, nodeBuiltin) },
  },
  {
    // Server code reads a form body through readFormData, which answers an unreadable body with 400
    // (a bare request.formData() throws, and the shopper or attacker would get a 500).
    files: ["app/routes/**", "app/server/**", "app/models/**"],
    ignores: ["app/server/form-data.server.ts"],
    rules: { "no-restricted-syntax": ["error", bareFormData, prismaInTransaction, batchLoopYields] },
  },
  {
    files: ["prisma/**", "scripts/**"],
    rules: { "no-restricted-syntax": ["error", prismaInTransaction] },
  },
  {
    // A module reads in one sitting: at most 600 lines, blank lines and comments included. A file
    // that outgrows it splits along its seams (docs/decisions/059-modules-that-read-in-one-sitting.md).
    // Tests are exempt (a test file lists its cases), and so is the generated Prisma client (ignored above).
    files: ["app/**/*.{ts,tsx,js,mjs}", "scripts/**/*.{ts,mjs,js}", "server.js", "server-cluster.js", "env-file.js"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 600 }] },
  },
  {
    // Tests reach into every layer on purpose (a route's loader, the Prisma client for fixtures).
    files: ["**/*.test.{ts,tsx}", "tests/**"],
    rules: { "import-x/no-restricted-paths": "off", "no-restricted-imports": "off" },
  },
);

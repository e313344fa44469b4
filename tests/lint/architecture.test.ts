/**
 * The lint rules that hold the architecture's seams (eslint.config.js) and forbid import cycles
 * (.dependency-cruiser.cjs) really fire. ESLint lints code given as text under virtual file names
 * inside app/ (the files need not exist: the import is resolved from the file's folder); the
 * cycle rule runs on the fixtures in tests/lint/fixtures/, which the repository's own lint run
 * leaves out.
 */
import path from "node:path";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids of the errors ESLint reports for `code` as the file `file` (relative to the repository). */
async function errors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

/** The messages of the seam errors (import-x/no-restricted-paths) for `code` as the file `file`. */
async function seamMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === SEAM).map((m) => m.message);
}

const SEAM = "import-x/no-restricted-paths";
const NAMED = "no-restricted-imports";

describe("form bodies (eslint.config.js)", () => {
  it("a route action may not call request.formData() itself, only readFormData", async () => {
    const bare = await errors(
      "app/routes/lint-probe.tsx",
      "export async function action({ request }: { request: Request }) {\n  return (await request.formData()).get('x');\n}",
    );
    expect(bare).toContain("no-restricted-syntax");
    const helper = await errors(
      "app/routes/lint-probe.tsx",
      'import { readFormData } from "~/server/form-data.server";\nexport async function action({ request }: { request: Request }) {\n  return (await readFormData(request)).get("x");\n}',
    );
    expect(helper).toEqual([]);
  });
});

describe("transactions (eslint.config.js)", () => {
  it("a model may not use the shared client inside its own interactive transaction", async () => {
    const header = 'import { prisma } from "./db/client.server";\n';
    const inside = await errors(
      "app/models/lint-probe.server.ts",
      `${header}export const f = () => prisma.$transaction(async (tx) => {\n  await tx.product.count();\n  return prisma.order.count();\n});`,
    );
    expect(inside).toContain("no-restricted-syntax");
    const viaTx = await errors(
      "app/models/lint-probe.server.ts",
      `${header}export const f = () => prisma.$transaction(async (tx) => tx.order.count());\nexport const g = () => prisma.$transaction([prisma.order.count()]);`,
    );
    expect(viaTx).toEqual([]);
  });

  it("a loop of transactions or of pages of rows lets the event loop turn", async () => {
    const header =
      'import { prisma } from "~/models/db/client.server";\nimport { dialect } from "~/models/db/dialect.server";\nimport { createSlicer } from "~/utils/event-loop";\n';
    const transactions = await errors(
      "app/models/lint-probe.server.ts",
      `${header}export async function f(ids: number[]) {\n  for (const id of ids) await prisma.$transaction(async (tx) => tx.order.delete({ where: { id } }));\n}`,
    );
    expect(transactions).toContain("no-restricted-syntax");
    const pages = await errors(
      "app/server/lint-probe.server.ts",
      `${header}export async function f() {\n  let skip = 0;\n  while (skip < 1000) {\n    await prisma.order.findMany({ skip, take: 100 });\n    skip += 100;\n  }\n}`,
    );
    expect(pages).toContain("no-restricted-syntax");
    const yielding = await errors(
      "app/models/lint-probe.server.ts",
      `${header}export async function f(ids: number[]) {\n  const slicer = createSlicer();\n  for (const id of ids) {\n    const at = performance.now();\n    await prisma.$transaction(async (tx) => tx.order.delete({ where: { id } }));\n    await dialect.betweenWriteTransactions(performance.now() - at);\n  }\n  let skip = 0;\n  while (skip < 1000) {\n    await slicer.turn();\n    await prisma.order.findMany({ skip, take: 100 });\n    skip += 100;\n  }\n}`,
    );
    expect(yielding).toEqual([]);
  });
});

describe("layer seams (eslint.config.js)", () => {
  it("a component may not import a model, by alias or by relative path", async () => {
    const viaAlias = await errors(
      "app/components/lint-probe.tsx",
      'import { type ProductCard } from "~/models/catalogue/product-listings.server";\nexport type P = ProductCard;',
    );
    expect(viaAlias).toContain(SEAM);
    expect(viaAlias).toContain(NAMED); // and, being client-side, no *.server module at all
    const viaRelative = await errors(
      "app/components/admin/lint-probe.tsx",
      'import { getProductDetail } from "../../models/catalogue/product-detail.server";\nexport const f = getProductDetail;',
    );
    expect(viaRelative).toContain(SEAM);
    expect(viaRelative).toContain(NAMED);
  });

  it("a component may not import a route module (not even a type)", async () => {
    expect(
      await errors(
        "app/components/cart/lint-probe.ts",
        'import { type loader } from "~/routes/_shop.cart/route";\nexport type L = typeof loader;',
      ),
    ).toContain(SEAM);
    expect(
      await errors(
        "app/components/cart/lint-probe.ts",
        'import { type loader } from "../../routes/_shop.cart/route";\nexport type L = typeof loader;',
      ),
    ).toContain(SEAM);
  });

  it("a component may not import server code or config", async () => {
    for (const source of [
      "~/server/catalogue/catalogue-forms.server",
      "~/server/toast-cookie.server",
      "~/config/env.server",
    ]) {
      expect(await errors("app/components/lint-probe.ts", `export * from "${source}";`)).toContain(SEAM);
    }
  });

  it("components import components, hooks, forms, rules, utils and i18n freely", async () => {
    const code = [
      'import { Price } from "~/components/price";',
      'import { useHydrated } from "~/hooks/use-hydrated";',
      'import { formatMoney } from "~/rules/money";',
      'import { t } from "~/i18n";',
      'import { variantUrl } from "../utils/image-url";',
      "export const all = [Price, useHydrated, formatMoney, t, variantUrl];",
    ].join("\n");
    expect(await errors("app/components/lint-probe.ts", code)).toEqual([]);
  });

  it("rules/ may not import react, @remix-run/*, Node builtins or another layer", async () => {
    expect(
      await errors("app/rules/lint-probe.ts", 'import { useState } from "react";\nexport const u = useState;'),
    ).toContain(NAMED);
    expect(
      await errors("app/rules/lint-probe.ts", 'import { type ReactNode } from "react";\nexport type N = ReactNode;'),
    ).toContain(NAMED);
    expect(
      await errors("app/rules/lint-probe.ts", 'import { json } from "@remix-run/node";\nexport const j = json;'),
    ).toContain(NAMED);
    expect(
      await errors("app/rules/lint-probe.ts", 'import crypto from "node:crypto";\nexport const c = crypto;'),
    ).toContain(NAMED);
    expect(await errors("app/rules/lint-probe.ts", 'import fs from "fs";\nexport const c = fs;')).toContain(NAMED);
    expect(
      await errors(
        "app/rules/lint-probe.ts",
        'import { publicOrigin } from "../utils/seo";\nexport const o = publicOrigin;',
      ),
    ).toContain(SEAM);
    expect(
      await errors(
        "app/rules/lint-probe.ts",
        'import { t } from "~/i18n";\nimport { priceCart } from "./pricing";\nexport const x = [t, priceCart];',
      ),
    ).toEqual([]);
  });

  it("client-side folders never import a *.server module, whatever folder it is in", async () => {
    for (const file of ["app/hooks/lint-probe.ts", "app/forms/lint-probe.ts", "app/utils/lint-probe.ts"]) {
      expect(await errors(file, 'import { x } from "./not-yet-written.server";\nexport const y = x;')).toContain(NAMED);
    }
  });

  it("only models/ imports the Prisma client module and the generated Prisma code", async () => {
    expect(
      await errors(
        "app/routes/lint-probe.tsx",
        'import { Prisma } from "~/generated/prisma/client";\nexport const p = Prisma;',
      ),
    ).toContain(SEAM);
    expect(
      await errors(
        "app/routes/lint-probe.tsx",
        'import { prisma } from "~/models/db/client.server";\nexport const p = prisma;',
      ),
    ).toContain(SEAM);
    expect(
      await errors(
        "app/server/lint-probe.server.ts",
        'import { prisma } from "../models/db/client.server";\nexport const p = prisma;',
      ),
    ).toContain(SEAM);
    expect(
      await errors(
        "app/models/lint-probe.server.ts",
        'import { Prisma } from "~/generated/prisma/client";\nimport { prisma } from "~/models/db/client.server";\nexport const p = [Prisma, prisma];',
      ),
    ).toEqual([]);
    expect(
      await errors(
        "app/models/lint-probe.server.ts",
        'import { prisma } from "./db/client.server";\nexport const p = prisma;',
      ),
    ).toEqual([]);
  });

  it("routes may import every layer below", async () => {
    const route = [
      'import { getProductDetail } from "~/models/catalogue/product-detail.server";',
      'import { requireAdmin } from "~/server/auth/auth.server";',
      'import { Price } from "~/components/price";',
      'import { getEnv } from "~/config/env.server";',
      "export const all = [getProductDetail, requireAdmin, Price, getEnv];",
    ].join("\n");
    expect(await errors("app/routes/lint-probe.tsx", route)).toEqual([]);
  });
});

describe("server capabilities (eslint.config.js)", () => {
  // The capability zones' own messages, so a test cannot pass on another zone's refusal.
  const internal = (capability: string) => expect.stringContaining(`of app/server/${capability}/ are its entrances`);
  const basic = expect.stringContaining("A shared basic at app/server/'s top imports no capability");

  it("a route may import a capability's entrance but not its internals, by alias or relative path", async () => {
    expect(
      await errors(
        "app/routes/lint-probe.tsx",
        'import { sendOrdersToCourier } from "~/server/couriers/hand-off.server";\nexport const h = sendOrdersToCourier;',
      ),
    ).toEqual([]);
    expect(
      await seamMessages(
        "app/routes/lint-probe.tsx",
        'import { steadfastCourier } from "~/server/couriers/steadfast.server";\nexport const c = steadfastCourier;',
      ),
    ).toEqual([internal("couriers")]);
    expect(
      await seamMessages(
        "app/routes/admin.lint-probe/route.tsx",
        'import { sendMail } from "../../server/mail/mail.server";\nexport const s = sendMail;',
      ),
    ).toEqual([internal("mail")]);
    // An entrance in a folder of its capability is open; its neighbours there are not.
    expect(
      await errors(
        "app/routes/lint-probe.tsx",
        'import { noteShownProducts } from "~/server/http/page-cache/page-notes.server";\nexport const n = noteShownProducts;',
      ),
    ).toEqual([]);
    expect(
      await seamMessages(
        "app/entry.server.tsx",
        'import { UNDERSTOOD_PARAMETERS } from "./server/http/page-cache/page-cache-url.server";\nexport const c = UNDERSTOOD_PARAMETERS;',
      ),
    ).toEqual([internal("http")]);
  });

  it("an internal is closed to a type import, a re-export and a dynamic import as well", async () => {
    const probe = "app/routes/admin.lint-probe/helper.server.ts";
    expect(
      await seamMessages(
        probe,
        'import type { PendingSignIn } from "~/server/auth/two-factor.server";\nexport type P = PendingSignIn;',
      ),
    ).toEqual([internal("auth")]);
    expect(await seamMessages(probe, 'export { verifyTotp } from "~/server/auth/two-factor.server";')).toEqual([
      internal("auth"),
    ]);
    expect(
      await seamMessages(probe, 'export const load = () => import("../../server/couriers/steadfast.server");'),
    ).toEqual([internal("couriers")]);
  });

  it("a capability may use another's entrance, not its internals; its own folder is open to it", async () => {
    expect(
      await seamMessages(
        "app/server/couriers/lint-probe.server.ts",
        'import { sendMail } from "../mail/mail.server";\nexport const s = sendMail;',
      ),
    ).toEqual([internal("mail")]);
    expect(
      await errors(
        "app/server/couriers/lint-probe.server.ts",
        'import { storeUploads } from "~/server/media/uploads.server";\nimport { steadfastCourier } from "./steadfast.server";\nexport const s = [storeUploads, steadfastCourier];',
      ),
    ).toEqual([]);
  });

  it("a shared basic at server/'s top imports no capability", async () => {
    expect(
      await seamMessages(
        "app/server/lint-probe.server.ts",
        'import { requireAdmin } from "./auth/auth.server";\nexport const r = requireAdmin;',
      ),
    ).toEqual([basic]);
    // The cart's cookies are a capability's (cart/), not a basic's to use.
    expect(
      await seamMessages(
        "app/server/lint-probe.server.ts",
        'import { getCart } from "./cart/cart-cookie.server";\nexport const g = getCart;',
      ),
    ).toEqual([basic]);
    expect(
      await errors("app/server/lint-probe.server.ts", 'import { log } from "./log.server";\nexport const l = log;'),
    ).toEqual([]);
  });
});

describe("models capabilities (eslint.config.js)", () => {
  const internal = (capability: string) => expect.stringContaining(`of app/models/${capability}/ are its entrances`);
  const dbGround = expect.stringContaining("app/models/db/ imports no other part of app/models/");

  it("models/db imports no other models folder, nor models' top files", async () => {
    expect(
      await seamMessages(
        "app/models/db/lint-probe.server.ts",
        'import { getProductDetail } from "../catalogue/product-detail.server";\nexport const f = getProductDetail;',
      ),
    ).toEqual([dbGround]);
    expect(
      await seamMessages(
        "app/models/db/lint-probe.server.ts",
        'import { getShopSettings } from "~/models/settings.server";\nexport const f = getShopSettings;',
      ),
    ).toEqual([dbGround]);
    expect(
      await errors(
        "app/models/db/lint-probe.server.ts",
        'import { dialect } from "./dialect.server";\nimport { prisma } from "./client.server";\nexport const x = [dialect, prisma];',
      ),
    ).toEqual([]);
  });

  it("a route, server code or another models capability reaches a models capability through its entrances only", async () => {
    expect(
      await seamMessages(
        "app/routes/lint-probe.tsx",
        'import { sqliteDialect } from "~/models/db/dialects/sqlite.server";\nexport const d = sqliteDialect;',
      ),
    ).toEqual([internal("db")]);
    expect(
      await seamMessages(
        "app/server/http/lint-probe.server.ts",
        'export { PostgresChangeFeed } from "../../models/catalogue/changes/change-log-postgres.server";',
      ),
    ).toEqual([internal("catalogue")]);
    expect(
      await seamMessages(
        "app/models/orders/lint-probe.server.ts",
        'export const load = () => import("../catalogue/changes/change-log-postgres.server");',
      ),
    ).toEqual([internal("catalogue")]);
    expect(
      await errors(
        "app/models/orders/lint-probe.server.ts",
        'import { takeStock } from "../catalogue/stock.server";\nimport { prisma } from "../db/client.server";\nexport const x = [takeStock, prisma];',
      ),
    ).toEqual([]);
  });
});

describe("module length (eslint.config.js)", () => {
  const lines = (count: number) =>
    Array.from({ length: count - 1 }, (_, i) => `export const line${i} = ${i};`).join("\n");

  it("refuses a module of 601 lines and takes one of 600, in app/ and scripts/", async () => {
    // errors() adds the final newline: `count - 1` statements and one more line make `count` lines.
    expect(await errors("app/rules/lint-probe.ts", `${lines(601)}\n// the last line`)).toContain("max-lines");
    expect(await errors("app/rules/lint-probe.ts", `${lines(600)}\n// the last line`)).toEqual([]);
    expect(await errors("scripts/lint-probe.ts", `${lines(601)}\n// the last line`)).toContain("max-lines");
  });

  it("leaves test files alone", async () => {
    expect(await errors("app/rules/lint-probe.test.ts", `${lines(700)}\n// the last line`)).toEqual([]);
  });
});

describe("test files", () => {
  it("test files are exempt", async () => {
    expect(
      await errors(
        "app/components/lint-probe.test.ts",
        'import { prisma } from "~/models/db/client.server";\nimport { loader } from "~/routes/_shop.cart/route";\nexport const x = [prisma, loader];',
      ),
    ).toEqual([]);
  });
});

describe("import cycles (.dependency-cruiser.cjs)", () => {
  it("reports a two-file cycle, and a cycle through a type-only import", async () => {
    const options = await extractDepcruiseOptions(path.join(root, ".dependency-cruiser.cjs"));
    // The repository's run excludes the fixtures; here they are the whole input.
    const result = await cruise(["tests/lint/fixtures"], { ...options, exclude: undefined, validate: true });
    if (typeof result.output === "string") throw new Error("expected a cruise result object");
    const cycles = result.output.summary.violations
      .filter((v) => v.rule.name === "no-circular")
      .map((v) => [v.from, v.to]);
    expect(cycles).toContainEqual(["tests/lint/fixtures/cycle/a.ts", "tests/lint/fixtures/cycle/b.ts"]);
    expect(cycles).toContainEqual([
      "tests/lint/fixtures/type-cycle/page.ts",
      "tests/lint/fixtures/type-cycle/use-page-count.ts",
    ]);
  });
});

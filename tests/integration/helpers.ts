/**
 * Helpers for loader/action tests: build requests with cookies, run loaders and actions into typed
 * outcomes (run, expectData, runData; the matchers toRedirectTo and toSetToast in
 * tests/setup/matchers.ts read them), and create catalogue rows in the worker's own database (see
 * tests/setup/setup-test-env.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { Prisma } from "~/generated/prisma/client";
import { getEnv } from "~/config/env.server";
import { prisma } from "~/models/db/client.server";
import { refreshPriceRange } from "~/models/catalogue/product-writes.server";
import { unitPricePaisa } from "~/rules/money";
import { combinationKey, variantLabel } from "~/rules/variants";
import { hashPassword } from "~/server/auth/password.server";
import { createAdminSession } from "~/server/auth/session.server";

const ORIGIN = "http://localhost:3000";

/** A cookie jar: keeps name=value pairs from Set-Cookie headers, as a browser would. */
export class CookieJar {
  private cookies = new Map<string, string>();

  /** Stores each Set-Cookie of `headers`; an expired cookie is removed. */
  take(headers: Headers): void {
    for (const header of headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

/** A GET request for `path`, with the jar's cookies. */
export function get(path: string, jar?: CookieJar): Request {
  return new Request(`${ORIGIN}${path}`, { headers: jar ? { Cookie: jar.header() } : {} });
}

/** A form POST to `path`, with the jar's cookies. */
export function post(
  path: string,
  fields: Record<string, string | number | (string | number)[]>,
  jar?: CookieJar,
): Request {
  // A list is a field sent once per value, as ticked checkboxes of one name are.
  const body = new URLSearchParams(
    Object.entries(fields).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one) => [k, String(one)])),
  );
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(jar ? { Cookie: jar.header() } : {}) },
  });
}

export type Upload = { field: string; name: string; bytes: Buffer; type?: string };

/** A multipart/form-data POST, as a browser sends a form with files. */
export function multipart(
  urlPath: string,
  fields: Record<string, string | string[]>,
  files: Upload[] = [],
  jar?: CookieJar,
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const file of files)
    form.append(file.field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/jpeg" }));
  return new Request(`${ORIGIN}${urlPath}`, {
    method: "POST",
    body: form,
    headers: jar ? { Cookie: jar.header() } : {},
  });
}

/**
 * Any route loader or action: it is called with `{ request, params, context }` and may return or
 * throw a Response, return a `data()` result, or return plain data.
 */
export type RouteHandler = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

/**
 * Single fetch's `data(value, init)` result, `{ type: "DataWithResponseInit", data, init }` (the
 * class DataWithResponseInit of @remix-run/router, which @remix-run/node does not export).
 */
type DataWithResponseInit<D> = { type: string; data: D; init: ResponseInit | null };

/** The data a result carries: `data(d, init)` gives `d`, plain data is itself, a Response gives none. */
type DataOf<R> = R extends Response ? never : R extends DataWithResponseInit<infer D> ? D : R;

/**
 * The type of a handler's data: its awaited results without the Responses, `data()` results
 * unwrapped. For `async () => cond ? redirect("/") : cond2 ? data({ a: 1 }, 400) : { b: "x" }` it is
 * `{ a: number } | { b: string }`.
 */
export type HandlerData<H extends RouteHandler> = DataOf<Awaited<ReturnType<H>>>;

/**
 * The outcome of a loader or action, whether it returned or threw:
 *
 *     { kind: "response", status, headers, location, data: null }  // a Response (redirect, 404, file…)
 *     { kind: "data", status, headers, location, data: D }         // a data() result or plain data
 *
 * `status` is the Response's, `init.status` of a `data()` result, or 200 for plain data; `headers`
 * likewise (empty for plain data); `location` is the Location header or null. `D` is
 * HandlerData of the handler; `expectData(outcome)` asserts the "data" kind and returns `D`.
 */
export type Outcome<D = unknown> = { status: number; headers: Headers; location: string | null } & (
  { kind: "response"; data: null } | { kind: "data"; data: D }
);

/** Whether `value` is a `data()` result (see DataWithResponseInit). */
function isDataWithResponseInit(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * Runs a loader or action as Remix would, with `params` and the load `context` (server.js gives
 * `clientAddress`; empty by default), and normalises what it returns or throws into an Outcome
 * typed by the handler; anything thrown that is not a Response is rethrown.
 *
 *     const outcome = await run(loader, get(`/admin/orders/view/${id}`, jar), { id });
 *     outcome.data; // HandlerData<typeof loader> | null
 */
export async function run<H extends RouteHandler>(
  handler: H,
  request: Request,
  params: Record<string, string> = {},
  context: Record<string, unknown> = {},
): Promise<Outcome<HandlerData<H>>> {
  let result: unknown;
  try {
    result = await handler({ request, params, context });
  } catch (thrown) {
    if (thrown instanceof Response) result = thrown;
    else throw thrown;
  }
  if (result instanceof Response) {
    const { status, headers } = result;
    return { kind: "response", status, headers, location: headers.get("Location"), data: null };
  }
  const carried = isDataWithResponseInit(result) ? result : { data: result, init: null };
  const headers = new Headers(carried.init?.headers);
  const status = carried.init?.status ?? 200;
  const outcome: Outcome = { kind: "data", status, headers, location: headers.get("Location"), data: carried.data };
  // The one place the data's type is asserted: TypeScript cannot follow the checks above from
  // `unknown` to HandlerData<H>, which is exactly what they leave (no Response, data() unwrapped).
  return outcome as Outcome<HandlerData<H>>;
}

/**
 * The data of an outcome, typed; fails the test when the handler answered a Response instead
 * (the message shows its status and Location).
 *
 *     const { invoice } = expectData(await run(orderLoader, get(`/admin/orders/view/${id}`, jar), { id }));
 */
export function expectData<D>(outcome: Outcome<D>): D {
  if (outcome.kind === "response") {
    throw new Error(
      `expected data, but the handler answered a Response: status ${outcome.status}` +
        (outcome.location === null ? "" : `, Location ${outcome.location}`),
    );
  }
  return outcome.data;
}

/** `run()` then `expectData()`: the handler's data, typed; fails the test on a Response. */
export async function runData<H extends RouteHandler>(
  handler: H,
  request: Request,
  params: Record<string, string> = {},
): Promise<HandlerData<H>> {
  return expectData(await run(handler, request, params));
}

let counter = 0;

/** Creates a category with a unique slug. */
export function createCategory(name = `Category ${++counter}`) {
  return prisma.category.create({ data: { name, slug: `${name.toLowerCase().replace(/\s+/g, "-")}-${++counter}` } });
}

/**
 * Creates a product without options and its default variant (docs/decisions/047-variants.md);
 * prices in paisa. With `stockQuantity` it tracks stock and has that many units on hand. Returns the
 * product with `variantId`, its default variant's id (what a cart line and an order line name).
 */
export async function createProduct(fields: {
  name?: string;
  nameBn?: string;
  pricePaisa: number;
  discountedPricePaisa?: number | null;
  categoryId?: number;
  isFeatured?: boolean;
  stockQuantity?: number;
  sku?: string;
}) {
  const name = fields.name ?? `Product ${++counter}`;
  const charged =
    fields.discountedPricePaisa != null && fields.discountedPricePaisa < fields.pricePaisa
      ? fields.discountedPricePaisa
      : fields.pricePaisa;
  const product = await prisma.product.create({
    data: {
      name,
      nameBn: fields.nameBn ?? "",
      slug: name.toLowerCase().replace(/\s+/g, "-"),
      description: `${name} description`,
      minPricePaisa: charged,
      maxPricePaisa: charged,
      categoryId: fields.categoryId ?? null,
      isFeatured: fields.isFeatured ?? false,
      trackStock: fields.stockQuantity !== undefined,
      variants: {
        create: {
          combinationKey: "",
          sku: fields.sku ?? null,
          pricePaisa: fields.pricePaisa,
          discountedPricePaisa: fields.discountedPricePaisa ?? null,
          stockQuantity: fields.stockQuantity ?? 0,
        },
      },
    },
    include: { variants: { select: { id: true } } },
  });
  const { variants, ...rest } = product;
  return { ...rest, variantId: variants[0]!.id };
}

/** A product without options to create in bulk: its default variant's prices in paisa. */
export type BulkProduct = {
  name: string;
  slug: string;
  description: string;
  pricePaisa: number;
  discountedPricePaisa: number | null;
  categoryId: number | null;
};

/**
 * Creates many products without options, each with its default variant (stock not tracked) and its
 * min/max prices (the price a shopper pays), in one transaction of two INSERT … SELECT statements
 * over a JSON array: ~100× faster than createMany's batches of bound rows, for catalogues of
 * thousands. The products get ascending ids in the order of `rows`.
 */
export async function createProductsInBulk(rows: readonly BulkProduct[]): Promise<void> {
  const now = new Date().toISOString();
  const products = rows.map((row) => ({ ...row, charged: unitPricePaisa(row) }));
  await prisma.$transaction(async (tx) => {
    const lastRows = await tx.$queryRaw<{ last: number | bigint | null }[]>`SELECT max("id") AS "last" FROM "Product"`;
    const last = Number(lastRows[0]?.last ?? 0);
    const json = JSON.stringify(products);
    if (getEnv().databaseKind === "postgresql") {
      await tx.$executeRawUnsafe(
        `INSERT INTO "Product" ("name", "slug", "description", "minPricePaisa", "maxPricePaisa", "categoryId", "isFeatured", "createdAt", "updatedAt")
         SELECT e ->> 'name', e ->> 'slug', e ->> 'description', (e ->> 'charged')::int, (e ->> 'charged')::int,
                (e ->> 'categoryId')::int, FALSE, $1::timestamptz, $1::timestamptz
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS j(e, n) ORDER BY n`,
        now,
        json,
      );
      await tx.$executeRawUnsafe(
        `INSERT INTO "ProductVariant" ("productId", "combinationKey", "pricePaisa", "discountedPricePaisa", "stockQuantity", "isActive", "position")
         SELECT p."id", '', (j.e ->> 'pricePaisa')::int, (j.e ->> 'discountedPricePaisa')::int, 0, TRUE, 0
         FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS n FROM "Product" WHERE "id" > $1) AS p
         JOIN jsonb_array_elements($2::jsonb) WITH ORDINALITY AS j(e, n) ON j.n = p.n`,
        last,
        json,
      );
      return;
    }
    await tx.$executeRawUnsafe(
      `INSERT INTO Product (name, slug, description, minPricePaisa, maxPricePaisa, categoryId, isFeatured, createdAt, updatedAt)
       SELECT value ->> '$.name', value ->> '$.slug', value ->> '$.description', value ->> '$.charged',
              value ->> '$.charged', value ->> '$.categoryId', 0, ?, ?
       FROM json_each(?) ORDER BY key`,
      now,
      now,
      json,
    );
    // The new products, in the order inserted: their ids are the ones above the previous largest.
    await tx.$executeRawUnsafe(
      `INSERT INTO ProductVariant (productId, combinationKey, pricePaisa, discountedPricePaisa, stockQuantity, isActive, position)
       SELECT p.id, '', j.value ->> '$.pricePaisa', j.value ->> '$.discountedPricePaisa', 0, 1, 0
       FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM Product WHERE id > ?) AS p
       JOIN json_each(?) AS j ON j.key = p.n`,
      last,
      json,
    );
  });
}

/** The stock on hand of a product's default variant (units). */
export async function stockOf(productId: number): Promise<number> {
  const variant = await prisma.productVariant.findFirstOrThrow({
    where: { productId },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { stockQuantity: true },
  });
  return variant.stockQuantity;
}

/**
 * The first variant (by position, then id) of the one product matching `where`: a product without
 * options has only its default variant. Throws when no product or variant matches.
 *
 *     (await defaultVariantOf({ name: "Lamp" })).discountedPricePaisa
 */
export function defaultVariantOf(where: Prisma.ProductWhereInput) {
  return prisma.productVariant.findFirstOrThrow({
    where: { product: where },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
}

/** One variant to create: its option values (one per option, in option order) and prices in paisa. */
export type VariantSpec = {
  values: string[];
  pricePaisa: number;
  discountedPricePaisa?: number | null;
  stockQuantity?: number;
  sku?: string;
  isActive?: boolean;
};

/**
 * Creates a product with up to three options (`options`: names and their values, in display order)
 * and the `variants` listed (each names one value per option), in one transaction, as the admin's
 * variants page leaves it: combination keys from the value ids, positions in the order given, and
 * the product's min/max prices refreshed. `trackStock` (default true) makes every variant count its
 * `stockQuantity` (default 0).
 *
 * @returns the product with its `variants` in the order given, each with its `id` and `label`
 *   ("56″ / Brown"), and `variantId(...values)`, the id of the variant with those values.
 * @throws when a variant names a value its option does not have.
 */
export async function createProductWithVariants(fields: {
  name?: string;
  nameBn?: string;
  categoryId?: number;
  trackStock?: boolean;
  options: { name: string; values: string[] }[];
  variants: VariantSpec[];
}) {
  const name = fields.name ?? `Product ${++counter}`;
  return prisma.$transaction(async (tx) => {
    const product = await tx.product.create({
      data: {
        name,
        nameBn: fields.nameBn ?? "",
        slug: name.toLowerCase().replace(/\s+/g, "-"),
        description: `${name} description`,
        categoryId: fields.categoryId ?? null,
        trackStock: fields.trackStock ?? true,
      },
    });
    // The value ids of each option, by value.
    const valueIds: Map<string, number>[] = [];
    for (const [position, option] of fields.options.entries()) {
      const created = await tx.productOption.create({
        data: {
          productId: product.id,
          name: option.name,
          position,
          values: { create: option.values.map((value, index) => ({ value, position: index })) },
        },
        include: { values: true },
      });
      valueIds.push(new Map(created.values.map((value) => [value.value, value.id])));
    }
    const variants: (VariantSpec & { id: number; label: string })[] = [];
    for (const [position, spec] of fields.variants.entries()) {
      const ids = spec.values.map((value, index) => {
        const id = valueIds[index]?.get(value);
        if (id === undefined) throw new Error(`No value "${value}" for option ${index + 1} of ${name}`);
        return id;
      });
      const variant = await tx.productVariant.create({
        data: {
          productId: product.id,
          option1ValueId: ids[0] ?? null,
          option2ValueId: ids[1] ?? null,
          option3ValueId: ids[2] ?? null,
          combinationKey: combinationKey(ids),
          sku: spec.sku ?? null,
          pricePaisa: spec.pricePaisa,
          discountedPricePaisa: spec.discountedPricePaisa ?? null,
          stockQuantity: spec.stockQuantity ?? 0,
          isActive: spec.isActive ?? true,
          position,
        },
      });
      variants.push({ ...spec, id: variant.id, label: variantLabel(spec.values) });
    }
    await refreshPriceRange(tx, product.id);
    const priced = await tx.product.findUniqueOrThrow({ where: { id: product.id } });
    const variantId = (...values: string[]): number => {
      const found = variants.find((variant) => variant.label === variantLabel(values));
      if (!found) throw new Error(`No variant ${variantLabel(values)} of ${name}`);
      return found.id;
    };
    return { ...priced, variants, variantId };
  });
}

/** Creates an admin and returns it with its password. */
export async function createAdmin(email = `staff${++counter}@haat.example`, password = "correct horse battery") {
  const user = await prisma.adminUser.create({ data: { email, passwordHash: await hashPassword(password) } });
  return { ...user, password };
}

/** A jar holding a signed-in session for `userId`. */
export async function signedInJar(userId: number): Promise<CookieJar> {
  const jar = new CookieJar();
  const setCookie = await createAdminSession(get("/admin/login"), userId);
  jar.take(new Headers({ "Set-Cookie": setCookie }));
  return jar;
}

/** Lets the current test call console.error (for code paths that log on purpose). */
export function allowConsoleError(): void {
  (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true;
}

/**
 * Runs `fn` while the table `table` cannot be read (it is renamed away, then back): a real
 * database failure for the code under test, not a mock of Prisma.
 */
export async function withTableUnavailable<T>(table: string, fn: () => Promise<T>): Promise<T> {
  await prisma.$executeRawUnsafe(`ALTER TABLE "${table}" RENAME TO "${table}_unavailable"`);
  try {
    return await fn();
  } finally {
    await prisma.$executeRawUnsafe(`ALTER TABLE "${table}_unavailable" RENAME TO "${table}"`);
  }
}

/**
 * Runs `fn` while every insert into `table` fails (a trigger raises an error, so the transaction
 * around it rolls back): a real database failure for the code under test, not a mock of Prisma.
 */
export async function withInsertsFailing<T>(table: string, fn: () => Promise<T>): Promise<T> {
  return withWritesFailing({ table, event: "INSERT" }, fn);
}

/**
 * Runs `fn` while the database refuses some writes to `table`: every `event` ("INSERT", "UPDATE" or
 * "DELETE"), or those whose row meets `when`, an SQL condition on `NEW` (insert, update) or `OLD`
 * (delete) in quoted identifiers, such as `OLD."orderId" = 4`. A trigger raises the error `message`
 * on SQLite and on PostgreSQL alike; it is removed afterwards.
 */
export async function withWritesFailing<T>(
  options: { table: string; event: "INSERT" | "UPDATE" | "DELETE"; when?: string; message?: string },
  fn: () => Promise<T>,
): Promise<T> {
  const { table, event, when, message = "injected failure" } = options;
  const name = `fail_${event.toLowerCase()}_${table}`;
  const text = message.replaceAll("'", "''");
  const postgres = getEnv().databaseKind === "postgresql";
  if (postgres) {
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${text}'; END; $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "${name}" BEFORE ${event} ON "${table}" FOR EACH ROW ${when ? `WHEN (${when})` : ""} EXECUTE FUNCTION "${name}"()`,
    );
  } else {
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "${name}" BEFORE ${event} ON "${table}" ${when ? `WHEN ${when}` : ""} BEGIN SELECT RAISE(ABORT, '${text}'); END`,
    );
  }
  try {
    return await fn();
  } finally {
    if (postgres) {
      await prisma.$executeRawUnsafe(`DROP TRIGGER "${name}" ON "${table}"`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION "${name}"()`);
    } else {
      await prisma.$executeRawUnsafe(`DROP TRIGGER "${name}"`);
    }
  }
}

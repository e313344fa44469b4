/**
 * Helpers for loader/action tests: build requests with cookies, unwrap Remix results, and create
 * catalogue rows in the worker's own database (see tests/setup/setup-test-env.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "~/models/db.server";
import { hashPassword } from "~/server/password.server";
import { createAdminSession } from "~/server/session.server";

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
export function post(path: string, fields: Record<string, string | number>, jar?: CookieJar): Request {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(jar ? { Cookie: jar.header() } : {}) },
  });
}

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

/** The outcome of a loader or action: a status, headers, and the data (for non-Response results). */
export type Outcome = { status: number; headers: Headers; location: string | null; data: unknown };

/**
 * Runs a loader or action and normalises what it returns or throws: a Response, a `data()` result
 * (single fetch's DataWithResponseInit) or plain data.
 */
export async function run(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<Outcome> {
  let result: unknown;
  try {
    result = await handler({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) result = thrown;
    else throw thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, headers: result.headers, location: result.headers.get("Location"), data: null };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    const headers = new Headers(init?.headers);
    return { status: init?.status ?? 200, headers, location: headers.get("Location"), data };
  }
  return { status: 200, headers: new Headers(), location: null, data: result };
}

let counter = 0;

/** Creates a category with a unique slug. */
export function createCategory(name = `Category ${++counter}`) {
  return prisma.category.create({ data: { name, slug: `${name.toLowerCase().replace(/\s+/g, "-")}-${++counter}` } });
}

/** Creates a product; prices in paisa. */
export function createProduct(fields: {
  name?: string;
  pricePaisa: number;
  discountedPricePaisa?: number | null;
  categoryId?: number;
  isFeatured?: boolean;
}) {
  const name = fields.name ?? `Product ${++counter}`;
  return prisma.product.create({
    data: {
      name,
      slug: name.toLowerCase().replace(/\s+/g, "-"),
      description: `${name} description`,
      pricePaisa: fields.pricePaisa,
      discountedPricePaisa: fields.discountedPricePaisa ?? null,
      categoryId: fields.categoryId ?? null,
      isFeatured: fields.isFeatured ?? false,
    },
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

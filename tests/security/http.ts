/**
 * Raw HTTP for the security suite. Playwright's `request` and `fetch` normalise the path
 * (`/admin/../cart` becomes `/cart`) and choose some headers themselves; an attacker does neither,
 * so these requests go out through `node:http` exactly as written.
 */
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { SECURITY_DB_PATH, SECURITY_PORT } from "../e2e/e2e-env";
import { E2E_ADMIN } from "../e2e/fixtures";

export const ORIGIN = `http://localhost:${SECURITY_PORT}`;

/** What the server answered. `body` is cut at 64 KiB. */
export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type RawRequest = {
  method?: string;
  /** The request target, sent as is (dot segments and percent-encoding untouched). */
  path: string;
  headers?: Record<string, string | number | undefined>;
  /** The body; omitted for none. */
  body?: string | Buffer;
  /** Declare this Content-Length but send only `body` (for bodies the server must refuse unread). */
  declaredLength?: number;
};

/** The most bytes of an answer's body `raw` keeps. */
const MAX_KEPT_BYTES = 512 * 1024;

/**
 * Sends one request to the security suite's server and reads the answer.
 * @throws when the connection fails for another reason than the server closing it after answering.
 */
export function raw(request: RawRequest): Promise<RawResponse> {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers: Record<string, string | number> = { Host: `localhost:${SECURITY_PORT}` };
  for (const [name, value] of Object.entries(request.headers ?? {})) if (value !== undefined) headers[name] = value;
  if (request.declaredLength !== undefined) headers["Content-Length"] = request.declaredLength;
  else if (body !== undefined && !Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h)))
    headers["Content-Length"] = body.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "localhost",
        port: SECURITY_PORT,
        method: request.method ?? "GET",
        path: request.path,
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          // Kept up to a whole admin page (its stylesheet is inlined: about 70 KB); a larger answer
          // (a file download) is counted, not kept.
          if (size < MAX_KEPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    // A server that refuses a body unread closes the connection while it is being sent: the
    // answer still arrives, so a write error after it is not a failure.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Headers a same-origin form post from the shop's own page carries. */
export const sameOrigin = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" } as const;

/** A URL-encoded form body and its Content-Type header. */
export function urlEncoded(fields: Record<string, string>) {
  return {
    body: new URLSearchParams(fields).toString(),
    contentType: "application/x-www-form-urlencoded",
  };
}

/** Signs in as the test server's admin (tests/e2e/server.ts); returns the `Cookie` header value. */
export async function adminCookie(): Promise<string> {
  const form = urlEncoded({ email: E2E_ADMIN.email, password: E2E_ADMIN.password, redirectTo: "" });
  const res = await raw({
    method: "POST",
    path: "/admin/login",
    headers: { ...sameOrigin, "Content-Type": form.contentType },
    body: form.body,
  });
  if (res.status !== 302) throw new Error(`sign-in failed: ${res.status} ${res.body.slice(0, 200)}`);
  return cookiesOf(res);
}

/** The `Cookie` header a browser would send back after `res` (name=value of each Set-Cookie). */
export function cookiesOf(res: RawResponse): string {
  const setCookie = res.headers["set-cookie"] ?? [];
  return setCookie
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Runs `work` on a fresh connection to the security server's database (closed afterwards). */
export function withSecurityDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(SECURITY_DB_PATH, { fileMustExist: true, timeout: 5000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** A route of the build's route manifest, with the URL path it answers (parents' paths joined). */
export type ManifestRoute = { id: string; path: string; hasLoader: boolean; hasAction: boolean };

/**
 * Every route of the production build (build/client/assets/manifest-*.js, which the browser also
 * loads), so that a route added later is covered without editing the suite.
 */
export function buildRoutes(): ManifestRoute[] {
  const assets = path.resolve("build/client/assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("No route manifest in build/client/assets: run `npm run build` first.");
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as {
    routes: Record<
      string,
      { id: string; path?: string; parentId?: string; index?: boolean; hasLoader: boolean; hasAction: boolean }
    >;
  };
  const fullPath = (id: string): string => {
    const route = manifest.routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/").replace(/\/+/g, "/");
  };
  return Object.values(manifest.routes).map((route) => ({
    id: route.id,
    path: `/${fullPath(route.id)}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1"),
    hasLoader: route.hasLoader,
    hasAction: route.hasAction,
  }));
}

/** `routePath` with its parameters filled in (`:id` → 1, `*` → "anything"). */
export function concretePath(routePath: string): string {
  return routePath
    .replace(/:list\b/, "products")
    .replace(/:name\b/, "icon-192.png")
    .replace(/:key\b/, "missing")
    .replace(/:file\b/, "missing.webp")
    .replace(/:[A-Za-z]+\??/g, "1")
    .replace(/\*$/, "anything");
}

/**
 * Staff sign-in and the admin gate (docs/decisions/005-sessions.md).
 *
 * The gate check enumerates EVERY route under /admin from the route manifest, built from
 * app/routes.ts exactly as the Remix Vite plugin does (flatRoutes of @remix-run/fs-routes), not from
 * a file glob: whatever URL Remix would serve under /admin is checked, whatever file it lives in.
 * Each route module's loader and action (where present) must refuse a request without a session
 * (a redirect to /admin/login?redirectTo=<the path>, or 401/403 for a resource route). A new admin
 * route that forgets requireAdmin fails here; only ADMIN_ROUTES_WITHOUT_SESSION may answer.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import type { RouteConfigEntry } from "@remix-run/route-config";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi, type MockInstance } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/admin_.login";
import { action as logoutAction } from "~/routes/admin_.logout";
import { loader as ordersLoader } from "~/routes/admin.orders._index/route";
import { requireAdmin } from "~/server/auth/auth.server";
import { adminSessionStorageFor } from "~/server/auth/session.server";
import {
  deleteExpiredSessions,
  LAST_SEEN_REFRESH_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from "~/models/auth/admin-session.server";
import { prisma } from "~/models/db/client.server";
import { createAdmin, expectData, get, post, run, signedInJar, CookieJar, type RouteHandler } from "./helpers";

type RouteModule = { loader?: RouteHandler; action?: RouteHandler; default?: unknown };

/**
 * Admin routes that answer without a session, by route file (relative to app/), with the reason.
 * Keep this list short: anything else under /admin must call requireAdmin in its loader and action.
 */
const ADMIN_ROUTES_WITHOUT_SESSION: Record<string, string> = {
  "routes/admin_.login.tsx": "the sign-in page itself",
  "routes/admin_.logout.tsx": "signing out needs no session (it only clears the cookie)",
  "routes/admin_.two-factor.tsx":
    "the second sign-in step: it needs the password step's signed cookie instead of a session, and sends anyone without one to the sign-in page (two-factor.test.ts)",
};

/** A route of the manifest with its full URL pattern (e.g. "admin/orders/view/:id"). */
type ManifestRoute = { file: string; pattern: string };

/** Every route of app/routes.ts, nested routes flattened with their full URL patterns. */
async function manifestRoutes(): Promise<ManifestRoute[]> {
  // What the Remix Vite plugin sets before it evaluates app/routes.ts (getAppDirectory() reads it).
  (globalThis as { __remixAppDirectory?: string }).__remixAppDirectory = path.resolve("app");
  const { default: config } = await import("../../app/routes");
  const routes: ManifestRoute[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
      routes.push({ file: entry.file, pattern });
      walk(entry.children ?? [], pattern);
    }
  };
  walk(await config, "");
  return routes;
}

/** A concrete URL path for a pattern: params become 1, a splat becomes "x", optional segments go. */
function samplePath(pattern: string): string {
  const segments = pattern
    .split("/")
    .filter((s) => s !== "" && !/^\(.*\)$/.test(s))
    .map((s) => (s === "*" ? "x" : s.startsWith(":") ? "1" : s.replace(/\?$/, "")));
  return `/${segments.join("/")}`;
}

/**
 * What is wrong with how `module` answers a loader GET and an action POST to `urlPath` without a
 * session: an empty list when both refuse (redirect to the login with redirectTo, or 401/403).
 */
async function gateProblems(module: RouteModule, urlPath: string): Promise<string[]> {
  const problems: string[] = [];
  const expected = `/admin/login?${new URLSearchParams({ redirectTo: urlPath })}`;
  const params = { id: "1", "*": "x" };
  for (const kind of ["loader", "action"] as const) {
    const handler = module[kind];
    if (!handler) continue;
    const request =
      kind === "loader" ? get(urlPath) : post(urlPath, { intent: "delete", status: "delivered", name: "x" });
    try {
      const outcome = await run(handler, request, params);
      const refused =
        (outcome.status === 302 && outcome.location === expected) ||
        (module.default === undefined && (outcome.status === 401 || outcome.status === 403));
      if (!refused) problems.push(`${kind} answered ${outcome.status} ${outcome.location ?? ""}`.trim());
    } catch (error) {
      problems.push(`${kind} threw ${String(error)}`);
    }
  }
  return problems;
}

/** The sign-in lines the server's log wrote to standard output in the current test (kept off the output). */
let logged: Record<string, unknown>[];
let stdout: MockInstance;
beforeEach(() => {
  logged = [];
  stdout = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    for (const text of String(chunk)
      .split("\n")
      .filter((text) => text.startsWith("{"))) {
      const line = JSON.parse(text) as Record<string, unknown>;
      if (line.event === "sign-in") logged.push(line);
    }
    return true;
  });
});
afterEach(() => stdout.mockRestore());

const routes = await manifestRoutes();
const adminRoutes = routes.filter((r) => r.pattern === "admin" || r.pattern.startsWith("admin/"));

describe("every admin loader and action requires a signed-in admin", () => {
  it("finds the admin routes in the route manifest, and every allow-listed route exists", () => {
    const files = adminRoutes.map((r) => r.file);
    expect(files).toEqual(
      expect.arrayContaining([
        "routes/admin.tsx",
        "routes/admin._index.tsx",
        "routes/admin.$.tsx",
        "routes/admin.orders.view.$id/route.tsx",
        ...Object.keys(ADMIN_ROUTES_WITHOUT_SESSION),
      ]),
    );
  });

  for (const route of adminRoutes.filter((r) => !(r.file in ADMIN_ROUTES_WITHOUT_SESSION))) {
    const urlPath = samplePath(route.pattern);
    it(`${route.file} (${urlPath}) refuses its loader and action without a session`, async () => {
      const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as RouteModule;
      expect(module.loader ?? module.action, "a route under /admin with neither loader nor action").toBeDefined();
      expect(await gateProblems(module, urlPath)).toEqual([]);
    });
  }

  it("the check itself catches a route that forgets requireAdmin", async () => {
    const forgetful: RouteModule = { loader: async () => ({ secret: true }) };
    const forgetfulAction: RouteModule = {
      loader: async ({ request }) => requireAdmin(request),
      action: async () => new Response(null, { status: 302, headers: { Location: "/admin/products" } }),
    };
    const guarded: RouteModule = {
      loader: async ({ request }) => requireAdmin(request),
      action: async ({ request }) => requireAdmin(request),
    };
    expect(await gateProblems(forgetful, "/admin/new")).toEqual(["loader answered 200"]);
    expect(await gateProblems(forgetfulAction, "/admin/new")).toEqual(["action answered 302 /admin/products"]);
    expect(await gateProblems(guarded, "/admin/new")).toEqual([]);
  });

  it("an expired or deleted session is no session", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    expect((await run(ordersLoader, get("/admin/orders", jar))).status).toBe(200);
    await prisma.session.updateMany({ where: { userId: admin.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await run(ordersLoader, get("/admin/orders", jar))).toRedirectTo(
      "/admin/login?redirectTo=%2Fadmin%2Forders",
      {
        status: 302,
      },
    );
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(0);
  });
});

/**
 * The session id a jar's session cookie carries, decoded as the server would before verifying it:
 * the cookie value is URL-encoded `<base64 of the JSON session data>.<signature>`.
 */
function sessionIdOf(jar: CookieJar): string {
  const pair = jar
    .header()
    .split("; ")
    .find((p) => /^(__Host-)?haat_session=/.test(p));
  if (!pair) throw new Error(`no session cookie in ${jar.header()}`);
  const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
  const payload = value.slice(0, value.lastIndexOf("."));
  const data = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { sessionId?: unknown };
  if (typeof data.sessionId !== "string") throw new Error(`no session id in ${JSON.stringify(data)}`);
  return data.sessionId;
}

/** Sets the last-seen time of every session of `userId` to `msAgo` milliseconds ago; returns it. */
async function lastSeen(userId: number, msAgo: number): Promise<Date> {
  const at = new Date(Date.now() - msAgo);
  await prisma.session.updateMany({ where: { userId }, data: { lastSeenAt: at } });
  return at;
}

/** The one session row of `userId`. */
function sessionRow(userId: number) {
  return prisma.session.findFirstOrThrow({ where: { userId } });
}

const LOGIN_FROM_ORDERS = "/admin/login?redirectTo=%2Fadmin%2Forders";

describe("stored sessions", () => {
  it("the Session table holds only a SHA-256 of the cookie's id, never the id itself", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const id = sessionIdOf(jar);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits, base64url
    const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(
      'SELECT * FROM "Session" WHERE "userId" = ?',
      admin.id,
    );
    expect(rows).toHaveLength(1);
    const values = Object.values(rows[0]!).map(String);
    for (const value of values) expect(value).not.toContain(id);
    expect(values).toContain(createHash("sha256").update(id).digest("hex"));
    // ... and the hashed row is the one the cookie finds.
    expect((await run(ordersLoader, get("/admin/orders", jar))).status).toBe(200);
  });

  it("a session idle for longer than the idle timeout is refused and its row deleted", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    await lastSeen(admin.id, SESSION_IDLE_TIMEOUT_MS + 1000);
    expect(await run(ordersLoader, get("/admin/orders", jar))).toRedirectTo(LOGIN_FROM_ORDERS, { status: 302 });
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(0);
  });

  it("a session used within the idle window keeps working; lastSeenAt is written only after the refresh interval", async () => {
    expect(SESSION_IDLE_TIMEOUT_MS).toBe(12 * 60 * 60 * 1000);
    expect(LAST_SEEN_REFRESH_MS).toBe(5 * 60 * 1000);
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const signedIn = await sessionRow(admin.id);
    expect(Math.abs(signedIn.lastSeenAt.getTime() - Date.now())).toBeLessThan(10_000);

    // Right after sign-in, and a little under the refresh interval later: no write.
    expect((await run(ordersLoader, get("/admin/orders", jar))).status).toBe(200);
    expect((await sessionRow(admin.id)).lastSeenAt).toEqual(signedIn.lastSeenAt);
    const recent = await lastSeen(admin.id, LAST_SEEN_REFRESH_MS - 30_000);
    expect((await run(ordersLoader, get("/admin/orders", jar))).status).toBe(200);
    expect((await sessionRow(admin.id)).lastSeenAt).toEqual(recent);

    // Nearly idle-expired: the request still works and moves lastSeenAt to now, so the session
    // has a whole idle window again.
    await lastSeen(admin.id, SESSION_IDLE_TIMEOUT_MS - 60_000);
    const before = Date.now();
    expect((await run(ordersLoader, get("/admin/orders", jar))).status).toBe(200);
    const refreshed = (await sessionRow(admin.id)).lastSeenAt.getTime();
    expect(refreshed).toBeGreaterThanOrEqual(before);
    expect(refreshed).toBeLessThanOrEqual(Date.now());
    await lastSeen(admin.id, SESSION_IDLE_TIMEOUT_MS - 60_000);
    expect((await run(ordersLoader, get("/admin/orders", jar))).status).toBe(200);
  });

  it("deleteExpiredSessions removes idle-expired and absolute-expired rows, and keeps live ones", async () => {
    const idle = await createAdmin();
    const expired = await createAdmin();
    const live = await createAdmin();
    await signedInJar(idle.id);
    await signedInJar(expired.id);
    const liveJar = await signedInJar(live.id);
    await lastSeen(idle.id, SESSION_IDLE_TIMEOUT_MS + 1000);
    await prisma.session.updateMany({
      where: { userId: expired.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await lastSeen(live.id, SESSION_IDLE_TIMEOUT_MS - 60_000);

    expect(await deleteExpiredSessions()).toBeGreaterThanOrEqual(2);
    expect(await prisma.session.count({ where: { userId: { in: [idle.id, expired.id] } } })).toBe(0);
    expect(await prisma.session.count({ where: { userId: live.id } })).toBe(1);
    expect((await run(ordersLoader, get("/admin/orders", liveJar))).status).toBe(200);
  });
});

describe("the session cookie", () => {
  const SECRET = "cookie-test-secret-that-is-long-enough-0123";

  /** The Set-Cookie header of a new session from the storage built for `secure`. */
  async function setCookieFor(secure: boolean): Promise<string> {
    const storage = adminSessionStorageFor({ COOKIE_SECURE: secure, SESSION_SECRET: SECRET });
    const session = await storage.getSession();
    session.set("sessionId", "x");
    return storage.commitSession(session);
  }

  it("is named __Host-haat_session when Secure, with Path=/ and no Domain", async () => {
    const header = await setCookieFor(true);
    expect(header).toMatch(/^__Host-haat_session=/);
    const attributes = header.split(/;\s*/).slice(1);
    expect(attributes).toContain("Path=/");
    expect(attributes).toContain("Secure");
    expect(attributes).toContain("HttpOnly");
    expect(attributes).toContain("SameSite=Lax");
    expect(attributes.some((a) => /^domain=/i.test(a))).toBe(false);
  });

  it("is named haat_session without Secure (a __Host- cookie must be Secure)", async () => {
    const header = await setCookieFor(false);
    expect(header).toMatch(/^haat_session=/);
    expect(header.split(/;\s*/)).not.toContain("Secure");
  });
});

describe("sign-in", () => {
  it("says 'Invalid credentials' for a wrong password or unknown e-mail alike, keeping the e-mail", async () => {
    const admin = await createAdmin();
    const wrongPassword = await run(loginAction, post("/admin/login", { email: admin.email, password: "nope" }));
    const unknownEmail = await run(
      loginAction,
      post("/admin/login", { email: "ghost@haat.example", password: "nope" }),
    );
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.data).toEqual({ error: expect.stringMatching(/^Invalid credentials/), email: admin.email });
    expect(expectData(unknownEmail).error).toBe(expectData(wrongPassword).error);
    expect(wrongPassword.headers.getSetCookie()).toEqual([]);
  });

  it("throttles repeated failures for an address and e-mail with a 429, even with the right password", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const admin = await createAdmin();
      for (let i = 0; i < 10; i++) {
        expect(
          (await run(loginAction, post("/admin/login", { email: admin.email, password: `guess ${i}` }))).status,
        ).toBe(401);
        // Past the account-wide back-off's waits (1 s … 32 s after the 10th failure): this test is
        // about the address + e-mail limit, 10 attempts in 15 minutes.
        vi.setSystemTime(Date.now() + 40_000);
      }
      const blocked = await run(loginAction, post("/admin/login", { email: admin.email, password: admin.password }));
      expect(blocked.status).toBe(429);
      // 400 s of the 15 minutes have gone by.
      expect(expectData(blocked).error).toMatch(/^Invalid credentials: too many attempts\. Please wait 9 minutes/);
      expect(blocked.headers.get("Retry-After")).toBe("500");
      expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("cannot be beaten by parallel guesses", async () => {
    const admin = await createAdmin();
    const attempts = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        run(loginAction, post("/admin/login", { email: admin.email, password: `parallel ${i}` })),
      ),
    );
    const statuses = attempts.map((a) => a.status);
    // The account-wide back-off lets 5 failures in a row through, then asks for a wait.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("signing in again replaces the old session instead of leaving it valid", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const again = await run(loginAction, post("/admin/login", { email: admin.email, password: admin.password }, jar));
    expect(again).toRedirectTo("/admin/products", { status: 302 });
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(1);
    expect(await run(ordersLoader, get("/admin/orders", jar))).toRedirectTo(
      "/admin/login?redirectTo=%2Fadmin%2Forders",
      {
        status: 302,
      },
    );
  });

  it("signs in, stores a revocable session and goes to the local redirect target only", async () => {
    const admin = await createAdmin();
    const ok = await run(
      loginAction,
      post("/admin/login", { email: admin.email.toUpperCase(), password: admin.password, redirectTo: "/admin/orders" }),
    );
    expect(ok).toRedirectTo("/admin/orders", { status: 302 });
    const cookie = ok.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^haat_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(1);

    const evil = await run(
      loginAction,
      post("/admin/login", { email: admin.email, password: admin.password, redirectTo: "//evil.example/admin" }),
    );
    expect(evil).toRedirectTo("/admin/products");
  });

  it("sends a signed-in visitor of the login page to the products list", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    expect(await run(loginLoader, get("/admin/login", jar))).toRedirectTo("/admin/products");
    expect((await run(loginLoader, get("/admin/login"))).status).toBe(200);
  });

  it("logout deletes the session row, so the old cookie no longer works", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const stolenCookie = jar.header();
    const outcome = await run(logoutAction, post("/admin/logout", {}, jar));
    expect(outcome).toRedirectTo("/admin/login");
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(0);
    const replay = new CookieJar();
    replay.take(new Headers({ "Set-Cookie": stolenCookie }));
    expect(await run(ordersLoader, get("/admin/orders", replay))).toRedirectTo(
      "/admin/login?redirectTo=%2Fadmin%2Forders",
      {
        status: 302,
      },
    );
  });
});

describe("sign-in throttling (docs/decisions/021-sign-in-throttling.md)", () => {
  /** A sign-in from `address` (server.js passes the client address in the load context). */
  const signIn = (address: string, fields: { email: string; password: string }, jar?: CookieJar) =>
    run(loginAction, post("/admin/login", fields, jar), {}, { clientAddress: address });

  it("a browser that signed in before is not locked out by another client's failures from its address", async () => {
    // The clock stands still: the account's back-off (1 s after its 5th failure) must not run out
    // before the checks below, however slow the machine is. (The limits also forget a key on a real
    // timer, so the account's failures come last, just before those checks.)
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const admin = await createAdmin();
    const office = "198.51.100.20";
    const staff = new CookieJar();
    const first = await signIn(office, { email: admin.email, password: admin.password });
    expect(first).toRedirectTo("/admin/products");
    staff.take(first.headers);
    expect(staff.has("haat_device")).toBe(true);
    const device = first.headers.getSetCookie().find((c) => c.startsWith("haat_device="))!;
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/SameSite=Lax/);
    expect(device).toMatch(/Path=\/admin;/);
    expect(device).toMatch(/Max-Age=7776000/); // 90 days

    // Someone else at the office address fails 50 times: against other accounts, then this one.
    for (let i = 0; i < 50; i++) {
      const email = i >= 45 ? admin.email : `guess${i}@haat.example`;
      expect((await signIn(office, { email, password: `guess ${i}` })).status).toBe(401);
    }
    // Without the cookie even the right password is refused, from there or from anywhere else.
    expect((await signIn(office, { email: admin.email, password: admin.password })).status).toBe(429);
    expect((await signIn("198.51.100.21", { email: admin.email, password: admin.password })).status).toBe(429);

    // With it, the staff member signs in.
    const again = await signIn(office, { email: admin.email, password: admin.password }, staff);
    expect(again).toRedirectTo("/admin/products");
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(1);

    // The cookie names its account: it does not exempt another one.
    const colleague = await createAdmin();
    const other = await signIn(office, { email: colleague.email, password: colleague.password }, staff);
    expect(other.status).toBe(429);
  });

  it("backs off an account after 5 failures in a row from different addresses, even for the right password", async () => {
    const admin = await createAdmin();
    for (let i = 0; i < 5; i++) {
      expect((await signIn(`192.0.2.${i + 1}`, { email: admin.email, password: `guess ${i}` })).status).toBe(401);
    }
    const blocked = await signIn("192.0.2.99", { email: admin.email.toUpperCase(), password: admin.password });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toBe("1");
    expect(expectData(blocked)).toEqual({
      error: "Invalid credentials: too many attempts. Please wait up to a minute and try again.",
      email: admin.email.toUpperCase(),
    });
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(0);
  });

  it("logs every success, failure and lockout as one JSON line, the e-mail masked, never the password", async () => {
    const admin = await createAdmin();
    const address = "198.51.100.30";
    expect((await signIn(address, { email: admin.email, password: admin.password })).status).toBe(302);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(address, { email: admin.email, password: `secret-guess-${i}` })).status).toBe(401);
    }
    expect((await signIn(address, { email: admin.email, password: "secret-guess-6" })).status).toBe(429);
    expect((await signIn(address, { email: 'x" user=1\nsign-in succeeded', password: "secret-guess-7" })).status).toBe(
      401,
    );

    const masked = `${admin.email[0]}***@haat.example`;
    const seen = { event: "sign-in", address, device: false };
    expect(logged).toMatchObject([
      { ...seen, level: "info", msg: "sign-in succeeded", outcome: "succeeded", email: masked, user: admin.id },
      ...Array.from({ length: 5 }, () => ({
        ...seen,
        level: "warn",
        msg: "sign-in failed",
        email: masked,
        reason: "invalid-credentials",
      })),
      { ...seen, level: "warn", msg: "sign-in locked-out", email: masked, limit: "account", retryAfter: 1 },
      // What was typed is not an e-mail address (it might be a mistyped password): not kept.
      { ...seen, msg: "sign-in failed", email: "(not an e-mail address)", reason: "invalid-credentials" },
    ]);
    expect(logged[0]).not.toHaveProperty("reason");
    expect(JSON.stringify(logged)).not.toContain("secret-guess");
    expect(JSON.stringify(logged)).not.toContain(admin.email);
  });
});

/**
 * Staff sign-in and the admin gate (spec sections 2, 6, 8).
 * Every route module under /admin is found from the file system, so a new admin route whose loader
 * or action forgets requireAdmin fails here.
 */
import { describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/admin_.login";
import { action as logoutAction } from "~/routes/admin_.logout";
import { loader as ordersLoader } from "~/routes/admin.orders._index";
import { prisma } from "~/utils/db.server";
import { createAdmin, get, post, run, signedInJar, CookieJar } from "./helpers";

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
const adminModules = import.meta.glob<RouteModule>("../../app/routes/admin*.{ts,tsx}", { eager: true });

/** Routes that must answer without a session: the sign-in and sign-out pages themselves. */
const PUBLIC_ADMIN_ROUTES = new Set(["admin_.login.tsx", "admin_.logout.tsx"]);

describe("every admin loader and action requires a signed-in admin", () => {
  const entries = Object.entries(adminModules).filter(([file]) => !PUBLIC_ADMIN_ROUTES.has(file.split("/").pop()!));

  it("finds the admin routes", () => {
    expect(entries.length).toBeGreaterThanOrEqual(5);
  });

  for (const [file, module] of entries) {
    const name = file.split("/").pop();
    for (const kind of ["loader", "action"] as const) {
      const handler = module[kind];
      if (!handler) continue;
      it(`${name} ${kind} redirects to the login without a session`, async () => {
        const request =
          kind === "loader" ? get("/admin/orders/view/1") : post("/admin/orders/view/1", { status: "delivered" });
        const outcome = await run(handler as never, request, { id: "1", "*": "x" });
        expect(outcome.status).toBe(302);
        expect(outcome.location).toBe("/admin/login?redirectTo=%2Fadmin%2Forders%2Fview%2F1");
      });
    }
  }

  it("an expired or deleted session is no session", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    expect((await run(ordersLoader as never, get("/admin/orders", jar))).status).toBe(200);
    await prisma.session.updateMany({ where: { userId: admin.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await run(ordersLoader as never, get("/admin/orders", jar))).status).toBe(302);
  });
});

describe("sign-in", () => {
  it("says 'Invalid credentials' for a wrong password or unknown e-mail alike, keeping the e-mail", async () => {
    const admin = await createAdmin();
    const wrongPassword = await run(
      loginAction as never,
      post("/admin/login", { email: admin.email, password: "nope" }),
    );
    const unknownEmail = await run(
      loginAction as never,
      post("/admin/login", { email: "ghost@haat.example", password: "nope" }),
    );
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.data).toEqual({ error: expect.stringMatching(/^Invalid credentials/), email: admin.email });
    expect((unknownEmail.data as { error: string }).error).toBe((wrongPassword.data as { error: string }).error);
    expect(wrongPassword.headers.getSetCookie()).toEqual([]);
  });

  it("throttles repeated failures for an e-mail with a 429, even with the right password", async () => {
    const admin = await createAdmin();
    for (let i = 0; i < 10; i++) {
      expect(
        (await run(loginAction as never, post("/admin/login", { email: admin.email, password: `guess ${i}` }))).status,
      ).toBe(401);
    }
    const blocked = await run(
      loginAction as never,
      post("/admin/login", { email: admin.email, password: admin.password }),
    );
    expect(blocked.status).toBe(429);
    expect((blocked.data as { error: string }).error).toMatch(
      /^Invalid credentials: too many attempts\. Please wait 15 minutes/,
    );
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(0);
  });

  it("cannot be beaten by parallel guesses", async () => {
    const admin = await createAdmin();
    const attempts = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        run(loginAction as never, post("/admin/login", { email: admin.email, password: `parallel ${i}` })),
      ),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it("signing in again replaces the old session instead of leaving it valid", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const again = await run(
      loginAction as never,
      post("/admin/login", { email: admin.email, password: admin.password }, jar),
    );
    expect(again.status).toBe(302);
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(1);
    expect((await run(ordersLoader as never, get("/admin/orders", jar))).status).toBe(302);
  });

  it("signs in, stores a revocable session and goes to the local redirect target only", async () => {
    const admin = await createAdmin();
    const ok = await run(
      loginAction as never,
      post("/admin/login", { email: admin.email.toUpperCase(), password: admin.password, redirectTo: "/admin/orders" }),
    );
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/admin/orders");
    const cookie = ok.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^haat_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(1);

    const evil = await run(
      loginAction as never,
      post("/admin/login", { email: admin.email, password: admin.password, redirectTo: "//evil.example/admin" }),
    );
    expect(evil.location).toBe("/admin/products");
  });

  it("sends a signed-in visitor of the login page to the products list", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    expect((await run(loginLoader as never, get("/admin/login", jar))).location).toBe("/admin/products");
    expect((await run(loginLoader as never, get("/admin/login"))).status).toBe(200);
  });

  it("logout deletes the session row, so the old cookie no longer works", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const stolenCookie = jar.header();
    const outcome = await run(logoutAction as never, post("/admin/logout", {}, jar));
    expect(outcome.location).toBe("/admin/login");
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(0);
    const replay = new CookieJar();
    replay.take(new Headers({ "Set-Cookie": stolenCookie }));
    expect((await run(ordersLoader as never, get("/admin/orders", replay))).status).toBe(302);
  });
});

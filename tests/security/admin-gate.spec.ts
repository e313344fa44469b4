/**
 * Every admin route of the build's route manifest refuses a visitor who is not signed in: without a
 * cookie, with a garbage cookie, and with a real session cookie whose signature was changed. Pages,
 * their `.data` answers and resource routes; GET and POST. Each answer is a redirect to the sign-in
 * page: never the data, never a 500.
 */
import { expect, test } from "@playwright/test";
import { adminCookie, buildRoutes, concretePath, raw, sameOrigin, urlEncoded, type RawResponse } from "./http";

/** Admin routes anyone may reach: the sign-in, the logout and the admin app's service worker. */
const OPEN = new Set(["/admin/login", "/admin/logout", "/admin/sw.js"]);

/** The admin routes' concrete paths, each with whether it is a page (has a `.data` answer). */
function adminTargets() {
  const routes = buildRoutes().filter((route) => /^\/admin(\/|$)/.test(route.path) && !OPEN.has(route.path));
  const resource = (id: string) => /\[\.\]|\.save$/.test(id);
  return routes.map((route) => ({ ...route, path: concretePath(route.path), isPage: !resource(route.id) }));
}

/** Whether `res` sends the visitor to the sign-in page (a redirect, or single fetch's redirect answer). */
function sendsToSignIn(res: RawResponse): boolean {
  const location = String(res.headers.location ?? res.headers["x-remix-redirect"] ?? "");
  if ([301, 302, 303, 307, 308].includes(res.status) && location.startsWith("/admin/login")) return true;
  // A `.data` request gets its redirect in the body (turbo-stream), status 202.
  return res.status === 202 && res.body.includes("/admin/login");
}

test("the manifest lists the admin area's pages and resource routes", () => {
  const paths = adminTargets().map((target) => target.path);
  expect(paths).toEqual(expect.arrayContaining(["/admin", "/admin/products", "/admin/orders/view/1/invoice.png"]));
  expect(paths.length).toBeGreaterThanOrEqual(12);
});

test("no admin route answers a visitor without a valid session", async () => {
  const signedIn = await adminCookie();
  const [name, value] = signedIn
    .split("; ")
    .find((pair) => pair.includes("haat_session"))!
    .split(/=(.*)/s) as [string, string];
  const forged = `${name}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
  const cookies: Record<string, string | undefined> = {
    "no cookie": undefined,
    "a garbage cookie": `${name}=garbage`,
    "a changed signature": forged,
  };
  let checked = 0;
  for (const target of adminTargets()) {
    const paths = target.isPage ? [target.path, `${target.path}.data`] : [target.path];
    for (const path of paths) {
      for (const [label, cookie] of Object.entries(cookies)) {
        const get = await raw({ path, headers: { Cookie: cookie } });
        expect(sendsToSignIn(get), `GET ${path} with ${label}: ${get.status} ${get.body.slice(0, 120)}`).toBe(true);
        checked += 1;
        if (!target.hasAction) continue;
        const form = urlEncoded({ intent: "delete", id: "1", name: "x" });
        const post = await raw({
          method: "POST",
          path,
          headers: { ...sameOrigin, Cookie: cookie, "Content-Type": form.contentType },
          body: form.body,
        });
        expect(sendsToSignIn(post), `POST ${path} with ${label}: ${post.status} ${post.body.slice(0, 120)}`).toBe(true);
        checked += 1;
      }
    }
  }
  // The real cookie still works: the refusals above are about the session, not a broken server.
  const page = await raw({ path: "/admin/products", headers: { Cookie: signedIn } });
  expect(page.status).toBe(200);
  test.info().annotations.push({ type: "requests", description: `${checked} refused as expected` });
});

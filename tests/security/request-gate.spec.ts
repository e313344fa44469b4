/**
 * The request gate (app/server/http/request-gate.server.ts) over real HTTP: body limits chosen on the
 * path Remix routes, cross-origin writes refused on every kind of route, bodies that are not forms
 * refused, and hostile uploads and tampered checkouts handled by the server.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SECURITY_DB_PATH } from "../e2e/e2e-env";
import { adminCookie, cookiesOf, ORIGIN, raw, sameOrigin, urlEncoded, withSecurityDb } from "./http";

const TWENTY_MB = 20 * 1024 * 1024;

/** The id of the first variant on sale (of the demo catalogue's first product by variant id). */
const firstVariantId = () =>
  withSecurityDb(
    (db) =>
      (db.prepare("SELECT id FROM ProductVariant WHERE isActive = 1 ORDER BY id LIMIT 1").get() as { id: number }).id,
  );

test.describe("body limits follow the path Remix routes", () => {
  // Each of these is the cart to Remix (the URL parser resolves the dot segments), so each gets
  // the public form's 64 KiB limit: 413 before the 20 MB body is read.
  for (const target of [
    "/admin/../cart",
    "/admin/%2e%2e/cart",
    "/admin/%2E%2E/cart",
    "/admin/.%2e/cart",
    "/admin/products/../../cart",
    "/admin\\..\\cart",
  ]) {
    test(`POST ${target} with a declared 20 MB body and no session → 413`, async () => {
      const res = await raw({
        method: "POST",
        path: target,
        headers: { ...sameOrigin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=add&variantId=1&quantity=1&",
        declaredLength: TWENTY_MB,
      });
      expect(res.status).toBe(413);
    });
  }

  test("the admin area's large limit needs a signed-in admin", async () => {
    const post = (cookie?: string) =>
      raw({
        method: "POST",
        path: "/admin/products/create",
        headers: { ...sameOrigin, Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" },
        body: "--x--\r\n",
        declaredLength: 2 * 1024 * 1024,
      });
    expect((await post()).status).toBe(413);
    expect((await post("haat_session=forged")).status).toBe(413);
    // Signed in, a 2 MB upload is within the limit: the gate lets it through to the route (which
    // then reads a body shorter than declared; what matters is that it was not refused as too large).
    const signedIn = await post(await adminCookie());
    expect(signedIn.status).not.toBe(413);
  });

  test("a chunked body without a length is refused", async () => {
    const res = await raw({
      method: "POST",
      path: "/cart",
      headers: { ...sameOrigin, "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      body: "intent=add", // node:http sends it chunked, as the header says
    });
    expect(res.status).toBe(411);
  });
});

test.describe("cross-origin writes are refused with 403 on every kind of route", () => {
  let cookie: string;
  test.beforeAll(async () => {
    cookie = await adminCookie();
  });

  const attacks: Record<string, Record<string, string>> = {
    "another site's Origin": { Origin: "https://evil.example" },
    "Origin: null": { Origin: "null" },
    "Sec-Fetch-Site: cross-site": { "Sec-Fetch-Site": "cross-site" },
    "Sec-Fetch-Site: same-site": { "Sec-Fetch-Site": "same-site", Origin: "http://sub.localhost" },
    "a malformed Origin": { Origin: "::not a url::" },
    // Remix compares the Origin with X-Forwarded-Host when one is sent; without a trusted proxy the
    // gate removes it, so a client cannot make its own origin look like the shop's.
    "another site's Origin with a matching X-Forwarded-Host": {
      Origin: "https://evil.example",
      "X-Forwarded-Host": "evil.example",
    },
  };

  for (const [label, headers] of Object.entries(attacks)) {
    test(`${label}: the admin list's save, a page action, the logout and the cart`, async () => {
      const productsBefore = withSecurityDb(
        (db) => db.prepare("SELECT COUNT(*) AS n FROM Product").get() as { n: number },
      );
      const form = urlEncoded({
        name: "Forged",
        price: "10",
        categoryId: "1",
        description: "x",
        intent: "add",
        variantId: "1",
        quantity: "1",
      });
      for (const target of [
        "/admin/products/upload",
        "/admin/categories/upload",
        "/admin/products/create",
        "/admin/products/create.data",
        "/admin/logout",
        "/cart",
        "/cart.data",
      ]) {
        const res = await raw({
          method: "POST",
          path: target,
          headers: { ...headers, Cookie: cookie, "Content-Type": form.contentType },
          body: form.body,
        });
        expect(res.status, `${target}: ${res.body.slice(0, 100)}`).toBe(403);
        expect(res.headers["set-cookie"], target).toBeUndefined();
      }
      const productsAfter = withSecurityDb(
        (db) => db.prepare("SELECT COUNT(*) AS n FROM Product").get() as { n: number },
      );
      expect(productsAfter.n).toBe(productsBefore.n);
      // The session survived the forged logout.
      expect((await raw({ path: "/admin/products", headers: { Cookie: cookie } })).status).toBe(200);
    });
  }

  test("the shop's own origin, and a client that sends no origin headers, may post", async () => {
    const form = urlEncoded({ intent: "add", variantId: String(firstVariantId()), quantity: "1" });
    for (const headers of [sameOrigin, { Origin: ORIGIN }, {}]) {
      const res = await raw({
        method: "POST",
        path: "/cart",
        headers: { ...headers, "Content-Type": form.contentType },
        body: form.body,
      });
      expect(res.status).toBe(302);
    }
  });
});

test.describe("bodies that are not forms are refused, never a 500", () => {
  const cases: [string, string | undefined, string][] = [
    ["JSON", "application/json", '{"intent":"add","variantId":1}'],
    ["plain text", "text/plain", "intent=add"],
    ["no Content-Type", undefined, "intent=add&variantId=1"],
    ["multipart without a boundary", "multipart/form-data", "--x\r\n"],
  ];
  for (const [label, contentType, body] of cases) {
    test(`${label} → 415`, async () => {
      const res = await raw({
        method: "POST",
        path: "/cart",
        headers: { ...sameOrigin, "Content-Type": contentType },
        body,
      });
      expect(res.status).toBe(415);
    });
  }

  test("a broken multipart body to a form action → 400", async () => {
    for (const target of ["/cart", "/admin/login"]) {
      const res = await raw({
        method: "POST",
        path: target,
        headers: { ...sameOrigin, "Content-Type": "multipart/form-data; boundary=----haat" },
        body: '------haat\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n------ha',
      });
      expect(res.status, target).toBe(400);
    }
  });
});

test("admin answers are never stored; every answer carries a Permissions-Policy", async () => {
  const cookie = await adminCookie();
  for (const target of ["/admin/products", "/admin/orders.data", "/admin/login", "/admin/orders/view/1/invoice.png"]) {
    const res = await raw({ path: target, headers: { Cookie: cookie } });
    expect(res.headers["cache-control"], target).toBe("no-store");
  }
  const home = await raw({ path: "/" });
  expect(home.headers["permissions-policy"]).toMatch(/camera=\(\)/);
  expect(home.headers["permissions-policy"]).toMatch(/geolocation=\(\)/);
});

test("the canonical host comes from PUBLIC_URL, not from X-Forwarded-Host", async () => {
  const res = await raw({ path: "/products/1", headers: { "X-Forwarded-Host": "evil.example:8443" } });
  expect(res.status).toBe(200);
  expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}/products/1"`);
  expect(res.body).not.toContain("evil.example");
  const robots = await raw({ path: "/robots.txt", headers: { "X-Forwarded-Host": "evil.example" } });
  expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
});

test("hostile uploads are refused and nothing is stored", async () => {
  const cookie = await adminCookie();
  const uploads = path.join(path.dirname(SECURITY_DB_PATH), "uploads");
  const filesBefore = fs.readdirSync(uploads, { recursive: true }).length;
  const boundary = "----haatHostile";
  const part = (name: string, value: string | Buffer, filename?: string, type?: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ""}\r\n` +
          (type ? `Content-Type: ${type}\r\n` : "") +
          "\r\n",
      ),
      Buffer.from(value),
      Buffer.from("\r\n"),
    ]);
  const body = Buffer.concat([
    part("name", "Hostile upload"),
    part("price", "100"),
    part("categoryId", "1"),
    part("description", "x"),
    part("images", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', "x.svg", "image/svg+xml"),
    part("images", "<html><script>alert(1)</script></html>", "page.png", "image/png"),
    part("images", fs.readFileSync("tests/fixtures/images/pixel-bomb-20000x20000.png"), "bomb.png", "image/png"),
    part("images", Buffer.from("GIF89a<script>alert(1)</script>"), "polyglot.gif", "image/gif"),
    part("images", fs.readFileSync("tests/fixtures/images/garden.webp"), "../../../../etc/passwd", "image/webp"),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const res = await raw({
    method: "POST",
    path: "/admin/products/create",
    headers: { ...sameOrigin, Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
  expect(res.status).toBe(400);
  expect(res.body).toMatch(/x\.svg is (not an image we can read|in a format we do not accept)/);
  expect(res.body).toContain("page.png is not an image we can read");
  expect(res.body).toContain("bomb.png has too many pixels");
  const count = withSecurityDb(
    (db) => db.prepare("SELECT COUNT(*) AS n FROM Product WHERE name = 'Hostile upload'").get() as { n: number },
  );
  expect(count.n).toBe(0);
  expect(fs.readdirSync(uploads, { recursive: true }).length).toBe(filesBefore);
});

test("a tampered checkout is priced by the server, and an unknown district refused", async () => {
  // The first variant sold with 2 on hand (or not counting stock), of any product, options or not.
  const variant = withSecurityDb((db) =>
    db
      .prepare(
        `SELECT v.id, v.pricePaisa, v.discountedPricePaisa FROM ProductVariant v JOIN Product p ON p.id = v.productId
         WHERE v.isActive = 1 AND (p.trackStock = 0 OR v.stockQuantity >= 2) ORDER BY v.id LIMIT 1`,
      )
      .get(),
  ) as { id: number; pricePaisa: number; discountedPricePaisa: number | null };
  const add = urlEncoded({ intent: "add", variantId: String(variant.id), quantity: "2", price: "1", pricePaisa: "1" });
  const added = await raw({
    method: "POST",
    path: "/cart",
    headers: { ...sameOrigin, "Content-Type": add.contentType },
    body: add.body,
  });
  expect(added.status).toBe(302);
  const cart = cookiesOf(added);
  const page = await raw({ path: "/cart", headers: { Cookie: cart } });
  const token = /name="checkoutToken" value="([^"]+)"/.exec(page.body)?.[1];
  expect(token).toBeTruthy();
  const shownSubtotal = /name="expectedSubtotalPaisa" value="(\d+)"/.exec(page.body)?.[1];
  const name = `Tamper ${Date.now()}`;
  const checkout = urlEncoded({
    intent: "checkout",
    name,
    phone: "01712345678",
    address: "House 1, Road 2",
    area: "Motijheel",
    district: "Dhaka",
    shippingMethod: "Inside Dhaka",
    checkoutToken: token!,
    expectedSubtotalPaisa: shownSubtotal!,
    shippingFeePaisa: "0",
    subtotalPaisa: "1",
    totalPaisa: "1",
    unitPricePaisa: "1",
  });
  // A district that is not one of the 64: refused, the form sent back with what was typed.
  const nowhere = urlEncoded({ ...Object.fromEntries(new URLSearchParams(checkout.body)), district: "Atlantis" });
  const refused = await raw({
    method: "POST",
    path: "/cart",
    headers: { ...sameOrigin, Cookie: cart, "Content-Type": nowhere.contentType },
    body: nowhere.body,
  });
  expect(refused.status).toBe(400);
  expect(refused.body).toContain("Please choose your district from the list.");
  expect(refused.body).toContain(`value="${name}"`);
  const placed = await raw({
    method: "POST",
    path: "/cart",
    headers: { ...sameOrigin, Cookie: cart, "Content-Type": checkout.contentType },
    body: checkout.body,
  });
  expect(placed.status, placed.body.match(/role="alert"[^<]*>[^<]*/g)?.join(" | ")).toBe(302);
  const order = withSecurityDb((db) =>
    db.prepare('SELECT subtotalPaisa, shippingFeePaisa, totalPaisa FROM "Order" WHERE customerName = ?').get(name),
  ) as { subtotalPaisa: number; shippingFeePaisa: number; totalPaisa: number };
  const unit = Math.min(variant.pricePaisa, variant.discountedPricePaisa ?? Infinity);
  expect(Number(shownSubtotal)).toBe(2 * unit);
  expect(order).toEqual({ subtotalPaisa: 2 * unit, shippingFeePaisa: 6000, totalPaisa: 2 * unit + 6000 });
});

/**
 * The page cache in the production server (node server.js, tests/support/server-process.ts), on
 * this worker's database: a write made by another process (this test's own connection) shows on
 * the very next anonymous GET; each cart sees its own badge; a staff member and a page with a toast
 * never receive a cached page and never fill one; HEAD and 304 from the cache.
 * The cache's own rules (hashes, encodings, the cap) are tested in app/server/http/page-cache/page-cache.server.test.ts.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { commitCart } from "~/server/cart/cart-cookie.server";
import { commitAppliedCode } from "~/server/cart/code-cookie.server";
import { rememberLanguage } from "~/server/language-cookie.server";
import { toastCookie } from "~/server/toast-cookie.server";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { createAdmin, createCategory, createProduct, get, signedInJar } from "./helpers";

let server: ServerProcess;
let productId: number;
/** The Cached Jute Lamp's default variant: what its cart lines name. */
let variantId: number;
let categoryId: number;

beforeAll(async () => {
  const category = await createCategory("Cache Lamps");
  categoryId = category.id;
  ({ id: productId, variantId } = await createProduct({
    name: "Cached Jute Lamp",
    pricePaisa: 250_000,
    categoryId,
    stockQuantity: 9,
  }));
  server = await startServerProcess();
});

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
});

/** A GET of `path` with `headers`; the answer's status, X-Cache and text. */
async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.origin + path, { headers });
  return {
    status: response.status,
    cache: response.headers.get("X-Cache"),
    headers: response.headers,
    text: await response.text(),
  };
}

/** GETs `path` until it is answered from the cache (it is stored just after its first answer); 5 s at most. */
async function cached(path: string, headers: Record<string, string> = {}) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const answer = await page(path, headers);
    if (answer.cache === "HIT") return answer;
    if (Date.now() > deadline) throw new Error(`${path} was never answered from the cache (last: ${answer.cache})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The Cookie header of a cart holding `lines`, signed as the shop signs it. */
async function cartCookieOf(lines: { variantId: number; quantity: number }[]) {
  return (await commitCart(lines)).split(";")[0]!;
}

describe("the page cache in the production server", () => {
  it("shows a product, category or stock change on the very next anonymous GET", async () => {
    expect((await cached(`/products/${productId}`)).text).toContain("Cached Jute Lamp");
    await prisma.product.update({ where: { id: productId }, data: { name: "Renamed Jute Lamp" } });
    const renamed = await page(`/products/${productId}`);
    expect(renamed.cache).toBe("MISS");
    expect(renamed.text).toContain("Renamed Jute Lamp");

    expect((await cached("/products")).text).toContain("Cache Lamps");
    await prisma.category.update({ where: { id: categoryId }, data: { name: "Cache Pendants" } });
    expect((await page("/products")).text).toContain("Cache Pendants");

    expect((await cached(`/products/${productId}`)).text).not.toContain("Only 2 left");
    await prisma.productVariant.update({ where: { id: variantId }, data: { stockQuantity: 2 } });
    expect((await page(`/products/${productId}`)).text).toContain("Only 2 left");
  });

  it("keeps its pages through orders that leave their words as they were: drops a product's page at 'only N left', its cards when it sells out", async () => {
    const fan = await createProduct({ name: "Sale Ceiling Fan", pricePaisa: 480_000, stockQuantity: 57 });
    const other = await createProduct({ name: "Sale Table Fan", pricePaisa: 220_000, stockQuantity: 57 });
    const listing = "/products?q=sale";
    const pages = [`/products/${fan.id}`, `/products/${other.id}`, listing];
    for (const path of pages) await cached(path);
    /** Takes units of the fan as an order does (a conditional decrement, from another process). */
    const sell = (units: number) =>
      prisma.productVariant.updateMany({
        where: { id: fan.variantId, stockQuantity: { gte: units } },
        data: { stockQuantity: { decrement: units } },
      });
    const states = async () => Promise.all(pages.map(async (path) => (await page(path)).cache));

    await sell(1);
    await sell(50);
    expect(await states()).toEqual(["HIT", "HIT", "HIT"]);
    // 6 → 5 units: the product page now says "Only 5 left"; the listing's card says nothing of it.
    await sell(1);
    const low = await page(`/products/${fan.id}`);
    expect([low.cache, low.text.includes("Only 5 left")]).toEqual(["MISS", true]);
    expect((await page(listing)).cache).toBe("HIT");
    await cached(`/products/${fan.id}`);
    // The last units: both the product page and the listing say "Out of stock" now.
    await sell(5);
    const out = await page(`/products/${fan.id}`);
    const list = await page(listing);
    expect([out.cache, out.text.includes("Out of stock")]).toEqual(["MISS", true]);
    expect(list.cache).toBe("MISS");
    expect((await page(`/products/${other.id}`)).cache).toBe("HIT");
  });

  it("gives each cart its own badge, and a forged cart the empty one", async () => {
    const two = await cartCookieOf([{ variantId, quantity: 2 }]);
    const five = await cartCookieOf([
      { variantId, quantity: 3 },
      { variantId: variantId + 1000, quantity: 2 },
    ]);
    const badge = (html: string) => /data-testid="cart-badge"[^>]*>(\d+)</.exec(html)?.[1] ?? null;
    expect(badge((await cached("/products", { Cookie: two })).text)).toBe("2");
    expect(badge((await cached("/products", { Cookie: five })).text)).toBe("5");
    expect(badge((await cached("/products")).text)).toBeNull();
    const forged = two.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(badge((await cached("/products", { Cookie: forged })).text)).toBeNull();
  });

  it("never serves a signed-in staff member from the cache, nor stores what they see", async () => {
    const admin = await createAdmin();
    const staff = (await signedInJar(admin.id)).header();
    const path = "/products?q=staff-only";
    for (let i = 0; i < 3; i++) {
      const answer = await page(path, { Cookie: staff });
      expect(answer.status).toBe(200);
      expect(answer.cache).toBeNull();
    }
    expect((await page(path)).cache).toBe("MISS");
  });

  it("serves a shopper holding a campaign code the catalogue from the cache, never with the code; the cart page that shows it is no-store", async () => {
    const code = (await commitAppliedCode("EID10")).split(";")[0]!;
    const cart = await cartCookieOf([{ variantId, quantity: 1 }]);
    const path = "/products?q=campaign-code";
    // A search is kept once it is asked for a second time: the third answer comes from memory.
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await page(path, { Cookie: `${cart}; ${code}` }));
    expect(answers.map((answer) => answer.cache)).toEqual(["MISS", "MISS", "HIT"]);
    const again = answers[2]!;
    // The same page a shopper without the code gets: nothing of the code in it.
    expect(again.text).not.toContain("EID10");
    expect((await page(path, { Cookie: cart })).cache).toBe("HIT");
    const cartPage = await page("/cart", { Cookie: `${cart}; ${code}` });
    expect(cartPage.cache).toBeNull();
    expect(cartPage.headers.get("Cache-Control")).toBe("private, no-store");
    expect(cartPage.text).toContain("EID10");
  });

  it("never caches a page with a toast, nor serves a cached page to its holder", async () => {
    const toast = (await toastCookie(get("/products"), { kind: "success", message: "Saved for the cache test" })).split(
      ";",
    )[0]!;
    const path = "/products?q=toast";
    await cached(path);
    const withToast = await page(path, { Cookie: toast });
    expect(withToast.cache).toBeNull();
    expect(withToast.text).toContain("Saved for the cache test");
    const after = await page(path);
    expect(after.cache).toBe("HIT");
    expect(after.text).not.toContain("Saved for the cache test");
  });

  it("answers HEAD and a matching If-None-Match from the cache", async () => {
    const full = await cached("/robots.txt");
    const head = await fetch(server.origin + "/robots.txt", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("X-Cache")).toBe("HIT");
    expect(head.headers.get("Content-Type")).toBe(full.headers.get("Content-Type"));
    expect(await head.text()).toBe("");
    const etag = full.headers.get("ETag")!;
    const revalidated = await fetch(server.origin + "/robots.txt", { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("ETag")).toBe(etag);

    const product = await cached(`/products/${productId}`);
    expect(product.headers.get("Content-Security-Policy")).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(product.headers.get("Content-Security-Policy")).not.toContain("nonce");
    expect(product.text).not.toMatch(/nonce="[^"]/);
  });

  it("keys a cart cookie in double quotes as the app reads it: its page is never served to visitors without a cart", async () => {
    const cart = await cartCookieOf([{ variantId, quantity: 7 }]);
    const quoted = cart.replace(/^haat_cart=(.*)$/, 'haat_cart="$1"');
    const badge = (html: string) => /data-testid="cart-badge"[^>]*>(\d+)</.exec(html)?.[1] ?? null;
    const path = "/products?q=quoted";
    // The app strips the quotes and shows the cart; the key must say the same cart.
    expect(badge((await page(path, { Cookie: quoted })).text)).toBe("7");
    expect(badge((await cached(path, { Cookie: quoted })).text)).toBe("7");
    expect(badge((await cached(path)).text)).toBeNull();
    expect(badge((await cached(path, { Cookie: cart })).text)).toBe("7");
  });

  it("keys on the remembered language as the app reads its cookie: a visitor who chose Bangla is sent to /bn", async () => {
    const bangla = (await rememberLanguage("bn")).split(";")[0]!;
    expect((await cached("/")).status).toBe(200);
    const answer = await fetch(server.origin + "/", { headers: { Cookie: bangla }, redirect: "manual" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/bn");
    expect((await page("/")).cache).toBe("HIT");
  });

  it("answers unknown query parameters from the page stored for the URL without them", async () => {
    const stored = await cached("/products");
    for (const query of ["?x=1", "?x=2", "?fbclid=IwAR0abc", "?utm_source=facebook&utm_medium=post"]) {
      const answer = await page(`/products${query}`);
      expect(answer.cache, query).toBe("HIT");
      expect(answer.text).toBe(stored.text);
    }
    // A parameter the page reads is its own page (a search: kept once asked for again).
    expect((await page(`/products?q=jute&x=1`)).cache).toBe("MISS");
    expect((await page(`/products?x=2&q=jute`)).cache).toBe("MISS");
    expect((await page(`/products?q=jute&x=3`)).cache).toBe("HIT");
  });

  it("keeps every catalogue page a crowd behind one address opens, however many it opened before", async () => {
    const category = await createCategory("Crowd Lamps");
    const ids: number[] = [];
    for (let i = 0; i < 70; i++)
      ids.push((await createProduct({ name: `Crowd Lamp ${i}`, pricePaisa: 10_000 + i, categoryId: category.id })).id);
    // 140 pages, each asked for once, all from this test's one address.
    const paths = ids.flatMap((id) => [`/products/${id}`, `/bn/products/${id}`]);
    for (const path of paths) expect((await page(path)).status).toBe(200);
    const again = await Promise.all(paths.map(async (path) => (await page(path)).cache));
    expect(again.filter((state) => state !== "HIT")).toEqual([]);
  });

  it("keeps a search, or a listing with a made-up value, only once it is asked for a second time", async () => {
    for (const path of ["/products?q=doorkeeper", "/products?page=02", `/products?category=${categoryId}0`]) {
      expect((await page(path)).cache, path).toBe("MISS");
      expect((await page(path)).cache, path).toBe("MISS");
      expect((await page(path)).cache, path).toBe("HIT");
    }
    // The same listing as the shop's own links write it is kept at once.
    expect((await page(`/products?category=${categoryId}&page=1`)).cache).toBe("MISS");
    expect((await page(`/products?category=${categoryId}&page=1`)).cache).toBe("HIT");
  });

  it("answers a request sent on a connection before its previous answer was finished", async () => {
    // A browser reuses a kept-alive connection as soon as it has read an answer, which on a busy
    // server can be before Node has finished sending it; pipelining makes that certain. Such a
    // request used to be dropped unanswered, and its page load waited until the browser gave up.
    const paths = [`/products/${productId}?variant=${variantId}`, "/products?q=pipelined", "/bn/products"];
    const socket = net.connect(Number(new URL(server.origin).port), "127.0.0.1");
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.write(paths.map((path) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join(""));
    const answered = () => (received.match(/^HTTP\/1\.1 200 OK\r$/gm) ?? []).length;
    for (const deadline = Date.now() + 10_000; answered() < paths.length && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    expect(answered()).toBe(paths.length);
  });
});

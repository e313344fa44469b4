import crypto from "node:crypto";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import type { PageChange } from "./change-catch-up.server";
import { createPageCache, type PageCache } from "./page-cache.server";
import {
  noteCatalogueAddress,
  noteRenderedInputs,
  noteShownProducts,
  type PageShows,
  type RenderedInputs,
} from "./page-notes.server";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET (or `method`) on loopback with node:http, which neither asks for nor undoes any encoding. */
function request(origin: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

type AppOptions = {
  maxBytes?: number;
  /** The page's HTML for a path, given the request's nonce. */
  page?: (url: string, nonce: string) => string;
  /** Extra headers the app sets on the answer. */
  headers?: (url: string) => Record<string, string>;
  status?: (url: string) => number;
  /** How long a render takes, in ms (0: answered at once). */
  renderMs?: number;
  /** What the render says it read of the key's inputs (by default, what the cookies say). */
  rendered?: (url: string, cookie: string) => RenderedInputs;
  /** How long a render of `url` takes, in ms (instead of `renderMs`). */
  renderMsOf?: (url: string) => number;
  /** How long reading a Cookie header's inputs takes, in ms. */
  inputsMs?: number;
  waitForRenderMs?: number;
  /** What the page at `url` shows of the catalogue (undefined: it records nothing). */
  shows?: (url: string) => Partial<PageShows> | undefined;
  /** How long a dropped page may be served stale, in ms (default 0: never). */
  staleMs?: number;
  /** Whether the page at `url` says it is one of the catalogue's (default: every page is). */
  catalogue?: (url: string) => boolean;
  renderTurns?: number;
  maxTurnWaitMs?: number;
};

/**
 * The stand-in's reading of a Cookie header, as the app would read it: `haat_cart=signed-2` is a
 * cart of two, any other cart value is forged (empty); `haat_lang=bn` remembers Bangla.
 */
function inputsOf(cookie: string) {
  const value = (name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookie)?.[1];
  const language = value("haat_lang");
  return {
    cartQuantity: value("haat_cart") === "signed-2" ? 2 : 0,
    language: language === "en" || language === "bn" ? language : "",
  };
}

/**
 * A stand-in for server.js: the cache's `handle` before an "app" that renders a page with a fresh
 * nonce per request, `capture` around it. Counts the renders.
 */
async function startApp(options: AppOptions = {}) {
  /** The catalogue's change log, as the cache reads it. */
  const log: PageChange[] = [];
  /** The latest id given (pruning keeps it, as SQLite's AUTOINCREMENT does). */
  let lastId = 0;
  let renders = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  let onRender = () => {};
  const cache: PageCache = createPageCache({
    maxBytes: options.maxBytes ?? 1_000_000,
    changesAfter: (afterId, limit) => log.filter((change) => change.id > afterId).slice(0, limit),
    latestChange: () => lastId,
    staleMs: options.staleMs ?? 0,
    inputsOf: async (cookie) => {
      if (options.inputsMs) await new Promise((resolve) => setTimeout(resolve, options.inputsMs));
      return inputsOf(cookie);
    },
    waitForRenderMs: options.waitForRenderMs,
    renderTurns: options.renderTurns ?? 2,
    maxTurnWaitMs: options.maxTurnWaitMs,
    clientAddress: (req) => String(req.headers["x-client"] ?? req.socket.remoteAddress),
    nonceOf: (res) => (res as http.ServerResponse & { locals?: { cspNonce?: string } }).locals?.cspNonce,
  });
  const page =
    options.page ??
    ((url: string, nonce: string) =>
      `<!DOCTYPE html><html><body><h1>${url}</h1><script nonce="${nonce}">window.__ctx = {"a":1};</script>` +
      `<script nonce="${nonce}" type="module" src="/assets/entry.js"></script>` +
      `<script nonce="${nonce}" type="module">import "/assets/entry.js";</script></body></html>`);
  const server = http.createServer((req, res) =>
    cache.handle(req, res, () =>
      cache.capture(req, res, async () => {
        renders++;
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        onRender();
        const cookie = req.headers.cookie ?? "";
        noteRenderedInputs(
          { renderedInputs: cache.renderedInputsOf(req) },
          options.rendered?.(req.url!, cookie) ?? inputsOf(cookie),
        );
        if (options.catalogue?.(req.url!) ?? true)
          noteCatalogueAddress({ renderedInputs: cache.renderedInputsOf(req) });
        const shown = options.shows?.(req.url!);
        if (shown) noteShownProducts({ renderedInputs: cache.renderedInputsOf(req) }, shown);
        const renderMs = options.renderMsOf?.(req.url!) ?? options.renderMs;
        if (renderMs) await new Promise((resolve) => setTimeout(resolve, renderMs));
        const nonce = crypto.randomBytes(16).toString("base64");
        (res as http.ServerResponse & { locals?: object }).locals = { cspNonce: nonce };
        res.statusCode = options.status?.(req.url!) ?? 200;
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.setHeader("Cache-Control", "private, no-cache");
        res.setHeader(
          "Content-Security-Policy",
          `default-src 'self';script-src 'self' 'nonce-${nonce}';object-src 'none'`,
        );
        for (const [name, value] of Object.entries(options.headers?.(req.url!) ?? {})) res.setHeader(name, value);
        const html = page(req.url!, nonce);
        res.write(html.slice(0, 20));
        inFlight--;
        res.end(html.slice(20));
      }),
    ),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    cache,
    renders: () => renders,
    /** The most renders that ran at the same time. */
    mostInFlight: () => mostInFlight,
    /** Appends a committed change to the log (made `ago` ms before now). */
    change(alters: PageChange["alters"], ago = 0) {
      log.push({ id: ++lastId, at: Date.now() - ago, alters });
    },
    /** Drops the log's rows up to `id`, as pruning does. */
    prune(id: number) {
      const kept = log.filter((change) => change.id > id);
      log.splice(0, log.length, ...kept);
    },
    onRender: (hook: () => void) => (onRender = hook),
    /** GETs `path` once and waits until the answer is stored. */
    async warm(path: string, headers: Record<string, string> = {}) {
      const answer = await request(origin, path, headers);
      await cache.settled();
      return answer;
    },
  };
}

describe("createPageCache", () => {
  it("answers the second GET from memory: the same page without the nonce, its scripts allowed by hash", async () => {
    const app = await startApp();
    const first = await app.warm("/products/7");
    expect(first.headers["x-cache"]).toBe("MISS");
    const second = await request(app.origin, "/products/7");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(app.renders()).toBe(1);
    const nonce = /'nonce-([^']+)'/.exec(String(first.headers["content-security-policy"]))![1]!;
    expect(second.body.toString()).toBe(first.body.toString().replaceAll(` nonce="${nonce}"`, ""));
    const csp = String(second.headers["content-security-policy"]);
    expect(csp).not.toContain("nonce");
    const inline = crypto.createHash("sha256").update(`window.__ctx = {"a":1};`).digest("base64");
    expect(csp).toContain(`'sha256-${inline}'`);
    expect(csp).toContain("object-src 'none'");
    expect(second.headers["content-length"]).toBe(String(second.body.length));
    expect(second.headers["cache-control"]).toBe("private, no-cache");
    expect(second.headers.etag).toMatch(/^W\/"/);
  });

  it("sends brotli or gzip compressed once, HEAD without a body, and 304 to a matching If-None-Match", async () => {
    const app = await startApp();
    await app.warm("/");
    const plain = await request(app.origin, "/");
    const br = await request(app.origin, "/", { "Accept-Encoding": "gzip, br" });
    const gz = await request(app.origin, "/", { "Accept-Encoding": "gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.headers.vary).toBe("Accept-Encoding");

    const head = await request(app.origin, "/", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-cache"]).toBe("HIT");
    expect(head.headers["content-length"]).toBe(String(gz.body.length));
    expect(head.body.length).toBe(0);

    const notModified = await request(app.origin, "/", { "If-None-Match": `"other", ${plain.headers.etag}` });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(plain.headers.etag);
    // The browser keeps the policy stored with the page it already has.
    expect(notModified.headers["content-security-policy"]).toBeUndefined();
    expect((await request(app.origin, "/", { "If-None-Match": `"other"` })).status).toBe(200);
    expect(app.renders()).toBe(1);
  });

  it("drops every page on a shared change, and keeps no page rendered while a change that alters it was committed", async () => {
    const app = await startApp();
    await app.warm("/products");
    app.change("all");
    expect((await app.warm("/products")).headers["x-cache"]).toBe("MISS");
    expect((await request(app.origin, "/products")).headers["x-cache"]).toBe("HIT");

    // A write lands while the next page is being rendered: that page is answered but not kept.
    app.onRender(() => app.change("all"));
    expect((await app.warm("/products/1")).headers["x-cache"]).toBe("MISS");
    app.onRender(() => {});
    expect((await app.warm("/products/1")).headers["x-cache"]).toBe("MISS");
    expect((await request(app.origin, "/products/1")).headers["x-cache"]).toBe("HIT");
    expect(app.renders()).toBe(4);
  });

  it("drops only the pages a product's change alters: its page, its cards, the listings", async () => {
    const app = await startApp({
      shows: (url) => {
        const product = /^\/products\/(\d+)$/.exec(url)?.[1];
        if (product) return { products: [Number(product)] };
        if (url === "/") return { cards: [1, 2] };
        if (url.startsWith("/products")) return { cards: [1, 2, 3], lists: true };
        return undefined;
      },
    });
    const pages = ["/", "/products", "/products?q=lamp", "/products/1", "/products/2", "/products/3", "/robots.txt"];
    const stateAfter = async () => {
      const states: Record<string, string> = {};
      for (const path of pages) states[path] = String((await app.warm(path)).headers["x-cache"]);
      return states;
    };
    for (const path of pages) await app.warm(path);

    // Product 2's stock moved and its page words it differently (only N left): its page, and the
    // pages that say nothing of what they show.
    app.change({ productId: 2, page: true, card: false, lists: false });
    expect(await stateAfter()).toEqual({
      "/": "HIT",
      "/products": "HIT",
      "/products?q=lamp": "HIT",
      "/products/1": "HIT",
      "/products/2": "MISS",
      "/products/3": "HIT",
      "/robots.txt": "MISS",
    });
    // Product 3 sold out: its page and every page with its card.
    app.change({ productId: 3, page: true, card: true, lists: false });
    expect(await stateAfter()).toMatchObject({
      "/": "HIT",
      "/products": "MISS",
      "/products/3": "MISS",
      "/products/1": "HIT",
    });
    // Product 1 was renamed: its page, its cards, and every listing (its place in them moves).
    app.change({ productId: 1, page: true, card: true, lists: true });
    expect(await stateAfter()).toMatchObject({
      "/": "MISS",
      "/products": "MISS",
      "/products?q=lamp": "MISS",
      "/products/1": "MISS",
      "/products/2": "HIT",
    });
    // A product no page shows was created: the listings only.
    app.change({ productId: 9, page: true, card: true, lists: true });
    expect(await stateAfter()).toMatchObject({ "/": "HIT", "/products": "MISS", "/products/2": "HIT" });
    // A stock change that no page words differently alters nothing, not even the pages that say nothing.
    app.change(null);
    expect(Object.values(await stateAfter())).toEqual(pages.map(() => "HIT"));
  });

  it("answers a dropped page stale, within the bound, while one render refreshes it", async () => {
    let edition = 1;
    const app = await startApp({ staleMs: 1_000, renderMs: 150, page: (url) => `<p>${url} edition ${edition}</p>` });
    await app.warm("/products/1");
    edition = 2;
    app.change({ productId: 1, page: true, card: true, lists: true });
    // The first visitor after the change renders the page; the others meanwhile get the old one.
    const refresh = request(app.origin, "/products/1");
    await new Promise((resolve) => setTimeout(resolve, 20));
    const during = await Promise.all([1, 2, 3].map(() => request(app.origin, "/products/1")));
    expect(during.map((answer) => answer.headers["x-cache"])).toEqual(["STALE", "STALE", "STALE"]);
    expect(during.map((answer) => answer.body.toString())).toEqual(during.map(() => "<p>/products/1 edition 1</p>"));
    const refreshed = await refresh;
    expect(refreshed.headers["x-cache"]).toBe("MISS");
    expect(refreshed.body.toString()).toBe("<p>/products/1 edition 2</p>");
    await app.cache.settled();
    const after = await request(app.origin, "/products/1");
    expect([after.headers["x-cache"], after.body.toString()]).toEqual(["HIT", "<p>/products/1 edition 2</p>"]);
    expect(app.renders()).toBe(2);
    expect(app.cache.stats()).toMatchObject({ stale: 3, dropped: 1 });
  });

  it("never answers a page staler than the bound: past it, visitors wait for the refresh", async () => {
    let edition = 1;
    const app = await startApp({ staleMs: 1_000, renderMs: 150, page: (url) => `<p>${url} edition ${edition}</p>` });
    await app.warm("/products/1");
    edition = 2;
    // Made 1.1 s ago (read late, as after an idle time): past the bound already.
    app.change({ productId: 1, page: true, card: true, lists: true }, 1_100);
    const refresh = request(app.origin, "/products/1");
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waited = await request(app.origin, "/products/1");
    expect([waited.headers["x-cache"], waited.body.toString()]).toEqual(["HIT", "<p>/products/1 edition 2</p>"]);
    expect((await refresh).headers["x-cache"]).toBe("MISS");
    expect(app.renders()).toBe(2);
    expect(app.cache.stats().stale).toBe(0);
  });

  it("drops every page when the log has lost changes it had not read, or brings too many at once", async () => {
    const app = await startApp({ shows: () => ({ products: [1] }), staleMs: 60_000 });
    await app.warm("/products/1");
    await app.warm("/products/2");
    // Two changes to product 5 were pruned before this process read them.
    app.change({ productId: 5, page: true, card: true, lists: true });
    app.change({ productId: 5, page: true, card: true, lists: true });
    app.prune(2);
    app.change(null);
    expect((await app.warm("/products/1")).headers["x-cache"]).toBe("MISS");
    expect((await request(app.origin, "/products/2")).headers["x-cache"]).toBe("MISS");
    await app.cache.settled();
    // An import wrote 600 products at once: every page is stale, then refreshed.
    for (let i = 0; i < 600; i++) app.change({ productId: 100 + i, page: true, card: true, lists: false });
    expect((await app.warm("/products/1")).headers["x-cache"]).toBe("MISS");
    expect((await request(app.origin, "/products/1")).headers["x-cache"]).toBe("HIT");
  });

  it("keys on the cart's quantity and the language; bypasses any other haat cookie", async () => {
    const app = await startApp();
    await app.warm("/");
    // A cart of two gets its own page; a forged cart reads as empty, as the app reads it.
    expect((await app.warm("/", { Cookie: "haat_cart=signed-2" })).headers["x-cache"]).toBe("MISS");
    expect((await request(app.origin, "/", { Cookie: "haat_cart=signed-2" })).headers["x-cache"]).toBe("HIT");
    expect((await request(app.origin, "/", { Cookie: "haat_cart=forged" })).headers["x-cache"]).toBe("HIT");
    expect((await app.warm("/", { Cookie: "haat_lang=bn" })).headers["x-cache"]).toBe("MISS");
    expect((await request(app.origin, "/", { Cookie: "_ga=GA1.1; haat_lang=bn" })).headers["x-cache"]).toBe("HIT");
    expect(app.renders()).toBe(3);

    for (const cookie of ["haat_session=s", "__Host-haat_toast=t", "haat_2fa=x", "haat_anything_new=1"]) {
      const answer = await app.warm("/", { Cookie: `haat_cart=signed-2; ${cookie}` });
      expect(answer.headers["x-cache"], cookie).toBeUndefined();
    }
    expect(app.renders()).toBe(7);
    expect(app.cache.stats().stored).toBe(3);
  });

  it("knows the language and placed-orders cookies with or without a Secure prefix, and the cart only unprefixed", async () => {
    const app = await startApp();
    await app.warm("/");
    // COOKIE_SECURE names them `__Host-haat_lang` and `__Host-haat_placed` (hostCookieName).
    for (const cookie of [
      "__Host-haat_lang=x",
      "__Secure-haat_lang=x",
      "__Host-haat_placed=x",
      "__Secure-haat_placed=x",
    ])
      expect((await request(app.origin, "/", { Cookie: cookie })).headers["x-cache"], cookie).toBe("HIT");
    // The cart cookie is never renamed, so a prefixed one is some other haat cookie: it bypasses.
    for (const cookie of ["__Host-haat_cart=signed-2", "__Secure-haat_cart=signed-2"])
      expect((await app.warm("/", { Cookie: cookie })).headers["x-cache"], cookie).toBeUndefined();
  });

  it("answers a shopper who just ordered from the cache: the placed-orders cookie varies no catalogue page", async () => {
    const app = await startApp();
    await app.warm("/");
    for (const cookie of ["haat_placed=signed", "__Host-haat_placed=signed", "haat_lang=bn; haat_placed=signed"]) {
      const answer = await request(app.origin, "/", { Cookie: cookie });
      expect(answer.headers["x-cache"], cookie).toBe(cookie.includes("haat_lang") ? "MISS" : "HIT");
    }
    // Beside another haat cookie it still bypasses.
    expect((await app.warm("/", { Cookie: "haat_placed=signed; haat_session=s" })).headers["x-cache"]).toBeUndefined();
  });

  it("answers a shopper whose phone was proved by a checkout code from the cache: only the cart reads that cookie", async () => {
    const app = await startApp();
    await app.warm("/");
    for (const cookie of ["haat_phones=signed", "__Host-haat_phones=signed", "haat_placed=signed; haat_phones=signed"]) {
      expect((await request(app.origin, "/", { Cookie: cookie })).headers["x-cache"], cookie).toBe("HIT");
    }
  });

  it("never stores an answer that sets a cookie, is not 200, says no-store, or is not a catalogue page", async () => {
    const app = await startApp({
      headers: (url): Record<string, string> =>
        url.startsWith("/products?q=toast")
          ? { "Set-Cookie": "haat_toast=; Max-Age=0" }
          : url === "/products?q=private"
            ? { "Cache-Control": "no-store" }
            : {},
      status: (url) => (url === "/products/404" ? 404 : 200),
    });
    for (const path of ["/products?q=toast", "/products?q=private", "/products/404"]) {
      expect((await app.warm(path)).headers["x-cache"]).toBe("MISS");
      expect((await request(app.origin, path)).headers["x-cache"]).toBe("MISS");
    }
    expect((await app.warm("/cart")).headers["x-cache"]).toBeUndefined();
    expect((await app.warm("/admin/products")).headers["x-cache"]).toBeUndefined();
    expect((await request(app.origin, "/products", {}, "POST")).headers["x-cache"]).toBeUndefined();
    expect(app.cache.stats().stored).toBe(0);
  });

  it("renders a page once for visitors who ask for it at the same time; they get the stored copy", async () => {
    const app = await startApp({
      renderMs: 100,
      status: (url) => (url === "/products/404" ? 404 : 200),
    });
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(app.origin, "/products")));
    expect(app.renders()).toBe(1);
    expect(answers.map((a) => a.headers["x-cache"]).sort()).toEqual(["HIT", "HIT", "HIT", "HIT", "HIT", "MISS"]);
    expect(new Set(answers.map((a) => a.body.toString().replace(/ nonce="[^"]*"/g, ""))).size).toBe(1);

    // A page that cannot be stored: the visitors who waited are rendered for, each, afterwards.
    const missing = await Promise.all(Array.from({ length: 3 }, () => request(app.origin, "/products/404")));
    expect(missing.map((a) => a.status)).toEqual([404, 404, 404]);
    expect(missing.map((a) => a.headers["x-cache"])).toEqual(["MISS", "MISS", "MISS"]);
    expect(app.renders()).toBe(4);
  });

  it("stays under its memory cap, dropping the least recently used pages", async () => {
    // 6 KB of random text per page: it barely compresses, so each page costs about 3 × 8 KB.
    const app = await startApp({
      maxBytes: 100_000,
      page: (url) => `<html><body>${url} ${crypto.randomBytes(4500).toString("base64")}</body></html>`,
    });
    for (let i = 0; i < 30; i++) await app.warm(`/products?q=${i}`);
    const stats = app.cache.stats();
    expect(stats.stored).toBe(30);
    expect(stats.bytes).toBeLessThanOrEqual(100_000);
    expect(stats.entries).toBeGreaterThan(2);
    expect(stats.entries).toBeLessThan(30);
    expect((await request(app.origin, "/products?q=29")).headers["x-cache"]).toBe("HIT");
    expect((await request(app.origin, "/products?q=0")).headers["x-cache"]).toBe("MISS");
  });

  it("keeps a page under its canonical URL: parameters no page reads are dropped before it is rendered", async () => {
    const seen: string[] = [];
    const app = await startApp({
      page: (url) => (seen.push(url), `<html><body><a href="${url}">here</a></body></html>`),
    });
    expect((await app.warm("/products?fbclid=IwAR0abc&q=lamp&utm_source=fb")).headers["x-cache"]).toBe("MISS");
    // Every other unknown parameter, and the same parameters in another order, find the stored page.
    for (const path of ["/products?q=lamp&fbclid=other", "/products?x=1&q=lamp", "/products?q=lamp&q=second"]) {
      const answer = await request(app.origin, path);
      expect(answer.headers["x-cache"], path).toBe("HIT");
      expect(answer.body.toString()).toContain('href="/products?q=lamp"');
    }
    for (let i = 0; i < 20; i++) expect((await request(app.origin, `/?x=${i}`)).status).toBe(200);
    expect(seen).toEqual(["/products?q=lamp", "/"]);
    expect(app.renders()).toBe(2);
  });

  it("answers but never stores a page whose render read another cart or language than its key", async () => {
    // As when the key's parser and the app's disagree on a cookie: the key says an empty cart,
    // the render showed 99 units.
    const app = await startApp({ rendered: (url) => (url === "/" ? { cartQuantity: 99 } : { language: "bn" }) });
    for (const path of ["/", "/products"]) {
      expect((await app.warm(path)).headers["x-cache"]).toBe("MISS");
      expect((await app.warm(path)).headers["x-cache"]).toBe("MISS");
    }
    expect(app.cache.stats()).toMatchObject({ stored: 0, mismatched: 4 });
  });

  it("keeps every catalogue page once rendered, however many one address has stored before", async () => {
    const app = await startApp();
    for (let i = 1; i <= 100; i++) await app.warm(`/products/${i}`, { "x-client": "100.64.0.1" });
    expect(app.cache.stats()).toMatchObject({ stored: 100, storedCatalogue: 100, notAdmitted: 0 });
    for (let i = 1; i <= 100; i++)
      expect((await request(app.origin, `/products/${i}`, { "x-client": "100.64.0.1" })).headers["x-cache"]).toBe(
        "HIT",
      );
  });

  it("keeps an open page (a search) on its second render within the window, never on its first", async () => {
    const app = await startApp({ catalogue: (url) => !url.includes("q=") });
    for (let i = 0; i < 50; i++) await app.warm(`/products?q=flood-${i}`, { "x-client": "203.0.113.9" });
    // A flood of searches no one made before is rendered, never kept.
    expect(app.cache.stats()).toMatchObject({ stored: 0, notAdmitted: 50 });
    expect((await app.warm("/products?q=flood-7", { "x-client": "198.51.100.4" })).headers["x-cache"]).toBe("MISS");
    expect(app.cache.stats()).toMatchObject({ stored: 1, storedCatalogue: 0 });
    expect((await request(app.origin, "/products?q=flood-7")).headers["x-cache"]).toBe("HIT");
  });

  it("keeps at most 60 open pages a minute, whoever asks: a flood that asks for each search twice is not stored", async () => {
    const app = await startApp({ catalogue: (url) => !url.includes("q=") });
    for (let i = 0; i < 65; i++) {
      await app.warm(`/products?q=twice-${i}`, { "x-client": `198.51.100.${i % 250}` });
      await app.warm(`/products?q=twice-${i}`, { "x-client": `203.0.113.${i % 250}` });
    }
    expect(app.cache.stats()).toMatchObject({ stored: 60, notAdmitted: 70 });
    // Catalogue pages are not counted.
    await app.warm("/products/1");
    expect(app.cache.stats()).toMatchObject({ stored: 61, storedCatalogue: 1 });
  });

  it("treats a catalogue page spelled otherwise than the shop's links, or for a large cart, as open", async () => {
    const app = await startApp({
      rendered: (_url, cookie) => ({ ...inputsOf(cookie), cartQuantity: cookie.includes("big") ? 21 : 0 }),
    });
    await app.warm("/products/%37");
    expect(app.cache.stats()).toMatchObject({ stored: 0, notAdmitted: 1 });
    await app.warm("/products/7");
    expect(app.cache.stats()).toMatchObject({ storedCatalogue: 1, notAdmitted: 1 });
  });

  it("keeps open pages in a quarter of the memory of their own: they never push out catalogue pages", async () => {
    const bigPage = (url: string) => `<!DOCTYPE html><p>${url}</p>${crypto.randomBytes(20_000).toString("hex")}`;
    // About 80 KB per page, all three encodings (random hex compresses to half): 12 pages fit.
    const app = await startApp({ maxBytes: 1_000_000, catalogue: (url) => !url.includes("q="), page: bigPage });
    for (let i = 1; i <= 6; i++) await app.warm(`/products/${i}`);
    for (let i = 0; i < 30; i++) {
      await app.warm(`/products?q=junk-${i}`);
      await app.warm(`/products?q=junk-${i}`);
    }
    expect(app.cache.stats().stored).toBe(36);
    for (let i = 1; i <= 6; i++) expect((await request(app.origin, `/products/${i}`)).headers["x-cache"]).toBe("HIT");
    expect(app.cache.stats().bytes).toBeLessThanOrEqual(1_000_000);
  });

  it("renders a fixed number of misses at once; waiting misses take turns by address, so a flood cannot starve others", async () => {
    const app = await startApp({ renderMs: 60, renderTurns: 2 });
    const done: string[] = [];
    const get = (path: string, client: string) =>
      request(app.origin, path, { "x-client": client }).then((answer) => (done.push(path), answer));
    const flood = Promise.all(Array.from({ length: 8 }, (_, i) => get(`/products?q=new-${i}`, "203.0.113.9")));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const other = await get("/products?q=shopper", "198.51.100.4");
    const answers = await flood;
    expect([other, ...answers].map((a) => a.status)).toEqual(Array(9).fill(200));
    expect(app.mostInFlight()).toBe(2);
    // The other visitor's page had the next turn after the two running, not after the flood's eight.
    expect(done.indexOf("/products?q=shopper")).toBeLessThan(4);
    expect(app.cache.stats()).toMatchObject({ queued: 7, clients: 0, rendering: 0, shed: 0 });
  });

  it("gives a crowd behind one address every turn when nobody else is waiting", async () => {
    const app = await startApp({ renderMs: 40, renderTurns: 3 });
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => request(app.origin, `/products/${i + 1}`, { "x-client": "100.64.0.1" })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    expect(app.mostInFlight()).toBe(3);
  });

  it("answers a miss that waited past its bound for a turn 503 with Retry-After, and counts it", async () => {
    const app = await startApp({ renderMs: 400, renderTurns: 1, maxTurnWaitMs: 50 });
    const first = request(app.origin, "/products/1");
    await new Promise((resolve) => setTimeout(resolve, 10));
    const busy = await request(app.origin, "/products/2", { "x-client": "198.51.100.4" });
    expect(busy.status).toBe(503);
    expect(busy.headers["retry-after"]).toBe("5");
    expect(busy.headers["cache-control"]).toBe("no-store");
    expect(busy.body.toString()).toContain('http-equiv="refresh"');
    expect((await first).status).toBe(200);
    await app.cache.settled();
    expect(app.cache.stats()).toMatchObject({ shed: 1, stored: 1 });
    // Once the turn is free, the page is rendered as usual.
    expect((await request(app.origin, "/products/2")).status).toBe(200);
  });

  it("ends a render's turn when the app has answered, not when a slow client has read the answer", async () => {
    // A 3 MB page to a client that reads nothing: Node cannot finish sending it.
    const app = await startApp({
      maxBytes: 100_000_000,
      renderTurns: 1,
      maxTurnWaitMs: 1_000,
      page: (url, nonce) => `<!DOCTYPE html><p>${url}</p><script nonce="${nonce}">1</script>${"x".repeat(3_000_000)}`,
    });
    const socket = net.connect(Number(new URL(app.origin).port), "127.0.0.1");
    socket.pause();
    socket.write("GET /products/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const other = await request(app.origin, "/products/2");
    socket.destroy();
    expect(other.status).toBe(200);
  });

  it("never lets a client's queued miss hold a page from others: only a running render is waited for", async () => {
    const app = await startApp({ renderMs: 80 });
    const done: string[] = [];
    const get = (path: string, client: string) =>
      request(app.origin, path, { "x-client": client }).then((answer) => (done.push(`${client} ${path}`), answer));
    // One address queues six misses, the popular page last; a shopper then asks for that page.
    const flood = Promise.all(
      [...Array.from({ length: 5 }, (_, i) => `/products?q=junk-${i}`), "/products?q=popular"].map((path) =>
        get(path, "203.0.113.9"),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    const shopper = await get("/products?q=popular", "198.51.100.4");
    await flood;
    expect(shopper.status).toBe(200);
    expect(done.indexOf("198.51.100.4 /products?q=popular")).toBeLessThan(3);
    // The flood's own request for the page found it stored when its turn came.
    expect(app.renders()).toBe(6);
  });

  it("lets a visitor wait for another's render of the same page only so long, then renders it itself", async () => {
    // The first render hangs for a second; the others are quick.
    let renders = 0;
    const app = await startApp({ renderMsOf: () => (renders++ === 0 ? 1000 : 0), waitForRenderMs: 50 });
    const slow = request(app.origin, "/products?q=slow", { "x-client": "203.0.113.9" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const other = await request(app.origin, "/products?q=slow", { "x-client": "198.51.100.4" });
    // Rendered for itself after 50 ms, not answered from the cache after the slow render's second.
    expect(other.headers["x-cache"]).toBe("MISS");
    expect((await slow).headers["x-cache"]).toBe("MISS");
    expect(app.renders()).toBe(2);
  });

  it("keeps no record of a client whose request closed before its turn", async () => {
    const app = await startApp({ inputsMs: 50 });
    const gone = http.request(`${app.origin}/products?q=gone`, { headers: { Cookie: "haat_cart=signed-2" } });
    gone.on("error", () => {});
    gone.end();
    await new Promise((resolve) => setTimeout(resolve, 10));
    gone.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(app.renders()).toBe(0);
    expect(app.cache.stats().clients).toBe(0);
  });
  it("answers a request that arrives on a connection before its previous answer is finished", async () => {
    // A browser sends its next request on a kept-alive connection as soon as it has read the last
    // answer, which may be before Node has finished writing it (a large page on a busy server):
    // the new answer then has no socket of its own yet. HTTP/1.1 pipelining makes that certain.
    const app = await startApp({ renderMs: 30 });
    const socket = net.connect(Number(new URL(app.origin).port), "127.0.0.1");
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    const ask = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    socket.write(ask("/products?q=first") + ask("/products?q=second"));
    const deadline = Date.now() + 3000;
    while ((received.match(/HTTP\/1\.1 200/g) ?? []).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    socket.destroy();
    expect(received.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    expect(received).toContain("<h1>/products?q=second</h1>");
  });
});

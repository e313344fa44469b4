/**
 * The production server as a process (tests/support/server-process.ts): GET /healthz over HTTP,
 * and graceful shutdown. A checkout whose request is in flight when SIGTERM arrives is completed
 * and answered, new connections are refused meanwhile, and the process exits 0; a request that
 * never finishes cannot hold the process past SHUTDOWN_TIMEOUT_SECONDS. sharp is not loaded to
 * serve pages.
 */
import fs from "node:fs";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { startServerProcess, waitFor, type ServerProcess } from "../support/server-process";
import { createProduct, stockOf } from "./helpers";

/** The form body of a POST, as a browser sends it. */
const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

/** Puts `quantity` of the variant `variantId` in a new cart; returns the cart cookie and the checkout form's hidden fields. */
async function cartWith(server: ServerProcess, variantId: number, quantity: number) {
  const added = await fetch(`${server.origin}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
    body: form({ intent: "add", variantId, quantity, redirectTo: "/cart" }),
  });
  expect(added.status).toBe(302);
  const cookie = added.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const page = await (await fetch(`${server.origin}/cart`, { headers: { Cookie: cookie } })).text();
  const hidden = (name: string) => page.match(new RegExp(`name="${name}" value="([^"]+)"`))?.[1] ?? "";
  return { cookie, checkoutToken: hidden("checkoutToken"), expectedSubtotalPaisa: hidden("expectedSubtotalPaisa") };
}

/**
 * Starts a checkout POST and sends only the first half of its body, so that the request is in
 * flight; `finish()` sends the rest and resolves with the answer's status and Location.
 */
function startCheckout(server: ServerProcess, cookie: string, body: string) {
  const request = http.request(`${server.origin}/cart`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": Buffer.byteLength(body),
      Cookie: cookie,
      Origin: server.origin,
    },
  });
  const answer = new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    request.once("response", (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    request.once("error", reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return {
    answer,
    finish() {
      request.end(body.slice(half));
      return answer;
    },
  };
}

describe("the server process", () => {
  it("answers /healthz over HTTP without a secret in it", async () => {
    const server = await startServerProcess();
    try {
      const answer = await fetch(`${server.origin}/healthz`);
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(JSON.parse(text)).toEqual({ status: "ok", database: "ok", uploads: "ok", uploadsStorage: "local" });
      expect(text).not.toContain(process.env.SESSION_SECRET);
    } finally {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  });

  it("on SIGTERM finishes the checkout in flight, refuses new connections, closes and exits 0", async () => {
    const product = await createProduct({ name: "Shutdown Lamp", pricePaisa: 150_000, stockQuantity: 5 });
    const server = await startServerProcess({ SHUTDOWN_TIMEOUT_SECONDS: "10" });
    const cart = await cartWith(server, product.variantId, 2);
    expect(cart.checkoutToken).not.toBe("");
    const checkout = startCheckout(
      server,
      cart.cookie,
      form({
        intent: "checkout",
        name: "Nasrin Sultana",
        phone: "01712345678",
        address: "House 9, Road 3",
        area: "Uttara",
        district: "Dhaka",
        shippingMethod: "Inside Dhaka",
        checkoutToken: cart.checkoutToken,
        expectedSubtotalPaisa: cart.expectedSubtotalPaisa,
      }),
    );
    // The server has the request's headers and half its body: it is in flight.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    await waitFor(() => server.output().includes("received SIGTERM"), "the server did not log the signal");
    await expect(fetch(`${server.origin}/healthz`)).rejects.toThrow();

    const answer = await checkout.finish();
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/order-success/);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(server.output()).toContain("haat stopped");

    const order = await prisma.order.findFirstOrThrow({
      where: { checkoutToken: cart.checkoutToken },
      include: { items: true },
    });
    expect(order.items).toMatchObject([{ productId: product.id, variantId: product.variantId, quantity: 2 }]);
    expect(await stockOf(product.id)).toBe(3);
  });

  it("exits 1 at the bound when a request never finishes, leaving no order behind", async () => {
    const product = await createProduct({ name: "Stuck Lamp", pricePaisa: 90_000, stockQuantity: 5 });
    const server = await startServerProcess({ SHUTDOWN_TIMEOUT_SECONDS: "1" });
    const cart = await cartWith(server, product.variantId, 1);
    const stuck = startCheckout(server, cart.cookie, form({ intent: "checkout", checkoutToken: cart.checkoutToken }));
    stuck.answer.catch(() => undefined); // the connection is cut when the process exits
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(1);
    const took = Date.now() - signalledAt;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(5000);
    expect(server.output()).toContain("requests still running after 1 s");
    expect(await prisma.order.count({ where: { checkoutToken: cart.checkoutToken } })).toBe(0);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("loads sharp (libvips) only when it first processes an image, not to serve pages", async () => {
    const server = await startServerProcess();
    // The shared libraries mapped into the process (Linux).
    const libvipsLoaded = () => fs.readFileSync(`/proc/${server.child.pid}/maps`, "utf8").includes("libvips");
    try {
      expect((await fetch(`${server.origin}/products`)).status).toBe(200);
      expect(libvipsLoaded()).toBe(false);
      const icon = await fetch(`${server.origin}/admin-app/icons/icon-192.png`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get("Content-Type")).toBe("image/png");
      expect(libvipsLoaded()).toBe(true);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });
});

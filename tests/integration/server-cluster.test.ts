/**
 * The production server with WEB_CONCURRENCY=2 (server.js as the primary of two server processes,
 * server-cluster.js; docs/decisions/052-one-process-per-core.md), one Vitest file's database:
 * - both processes answer, each connection going to one of them in turn; which one answered is
 *   read from the log (the request line with the answer's X-Request-Id carries its pid);
 * - 40 shoppers checking out at once through both, for a counted product with 15 units: exactly 15
 *   orders, none lost or duplicated, no stock below 0;
 * - the sign-in limits count for both processes together;
 * - exactly one process runs the background jobs; when it is killed, it is replaced by one that
 *   runs them, and the server keeps answering meanwhile;
 * - SIGTERM stops every process gracefully, and the primary exits 0 once they have.
 */
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { startServerProcess, waitFor, type ServerProcess } from "../support/server-process";
import { createProduct, stockOf } from "./helpers";

let server: ServerProcess;

/** The pids of the server processes that said they listen, in order. */
const servingPids = () =>
  [...server.output().matchAll(/"pid":(\d+)[^\n]*"msg":"haat is serving/g)].map((match) => Number(match[1]));

/** The answer to one request on a connection of its own (so connections go to the processes in turn). */
function ask(
  path: string,
  options: { method?: string; body?: string; cookie?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.origin}${path}`, {
      agent: false,
      method: options.method ?? "GET",
      headers: {
        Connection: "close",
        ...(options.body !== undefined
          ? { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin }
          : {}),
        ...(options.cookie ? { Cookie: options.cookie } : {}),
      },
    });
    request.once("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.once("error", reject);
    request.end(options.body);
  });
}

/** The pid of the process that logged the request line of `requestId`. */
async function pidOf(requestId: string): Promise<number> {
  let pid = 0;
  await waitFor(() => {
    const line = server.output().match(new RegExp(`"pid":(\\d+),"reqId":"${requestId}"`));
    pid = line ? Number(line[1]) : 0;
    return pid > 0;
  }, `no log line for request ${requestId}`);
  return pid;
}

/** HAAT_BACKGROUND_JOBS as the primary set it for the process `pid` (Linux's /proc). */
const backgroundJobsOf = (pid: number) =>
  fs
    .readFileSync(`/proc/${pid}/environ`, "utf8")
    .split("\0")
    .find((entry) => entry.startsWith("HAAT_BACKGROUND_JOBS="))
    ?.split("=")[1];

/** A form body. */
const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

beforeAll(async () => {
  // LOG_LEVEL=debug: /healthz gets its request line too.
  server = await startServerProcess({ WEB_CONCURRENCY: "2", LOG_LEVEL: "debug", SHUTDOWN_TIMEOUT_SECONDS: "5" });
  await waitFor(() => servingPids().length === 2, "the second server process did not listen", 15_000);
}, 30_000);

afterAll(async () => {
  if (server.child.exitCode === null) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
});

describe("two server processes on one port", () => {
  it("are two processes, children of the primary, and both answer", async () => {
    const pids = servingPids();
    expect(new Set(pids).size).toBe(2);
    expect(pids).not.toContain(server.child.pid);
    for (const pid of pids) {
      expect(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(" ")[3]).toBe(String(server.child.pid));
    }
    const answered = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const answer = await ask("/healthz");
      expect(answer.status).toBe(200);
      answered.add(await pidOf(String(answer.headers["x-request-id"])));
    }
    expect([...answered].sort()).toEqual([...pids].sort());
  });

  it("lose and duplicate no order when 40 shoppers buy the last 15 units at once through both", async () => {
    const product = await createProduct({ name: "Cluster Lamp", pricePaisa: 120_000, stockQuantity: 15 });
    const carts = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const added = await ask("/cart", {
          method: "POST",
          body: form({ intent: "add", variantId: product.variantId, quantity: 1, redirectTo: "/cart" }),
        });
        expect(added.status).toBe(302);
        const setCookie = added.headers["set-cookie"] ?? [];
        const cookie = setCookie.map((header) => header.split(";")[0]).join("; ");
        const page = (await ask("/cart", { cookie })).body;
        const hidden = (name: string) => page.match(new RegExp(`name="${name}" value="([^"]+)"`))?.[1] ?? "";
        return { cookie, token: hidden("checkoutToken"), subtotal: hidden("expectedSubtotalPaisa") };
      }),
    );
    expect(carts.every((cart) => cart.token !== "")).toBe(true);

    const answers = await Promise.all(
      carts.map((cart, i) =>
        ask("/cart", {
          method: "POST",
          cookie: cart.cookie,
          body: form({
            intent: "checkout",
            name: "Cluster Shopper",
            phone: `01712${String(100_000 + i)}`,
            address: `House ${i + 1}, Road 3`,
            area: "Uttara",
            district: "Dhaka",
            shippingMethod: "Inside Dhaka",
            checkoutToken: cart.token,
            expectedSubtotalPaisa: cart.subtotal,
          }),
        }),
      ),
    );
    const placed = answers.filter(
      (answer) => answer.status === 302 && /^\/order-success/.test(answer.headers.location!),
    );
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(placed).toHaveLength(15);
    const orders = await prisma.order.findMany({
      where: { checkoutToken: { in: carts.map((cart) => cart.token) } },
      select: { checkoutToken: true },
    });
    expect(orders).toHaveLength(15);
    expect(new Set(orders.map((order) => order.checkoutToken)).size).toBe(15);
    expect(await stockOf(product.id)).toBe(0);
    // Both processes placed orders.
    const checkoutPids = new Set(
      await Promise.all(placed.map((answer) => pidOf(String(answer.headers["x-request-id"])))),
    );
    expect(checkoutPids.size).toBe(2);
  });

  it("count sign-in attempts for both together: the 6th failure in a row waits, whichever process gets it", async () => {
    const email = "nobody-cluster@haat.example";
    const statuses: number[] = [];
    const pids = new Set<number>();
    for (let i = 0; i < 6; i++) {
      const answer = await ask("/admin/login", { method: "POST", body: form({ email, password: "wrong password" }) });
      statuses.push(answer.status);
      pids.add(await pidOf(String(answer.headers["x-request-id"])));
    }
    expect(pids.size).toBe(2);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });

  it("replaces a process that is killed, and its replacement takes over its background jobs", async () => {
    const [holder, other] = servingPids();
    // Exactly one process runs the background jobs: the first one forked.
    expect(backgroundJobsOf(holder!)).toBe("1");
    expect(backgroundJobsOf(other!)).toBe("0");
    process.kill(holder!, "SIGKILL");
    await waitFor(() => server.output().includes("a server process stopped unexpectedly"), "no log of the stop");
    for (let i = 0; i < 4; i++) expect((await ask("/healthz")).status).toBe(200);
    await waitFor(() => servingPids().length === 3, "no new process listened", 15_000);
    const replacement = servingPids()[2]!;
    expect(replacement).not.toBe(holder);
    expect(backgroundJobsOf(replacement)).toBe("1");
    const answered = new Set<number>();
    for (let i = 0; i < 4; i++) answered.add(await pidOf(String((await ask("/healthz")).headers["x-request-id"])));
    expect(answered).toEqual(new Set([other, replacement]));
  });

  it("stops every process gracefully on SIGTERM, and the primary exits 0 once they have", async () => {
    const [, other, replacement] = servingPids();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const output = server.output();
    for (const pid of [other!, replacement!]) {
      expect(output).toMatch(new RegExp(`"pid":${pid}[^\\n]*"msg":"haat received SIGTERM`));
      expect(output).toMatch(new RegExp(`"pid":${pid}[^\\n]*"msg":"haat stopped"`));
      expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    }
    expect(output).toMatch(new RegExp(`"pid":${server.child.pid},"role":"primary","msg":"haat stopped"`));
  });
});

/**
 * The shop with its pictures in an S3-compatible bucket (UPLOADS_URL), against a real S3 server
 * (s3rver on a loopback port, tests/support/s3-server.ts) reached through the AWS SDK, as in
 * production: an upload through the product form's action stores its variants in the bucket (and
 * a failed save leaves none), /uploads/… streams them with their headers or answers 404, redirects
 * to UPLOADS_PUBLIC_URL when it is set, and /healthz probes the bucket, at most once a window.
 *
 * The app reads its environment once (getEnv), and the per-file setup (tests/setup/setup-test-env.ts)
 * has read it already: this file starts the server, sets the bucket's variables, and loads the app
 * modules anew (vi.resetModules) so that they read them, as a process started with them would.
 */
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { startS3Server } from "../support/s3-server";
import { startServerProcess } from "../support/server-process";

const s3 = await startS3Server("haat-shop");
Object.assign(process.env, s3.env("pictures"));
vi.resetModules();

const { createUploadsStorage } = await import("~/server/media/storage.server");
const { action: createProductAction } = await import("~/routes/admin.products.create");
const { loader: uploadsLoader } = await import("~/routes/uploads.$key.$file");
const { loader: healthLoader } = await import("~/routes/healthz");
const { prisma } = await import("~/models/db/client.server");
const { probeDatabase } = await import("~/models/connection.server");
const { checkHealth, createStorageProbe, PROBE_FAILING_MS, PROBE_OK_MS } = await import("~/server/http/health.server");
const helpers = await import("./helpers");

/** The bucket seen directly, under the shop's prefix. */
const bucket = createUploadsStorage(s3.config("pictures"));

afterAll(async () => {
  for (const name of [
    "UPLOADS_URL",
    "S3_ENDPOINT",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "UPLOADS_PUBLIC_URL",
  ]) {
    delete process.env[name];
  }
  await s3.remove();
});

/** The /healthz route as a process started now has it: with no probe of the bucket made yet. */
async function freshHealthRoute() {
  vi.resetModules();
  return import("~/routes/healthz");
}

async function objectNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const object of bucket.list()) names.push(object.name);
  return names.sort();
}

function jpeg(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** GET (or `method`) /uploads/<key>/<file> through the route's loader: its Response, thrown or returned. */
async function getUpload(key: string, file: string, method = "GET"): Promise<Response> {
  const request = new Request(`http://shop.test/uploads/${key}/${file}`, { method });
  try {
    return await uploadsLoader({ request, params: { key, file }, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function createProductWithPicture(name: string) {
  const jar = await helpers.signedInJar((await helpers.createAdmin()).id);
  const category = await helpers.createCategory();
  return helpers.multipart(
    "/admin/products/create",
    { name, price: "1,200", discountedPrice: "", categoryId: String(category.id), description: "In the bucket." },
    [{ field: "images", name: "lamp.jpg", bytes: await jpeg(900, 600, "#b5651d") }],
    jar,
  );
}

describe("pictures in an S3 bucket", () => {
  let key = "";
  let widths: number[] = [];

  it("stores an uploaded picture's variants in the bucket, under the prefix, in the folder's layout", async () => {
    const outcome = await helpers.run(createProductAction, await createProductWithPicture("Bucket Lamp"));
    expect(outcome).toRedirectTo("/admin/products", { status: 302 });
    const product = await prisma.product.findFirstOrThrow({
      where: { name: "Bucket Lamp" },
      include: { images: { include: { image: true } } },
    });
    key = product.images[0]!.image.key;
    widths = product.images[0]!.image.variantWidths.split(",").map(Number);
    expect(widths).toEqual([320, 640, 768]);
    expect(await objectNames()).toEqual(widths.map((width) => `${key}/${width}.webp`));
    // Nothing in the local folder.
    const fs = await import("node:fs");
    expect(fs.existsSync(`${process.env.UPLOADS_DIR}/${key}`)).toBe(false);
  });

  it("streams a variant from the bucket with its type, length and a year's immutable caching", async () => {
    const answer = await getUpload(key, "640.webp");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("image/webp");
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(Number(answer.headers.get("Content-Length"))).toBe(bytes.length);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 640 });

    // HEAD: the same headers, no body (the bucket's answer is closed, not left unread).
    const head = await getUpload(key, "640.webp", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(head.body).toBeNull();
  });

  it("answers 404 for an absent variant and for names the pipeline never makes", async () => {
    expect((await getUpload(key, "1024.webp")).status).toBe(404);
    expect((await getUpload("f".repeat(32), "320.webp")).status).toBe(404);
    expect((await getUpload("..", "320.webp")).status).toBe(404);
    expect((await getUpload(key, "640.png")).status).toBe(404);
  });

  it("leaves nothing in the bucket when the database refuses the product", async () => {
    const before = await objectNames();
    const request = await createProductWithPicture("Doomed Bucket Lamp");
    helpers.allowConsoleError();
    const outcome = await helpers.withInsertsFailing("Product", () => helpers.run(createProductAction, request));
    expect(outcome.status).toBe(500);
    expect(await prisma.product.count({ where: { name: "Doomed Bucket Lamp" } })).toBe(0);
    expect(await objectNames()).toEqual(before);
  });

  it("reports the bucket in /healthz, and 503 with uploads failing while the bucket does not answer", async () => {
    const healthy = await healthLoader();
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ status: "ok", database: "ok", uploads: "ok", uploadsStorage: "s3" });
    expect((await objectNames()).filter((name) => name.startsWith("."))).toEqual([]);

    await s3.stop();
    try {
      // This process's last probe, just now, found the bucket answering, and stands for 30 s; a
      // process that probes now (started anew) finds it failing.
      const { loader } = await freshHealthRoute();
      const started = Date.now();
      const failing = await loader();
      expect(failing.status).toBe(503);
      const text = await failing.text();
      expect(JSON.parse(text)).toEqual({ status: "failing", database: "ok", uploads: "failing", uploadsStorage: "s3" });
      expect(text).not.toMatch(/haat-shop|127\.0\.0\.1|pictures/);
      // Within the check's timeout (2 s) and a little.
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await s3.restart();
    }
    expect((await (await freshHealthRoute()).loader()).status).toBe(200);
  });

  it("writes to the bucket for /healthz at most once a window, however many ask", async () => {
    const { loader } = await freshHealthRoute();
    const before = s3.objectEvents().length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => loader()));
    for (let i = 0; i < 20; i += 1) answers.push(await loader());
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    // One object written and deleted for 40 checks (it was two requests to the bucket per check).
    const made = s3.objectEvents().slice(before);
    expect(made.map((event) => event.name)).toEqual(["ObjectCreated:Put", "ObjectRemoved:Delete"]);
    expect(made[0]!.key).toMatch(/^pictures\/\.healthz\//);
    expect(made[1]!.key).toBe(made[0]!.key);
  });

  it("probes the bucket again once the window has passed, and still reports a failing bucket", async () => {
    let clock = 1_000_000;
    const probe = createStorageProbe(bucket, { now: () => clock });
    const check = () => checkHealth(() => probeDatabase(), probe);
    const writes = () => s3.objectEvents().filter((event) => event.name === "ObjectCreated:Put").length;
    const before = writes();
    expect(new Set((await Promise.all(Array.from({ length: 10 }, check))).map((report) => report.status))).toEqual(
      new Set(["ok"]),
    );
    expect([writes() - before, probe.probes]).toEqual([1, 1]);
    clock += PROBE_OK_MS - 1;
    expect((await check()).uploads).toBe("ok");
    expect([writes() - before, probe.probes]).toEqual([1, 1]);
    clock += 1;
    expect((await check()).uploads).toBe("ok");
    expect([writes() - before, probe.probes]).toEqual([2, 2]);

    await s3.stop();
    try {
      clock += PROBE_OK_MS;
      const reports = await Promise.all(Array.from({ length: 10 }, check));
      for (const report of reports) expect(report).toMatchObject({ status: "failing", uploads: "failing" });
      expect(probe.probes).toBe(3);
      // A failure stands too (a flood of checks does not hammer a failing bucket), for less time.
      clock += PROBE_FAILING_MS - 1;
      expect((await check()).status).toBe("failing");
      expect(probe.probes).toBe(3);
    } finally {
      await s3.restart();
    }
    clock += 1;
    expect((await check()).status).toBe("ok");
    expect(probe.probes).toBe(4);
  });

  it("redirects /uploads/… to UPLOADS_PUBLIC_URL (prefix included) when it is set", async () => {
    process.env.UPLOADS_PUBLIC_URL = "https://images.shop.example/";
    vi.resetModules();
    try {
      const { loader } = await import("~/routes/uploads.$key.$file");
      const answer = await loader({
        request: new Request(`http://shop.test/uploads/${key}/320.webp`),
        params: { key, file: "320.webp" },
        context: {},
      });
      expect(answer.status).toBe(301);
      expect(answer.headers.get("Location")).toBe(`https://images.shop.example/pictures/${key}/320.webp`);
      expect(answer.headers.get("Cache-Control")).toBe("public, max-age=604800");
      // A refused name is still a 404, never a redirect.
      await expect(
        loader({
          request: new Request("http://shop.test/uploads/x/320.webp"),
          params: { key: "x", file: "320.webp" },
          context: {},
        }),
      ).rejects.toMatchObject({ status: 404 });
    } finally {
      delete process.env.UPLOADS_PUBLIC_URL;
    }
  });

  it("serves them from the production server started with the bucket's variables", async () => {
    const server = await startServerProcess(s3.env("pictures"));
    try {
      const health = await fetch(`${server.origin}/healthz`);
      expect(await health.json()).toEqual({ status: "ok", database: "ok", uploads: "ok", uploadsStorage: "s3" });
      const answer = await fetch(`${server.origin}/uploads/${key}/768.webp`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/webp");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).width).toBe(768);
      expect((await fetch(`${server.origin}/uploads/${key}/1600.webp`)).status).toBe(404);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });

  it("refuses to start with UPLOADS_URL but no keys, naming them", async () => {
    const error: unknown = await startServerProcess({ UPLOADS_URL: "s3://haat-shop" }).catch((e: unknown) => e);
    expect(String(error)).toMatch(/AWS_ACCESS_KEY_ID is required when UPLOADS_URL names a bucket/);
    expect(String(error)).toMatch(/AWS_SECRET_ACCESS_KEY is required/);
  });
});

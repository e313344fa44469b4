/**
 * The pictures of a product import, fetched from a local HTTP server this test starts: added to
 * their products in file order and shown for their variants; a picture that cannot be fetched
 * (not an image, a 404, too big, too slow, a private address, a redirect to one) is recorded with
 * its reason and its product is imported without it; a re-import fetches nothing again; "Try
 * again" fetches the failed ones once more, once however often it is pressed.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pngClaimingSize } from "../support/png-header";
import type { CookieJar } from "./helpers";

// Pictures come from this test's own server on the loopback address, which the shop refuses
// unless this setting allows it: the app's modules are loaded again once it is set (the
// environment is read once per load).
process.env.IMPORT_IMAGES_ALLOW_PRIVATE = "true";
vi.resetModules();

const { prisma } = await import("~/models/db/client.server");
const { downloadImage, DownloadError, isPublicAddress } =
  await import("~/server/catalogue/import/image-download.server");
const { importImagesIdle, startImportImages } = await import("~/server/catalogue/import/picture-workers.server");
const { importChecked, importFinished } = await import("~/server/catalogue/import/product-import.server");
const importPage = await import("~/routes/admin.products.import._index");
const importFile = await import("~/routes/admin.products.import.$id/route");
const { loadSharp } = await import("~/server/media/images.server");
const { attachImportImage, IMAGE_CLAIM_MS } = await import("~/models/catalogue/import/import-images.server");
const { createAdmin, createProduct, get, multipart, post, run, runData, signedInJar } = await import("./helpers");

let server: http.Server;
let base: string;
let png: Buffer;
let jpeg: Buffer;
const requests: string[] = [];
/** Addresses under /flaky/ answer 404 the first time each is asked for, then the picture. */
const flakyAsked = new Set<string>();
/** Requests under /held/ wait here, unanswered, until the test answers them (`releaseHeld`); then they answer at once. */
const held: http.ServerResponse[] = [];
let holding = true;
function releaseHeld() {
  holding = false;
  for (const response of held.splice(0)) response.writeHead(200, { "Content-Type": "image/png" }).end(png);
}

beforeAll(async () => {
  const sharp = await loadSharp();
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#b45309" } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#1c1917" } })
    .jpeg()
    .toBuffer();
  server = http.createServer((request, response) => {
    requests.push(request.url ?? "");
    const port = (server.address() as AddressInfo).port;
    if (request.url?.startsWith("/flaky/")) {
      if (flakyAsked.has(request.url)) response.writeHead(200, { "Content-Type": "image/png" }).end(png);
      else response.writeHead(404).end();
      flakyAsked.add(request.url);
      return;
    }
    if (request.url?.startsWith("/held/")) {
      if (holding) held.push(response);
      else response.writeHead(200, { "Content-Type": "image/png" }).end(png);
      return;
    }
    switch (request.url) {
      case "/fan.png":
        response.writeHead(200, { "Content-Type": "image/png" }).end(png);
        return;
      case "/fan-white.jpg":
        response.writeHead(200, { "Content-Type": "image/jpeg" }).end(jpeg);
        return;
      case "/moved.png":
        response.writeHead(301, { Location: "/fan.png" }).end();
        return;
      case "/to-private":
        response.writeHead(302, { Location: `http://127.0.0.1:${port}/fan.png` }).end();
        return;
      case "/page.jpg":
        response.writeHead(200, { "Content-Type": "text/html" }).end("<html>not a picture</html>");
        return;
      case "/huge.jpg":
        response.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": String(11 * 1024 * 1024) });
        response.end();
        return;
      case "/bomb.png":
        response.writeHead(200, { "Content-Type": "image/png" }).end(pngClaimingSize(50_000, 50_000));
        return;
      case "/slow.jpg":
        // Never answers: the download's time limit ends it.
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
});

const HEAD =
  "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src,Image Position,Variant Image,Status";

async function importCsv(csv: string, jar?: CookieJar) {
  jar ??= await signedInJar((await createAdmin()).id);
  const uploaded = await run(
    importPage.action,
    multipart(
      "/admin/products/import?index",
      {},
      [{ field: "file", name: "p.csv", bytes: Buffer.from(csv), type: "text/csv" }],
      jar,
    ),
  );
  const id = Number(uploaded.location!.split("/").pop());
  await importChecked(id);
  const dryRun = await runData(importFile.loader, get(`/admin/products/import/${id}`, jar), { id: String(id) });
  await run(importFile.action, post(`/admin/products/import/${id}`, { intent: "import" }, jar), { id: String(id) });
  await importFinished(id);
  await importImagesIdle();
  const result = await runData(importFile.loader, get(`/admin/products/import/${id}`, jar), { id: String(id) });
  if (result.kind !== "result") throw new Error("not imported");
  return { id, dryRun, result };
}

/**
 * An imported shop with one product per picture of `pictures`, queued as given: a status, and
 * for a picture being fetched, the claim that holds it and until when.
 */
async function queued(pictures: { status: string; claim?: string; claimUntil?: Date | null; url?: string }[]) {
  const imported = await prisma.productImport.create({
    data: { fileName: "p.csv", format: "shopify", csv: "", status: "imported" },
  });
  const rows = [];
  for (const [position, picture] of pictures.entries()) {
    const product = await createProduct({ name: `Claimed Lamp ${position}`, pricePaisa: 90_000 });
    rows.push(
      await prisma.productImportImage.create({
        data: {
          importId: imported.id,
          productId: product.id,
          productName: product.name,
          url: picture.url ?? `${base}/fan.png`,
          position: 0,
          status: picture.status,
          claim: picture.claim ?? "",
          claimUntil: picture.claimUntil ?? null,
        },
      }),
    );
  }
  return rows;
}

/** The picture workers of a process that has just started: a fresh instance of their module. */
async function freshProcessWorkers() {
  vi.resetModules();
  return import("~/server/catalogue/import/picture-workers.server");
}

describe("pictures of an import", () => {
  it("adds fetched pictures in file order, shows a variant's own, and lists those that failed", async () => {
    const csv = [
      HEAD,
      `fan,Fan,Colour,Brown,FAN-BR,3500,${base}/fan.png,1,,active`,
      `fan,,,White,FAN-WH,3500,${base}/fan-white.jpg,2,${base}/fan-white.jpg,`,
      `fan,,,,,,${base}/moved.png,3,,`,
      `lamp,Lamp,Title,Default Title,LAMP,900,${base}/page.jpg,1,,active`,
      `lamp,,,,,,${base}/missing.jpg,2,,`,
      `lamp,,,,,,${base}/huge.jpg,3,,`,
      "",
    ].join("\n");
    const { result } = await importCsv(csv);

    const fan = await prisma.product.findUniqueOrThrow({
      where: { handle: "fan" },
      include: {
        images: { orderBy: { position: "asc" }, include: { image: true } },
        variants: { include: { option1Value: true } },
      },
    });
    expect(fan.images.map((link) => link.image.sourceUrl)).toEqual([
      `${base}/fan.png`,
      `${base}/fan-white.jpg`,
      `${base}/moved.png`,
    ]);
    // Stored through the image pipeline: WebP widths up to the original, 400 × 300 stored as 320 × 240.
    expect(fan.images[0]!.image).toMatchObject({ width: 320, height: 240, variantWidths: "320" });
    const white = fan.variants.find((variant) => variant.option1Value?.value === "White")!;
    expect(white.imageId).toBe(fan.images[1]!.imageId);
    expect(fan.variants.find((variant) => variant.option1Value?.value === "Brown")!.imageId).toBeNull();

    const lamp = await prisma.product.findUniqueOrThrow({ where: { handle: "lamp" }, include: { images: true } });
    expect(lamp.images).toEqual([]);
    expect(result.images).toMatchObject({ waiting: 0, done: 3, failed: 3 });
    expect(result.images.failures.map((failure) => [failure.url.replace(base, ""), failure.error])).toEqual([
      ["/page.jpg", "notAnImage"],
      ["/missing.jpg", "httpStatus"],
      ["/huge.jpg", "tooBig"],
    ]);

    // The same file again: the pictures are found by their address, and those that failed are
    // left to "Try again" on the first import's page, so nothing is fetched and the dry run says so
    // (regression: it promised the three failed ones while there was nothing to import).
    requests.length = 0;
    const again = await importCsv(csv);
    expect(again.dryRun.kind === "preview" && again.dryRun.preview?.imageCount).toBe(0);
    expect(again.dryRun.kind === "preview" && again.dryRun.preview?.counts).toEqual({
      create: 0,
      update: 0,
      unchanged: 2,
      skipped: 0,
    });
    expect(requests).toEqual([]);
    expect(await prisma.productImage.count({ where: { productId: fan.id } })).toBe(3);
  });
});

describe("a picture over the pixel limit", () => {
  it("is listed as too many pixels, not as something that is not a picture", async () => {
    const csv = [HEAD, `bomb,Bomb Lamp,Title,Default Title,BOMB,900,${base}/bomb.png,1,,active`, ""].join("\n");
    const { result } = await importCsv(csv);
    expect(result.images.failures.map((failure) => [failure.url.replace(base, ""), failure.error])).toEqual([
      ["/bomb.png", "tooManyPixels"],
    ]);
  });
});

describe("trying failed pictures again", () => {
  /** Presses a "Try again" button of import `id`'s page (one picture's when `picture` is given). */
  async function tryAgain(jar: CookieJar, id: number, picture?: number) {
    const fields: Record<string, string> = { intent: "retry-pictures" };
    if (picture !== undefined) fields.picture = String(picture);
    const outcome = await run(importFile.action, post(`/admin/products/import/${id}`, fields, jar), {
      id: String(id),
    });
    expect(outcome).toRedirectTo(`/admin/products/import/${id}`);
    return outcome;
  }

  async function pictureRows(id: number) {
    return prisma.productImportImage.findMany({ where: { importId: id }, orderBy: { id: "asc" } });
  }

  it("fetches one failed picture, then all, through the picture queue, each once however often the button is pressed", async () => {
    const admin = await createAdmin();
    const jar = await signedInJar(admin.id);
    const csv = [
      HEAD,
      `kettle,Kettle,Title,Default Title,KETTLE,1500,${base}/flaky/kettle-1.png,1,,active`,
      `kettle,,,,,,${base}/flaky/kettle-2.png,2,,`,
      `kettle,,,,,,${base}/flaky/kettle-3.png,3,,`,
      "",
    ].join("\n");
    const { id, result } = await importCsv(csv, jar);
    expect(result.images).toMatchObject({ waiting: 0, done: 0, failed: 3 });
    const [first, second, third] = await pictureRows(id);
    const kettle = await prisma.product.findUniqueOrThrow({ where: { handle: "kettle" } });

    // One picture's button: only that picture is fetched again, and added.
    requests.length = 0;
    await expect(await tryAgain(jar, id, first!.id)).toSetToast({
      kind: "success",
      message: "Pictures being fetched again: 1.",
    });
    // Pressed again at once (a double click, a second tab): it is queued or being fetched already.
    await expect(await tryAgain(jar, id, first!.id)).toSetToast({ kind: "error", message: /Nothing to try again/ });
    await importImagesIdle();
    expect(requests).toEqual(["/flaky/kettle-1.png"]);
    expect((await pictureRows(id)).map((row) => row.status)).toEqual(["done", "failed", "failed"]);
    // And once it is added, pressing it again fetches nothing.
    await expect(await tryAgain(jar, id, first!.id)).toSetToast({ kind: "error", message: /Nothing to try again/ });
    await importImagesIdle();
    expect(requests).toEqual(["/flaky/kettle-1.png"]);

    // The button for all: the two left are fetched again, in the file's order.
    requests.length = 0;
    await expect(await tryAgain(jar, id)).toSetToast({ kind: "success", message: "Pictures being fetched again: 2." });
    await tryAgain(jar, id);
    await importImagesIdle();
    await tryAgain(jar, id);
    await importImagesIdle();
    expect(requests).toEqual(["/flaky/kettle-2.png", "/flaky/kettle-3.png"]);
    const links = await prisma.productImage.findMany({
      where: { productId: kettle.id },
      orderBy: { position: "asc" },
      include: { image: true },
    });
    expect(links.map((link) => link.image.sourceUrl)).toEqual([first!.url, second!.url, third!.url]);

    const page = await runData(importFile.loader, get(`/admin/products/import/${id}`, jar), { id: String(id) });
    expect(page.kind === "result" && page.images).toMatchObject({ waiting: 0, done: 3, failed: 0, failures: [] });
    // Recorded like the import itself: one event per press that queued pictures.
    const events = await prisma.auditEvent.findMany({
      where: { action: "products.pictures-retried", subjectId: id },
      orderBy: { id: "asc" },
    });
    expect(events.map((event) => [event.actorId, JSON.parse(event.details)])).toEqual([
      [admin.id, { pictures: 1, picture: first!.id }],
      [admin.id, { pictures: 2 }],
    ]);
  });

  it("leaves another import's pictures, and a picture that is not one of this import's", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    const one = await importCsv(
      [HEAD, `cup,Cup,Title,Default Title,CUP,200,${base}/flaky/cup.png,1,,active`, ""].join("\n"),
      jar,
    );
    const other = await importCsv(
      [HEAD, `mug,Mug,Title,Default Title,MUG,250,${base}/flaky/mug.png,1,,active`, ""].join("\n"),
      jar,
    );
    const [mugPicture] = await pictureRows(other.id);
    requests.length = 0;
    await expect(await tryAgain(jar, one.id, mugPicture!.id)).toSetToast({
      kind: "error",
      message: /Nothing to try again/,
    });
    await tryAgain(jar, one.id);
    await importImagesIdle();
    expect(requests).toEqual(["/flaky/cup.png"]);
    expect((await pictureRows(other.id)).map((row) => row.status)).toEqual(["failed"]);
  });
});

describe("pictures of an import with several server processes", () => {
  it("a process starting leaves the pictures another running process is fetching (regression: it queued them all again)", async () => {
    const [theirs, waiting] = await queued([
      { status: "fetching", claim: "another-process", claimUntil: new Date(Date.now() + IMAGE_CLAIM_MS) },
      { status: "pending" },
    ]);
    const workers = await freshProcessWorkers();
    workers.startImportImages();
    await workers.importImagesIdle();

    expect(await prisma.productImportImage.findUniqueOrThrow({ where: { id: theirs!.id } })).toMatchObject({
      status: "fetching",
      claim: "another-process",
    });
    expect(await prisma.productImage.count({ where: { productId: theirs!.productId } })).toBe(0);
    expect(await prisma.productImportImage.findUniqueOrThrow({ where: { id: waiting!.id } })).toMatchObject({
      status: "done",
      claim: "",
      claimUntil: null,
    });
    expect(await prisma.productImage.count({ where: { productId: waiting!.productId } })).toBe(1);
  });

  it("takes over the pictures of a process that stopped, once its claim lapsed, and attaches each once", async () => {
    const [lapsed] = await queued([
      { status: "fetching", claim: "stopped-process", claimUntil: new Date(Date.now() - 1000) },
    ]);
    const workers = await freshProcessWorkers();
    workers.startImportImages();
    await workers.importImagesIdle();
    expect(await prisma.productImportImage.findUniqueOrThrow({ where: { id: lapsed!.id } })).toMatchObject({
      status: "done",
    });
    expect(await prisma.productImage.count({ where: { productId: lapsed!.productId } })).toBe(1);

    // The stopped process, had it only been slow, finds its claim gone and attaches nothing.
    const late = { ...lapsed!, claim: "stopped-process" };
    const image = { key: "late-key", width: 320, height: 240, variantWidths: [320], alt: "" };
    expect(await attachImportImage(late, image, late.url)).toBe(false);
    expect(await prisma.productImage.count({ where: { productId: lapsed!.productId } })).toBe(1);
  });
});

describe("slow picture servers", () => {
  it("stops asking once an import's download time is spent, says why, and Try again fetches them with a fresh budget (regression: each picture was tried twice for 20 s)", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    holding = true;
    const rows = await queued(
      [0, 1, 2].map((index) => ({ status: "pending", url: `${base}/held/budget-${index}.png` })),
    );
    const id = rows[0]!.importId;
    // The workers of the process the import page runs in, so that its "Try again" reaches them. One worker, a download cut off after 100 ms and a budget any download spends.
    startImportImages({ settings: { workers: 1, downloadTimeoutMs: 100, budgetMs: 1, creditMs: 0 } });
    await importImagesIdle();

    // The first picture was asked for once; after it, nothing more of this import was tried.
    expect(requests).toEqual(["/held/budget-0.png"]);
    const page = await runData(importFile.loader, get(`/admin/products/import/${id}`, jar), { id: String(id) });
    expect(page.kind === "result" && page.images).toMatchObject({ waiting: 0, done: 0, failed: 3 });
    expect(page.kind === "result" && page.images.failures.map((failure) => failure.error)).toEqual([
      "timeBudget",
      "timeBudget",
      "timeBudget",
    ]);

    // "Try again" queues them with a fresh budget (and now the server answers).
    releaseHeld();
    requests.length = 0;
    await run(importFile.action, post(`/admin/products/import/${id}`, { intent: "retry-pictures" }, jar), {
      id: String(id),
    });
    await importImagesIdle();
    expect(requests).toEqual(["/held/budget-0.png", "/held/budget-1.png", "/held/budget-2.png"]);
    expect((await prisma.productImportImage.findMany({ where: { importId: id } })).map((row) => row.status)).toEqual([
      "done",
      "done",
      "done",
    ]);
  });

  it("lets a later import's pictures through while an earlier import's server is slow (regression: they waited behind all of them)", async () => {
    const slow = await queued([0, 1, 2].map((index) => ({ status: "pending", url: `${base}/held/slow-${index}.png` })));
    const later = await queued([{ status: "pending", url: `${base}/fan.png` }]);
    const workers = await freshProcessWorkers();
    holding = true;
    try {
      workers.startImportImages({ settings: { workers: 2 } });
      // Both workers busy: one waits on the slow server, the other took the later import's picture.
      await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(2));
      expect(requests).toContain("/fan.png");
      await vi.waitFor(async () =>
        expect(await prisma.productImportImage.findUniqueOrThrow({ where: { id: later[0]!.id } })).toMatchObject({
          status: "done",
        }),
      );
    } finally {
      releaseHeld();
      await workers.importImagesIdle();
    }
    expect(
      (await prisma.productImportImage.findMany({ where: { importId: slow[0]!.importId } })).map((row) => row.status),
    ).toEqual(["done", "done", "done"]);
  });
});

describe("downloadImage", () => {
  const limits = { maxBytes: 10 * 1024 * 1024, timeoutMs: 2_000 };
  // In these tests 127.0.0.2 stands for the public internet and 127.0.0.1 for the private network.
  const mayConnect = (address: string) => address === "127.0.0.2";

  it("follows a redirect to a public address", async () => {
    const port = (server.address() as AddressInfo).port;
    const bytes = await downloadImage(`http://127.0.0.2:${port}/moved.png`, { ...limits, mayConnect });
    expect(bytes.equals(png)).toBe(true);
  });

  it("refuses a private address, and a redirect to one", async () => {
    const port = (server.address() as AddressInfo).port;
    await expect(downloadImage(`http://127.0.0.1:${port}/fan.png`, { ...limits, mayConnect })).rejects.toMatchObject({
      reason: "privateAddress",
    });
    await expect(downloadImage(`http://127.0.0.2:${port}/to-private`, { ...limits, mayConnect })).rejects.toMatchObject(
      {
        reason: "privateAddress",
      },
    );
    expect(requests).toEqual(["/to-private"]);
  });

  it("refuses what is not http(s), and gives up on a server that does not answer", async () => {
    await expect(downloadImage("file:///etc/passwd", { ...limits, mayConnect })).rejects.toBeInstanceOf(DownloadError);
    await expect(downloadImage("ftp://example.com/a.jpg", { ...limits, mayConnect })).rejects.toMatchObject({
      reason: "notHttp",
    });
    const port = (server.address() as AddressInfo).port;
    await expect(
      downloadImage(`http://127.0.0.2:${port}/slow.jpg`, { maxBytes: 1024, timeoutMs: 300, mayConnect }),
    ).rejects.toMatchObject({ reason: "timeout", transient: true });
  });

  it("refuses every spelling of a loopback, private or IPv4-embedding address without connecting", async () => {
    const port = (server.address() as AddressInfo).port;
    const hosts = [
      // Loopback and private networks, in the spellings a URL parser accepts.
      "127.0.0.1",
      "127.1",
      "0x7f000001",
      "2130706433",
      "0177.0.0.1",
      "0",
      "0.0.0.0",
      "localhost",
      "[::1]",
      "[0:0:0:0:0:0:0:1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "10.0.0.1",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "[fe80::1]",
      "[fd00::1]",
      "[fc00::1]",
      "224.0.0.1",
      "255.255.255.255",
      // IPv4-compatible (::/96) and every other range that embeds an IPv4 address.
      "[::127.0.0.1]",
      "[::a00:1]",
      "[::1:0:0:1]",
      "[::]",
      "[::ffff:0:7f00:1]",
      "[64:ff9b::7f00:1]",
      "[64:ff9b:1::a00:1]",
      "[2002:7f00:1::1]",
      "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
      // Neither global unicast nor public: discard, documentation, site-local, multicast.
      "[100::1]",
      "[2001:db8::1]",
      "[fec0::1]",
      "[ff02::1]",
    ];
    for (const host of hosts) {
      await expect(
        downloadImage(`http://${host}:${port}/fan.png`, { ...limits, mayConnect: isPublicAddress }),
        host,
      ).rejects.toMatchObject({ reason: "privateAddress" });
    }
    expect(requests).toEqual([]);
  });

  it("allows public IPv4 and global unicast IPv6 addresses only", () => {
    expect(["8.8.8.8", "203.112.218.1", "2606:4700::1111", "2a00:1450:4001:82b::200e"].map(isPublicAddress)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    // As the URL parser writes the spellings: [::127.0.0.1] is ::7f00:1.
    expect(
      ["::7f00:1", "::a00:1", "::1:0:0:1", "::8.8.8.8", "::ffff:8.8.8.8", "64:ff9b::808:808"].map(isPublicAddress),
    ).toEqual(Array(6).fill(false));
  });

  it("tells public addresses from private, loopback, link-local and mapped ones", () => {
    expect(["8.8.8.8", "203.112.218.1", "2606:4700::1111"].map(isPublicAddress)).toEqual([true, true, true]);
    expect(
      [
        "10.0.0.5",
        "172.16.3.4",
        "192.168.1.1",
        "127.0.0.1",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",
        "::1",
        "fe80::1",
        "fd00::1",
        "::ffff:127.0.0.1",
        "not an address",
      ].map(isPublicAddress),
    ).toEqual(Array(12).fill(false));
  });
});

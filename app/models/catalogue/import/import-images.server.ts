/**
 * The queue of an import's pictures (ProductImportImage), fetched after its products are written by
 * the picture workers of app/server/catalogue/import/picture-workers.server.ts: claiming one product's
 * pictures at a time, renewing the claim, attaching a fetched picture to its product, recording a
 * failure, "Try again", and the progress shown on the import's page. The rows are queued by the
 * import itself (./import-writing.server.ts).
 */
import crypto from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "../../db/client.server";
import { imageData, type NewImage } from "../image.server";
import { displayOrder } from "../product-selects.server";

/**
 * How long a claim on a product's pictures lasts unless renewed, in ms. The worker renews it before
 * each picture (a download is cut off after 20 s, and storing one takes a few seconds), so only a
 * claim whose process stopped lapses; its pictures are then taken over by whichever process looks
 * for work next (docs/decisions/052-one-process-per-core.md).
 */
export const IMAGE_CLAIM_MS = 2 * 60 * 1000;

/** A queued picture of one product, in file order, with the claim under which it is being fetched. */
export type ImportImageJob = {
  id: number;
  importId: number;
  productId: number;
  url: string;
  attempts: number;
  /** The random id of the claim that took it (claimNextImageJobs). */
  claim: string;
};

/** Pictures waiting for a worker at `at`: queued, or left "fetching" under a claim that lapsed. */
const waitingAt = (at: Date): Prisma.ProductImportImageWhereInput => ({
  OR: [{ status: "pending" }, { status: "fetching", OR: [{ claimUntil: null }, { claimUntil: { lt: at } }] }],
});

/**
 * Claims the waiting pictures (`waitingAt`) of the next product, marking them "fetching" under a
 * new claim that lasts IMAGE_CLAIM_MS; [] when none waits. Imports take turns: the next product
 * is the oldest waiting one of the import with the fewest pictures being fetched now (by any
 * process), then of the one whose turn came longest ago in this process (`lastTurns`: import id →
 * an increasing number, 0 or absent for never), then of the oldest import; so a large import, or
 * one whose picture server is slow, does not keep a later import's pictures waiting. A product's
 * pictures go to one worker, so they are added in file order. Pictures another process is
 * fetching under a live claim are never taken, wherever that process runs.
 */
export async function claimNextImageJobs(
  lastTurns: ReadonlyMap<number, number> = new Map(),
): Promise<ImportImageJob[]> {
  for (;;) {
    const at = new Date();
    const waiting = await prisma.productImportImage.groupBy({ by: ["importId"], where: waitingAt(at) });
    if (waiting.length === 0) return [];
    const fetching = await prisma.productImportImage.groupBy({
      by: ["importId"],
      where: { importId: { in: waiting.map((row) => row.importId) }, status: "fetching", claimUntil: { gte: at } },
      _count: { _all: true },
    });
    const inFlight = (importId: number) => fetching.find((row) => row.importId === importId)?._count._all ?? 0;
    const turn = (importId: number) => lastTurns.get(importId) ?? 0;
    const [importId] = waiting
      .map((row) => row.importId)
      .sort((a, b) => inFlight(a) - inFlight(b) || turn(a) - turn(b) || a - b);
    const next = await prisma.productImportImage.findFirst({
      where: { importId, ...waitingAt(at) },
      orderBy: { id: "asc" },
      select: { importId: true, productId: true },
    });
    // Taken by another worker since: look again.
    if (!next) continue;
    const claim = crypto.randomUUID();
    const claimed = await prisma.productImportImage.updateMany({
      where: { importId: next.importId, productId: next.productId, ...waitingAt(at) },
      data: { status: "fetching", claim, claimUntil: new Date(at.getTime() + IMAGE_CLAIM_MS) },
    });
    // Another worker took this product between the read and the update: look again.
    if (claimed.count === 0) continue;
    return prisma.productImportImage.findMany({
      where: { status: "fetching", claim },
      orderBy: displayOrder,
      select: { id: true, importId: true, productId: true, url: true, attempts: true, claim: true },
    });
  }
}

/**
 * Extends `claim` by IMAGE_CLAIM_MS from now, before its next picture is fetched. Returns false
 * when the claim holds nothing any more (it lapsed and another process took the pictures over):
 * the worker then leaves them.
 */
export async function renewImageClaim(claim: string): Promise<boolean> {
  const { count } = await prisma.productImportImage.updateMany({
    where: { claim, status: "fetching" },
    data: { claimUntil: new Date(Date.now() + IMAGE_CLAIM_MS) },
  });
  return count > 0;
}

/** What a picture's row is reset to when it leaves "fetching": no claim. */
const unclaimed = { claim: "", claimUntil: null } as const;

/**
 * Adds the fetched picture of `job` (already stored on disk) to its product, after its other
 * pictures, and shows it for the variants that named it. Returns false, attaching nothing, when the
 * product is gone meanwhile or `job`'s claim no longer holds the picture (another process took it
 * over): the caller removes the files.
 */
export async function attachImportImage(job: ImportImageJob, image: NewImage, sourceUrl: string): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const row = await tx.productImportImage.findFirst({
      where: { id: job.id, status: "fetching", claim: job.claim },
      select: { productId: true, variantIds: true },
    });
    // Its claim lapsed and another process took it over: that one attaches it.
    if (!row) return false;
    const product = await tx.product.findUnique({
      where: { id: row.productId },
      select: { images: { select: { position: true } } },
    });
    if (!product) {
      await tx.productImportImage.update({
        where: { id: job.id },
        data: { status: "failed", error: "productGone", ...unclaimed },
      });
      return false;
    }
    const stored = await tx.image.create({ data: { ...imageData(image), sourceUrl }, select: { id: true } });
    const position = product.images.reduce((max, link) => Math.max(max, link.position + 1), 0);
    await tx.productImage.create({ data: { productId: row.productId, imageId: stored.id, position } });
    const variantIds = row.variantIds.split(",").filter(Boolean).map(Number);
    if (variantIds.length > 0) {
      await tx.productVariant.updateMany({
        where: { id: { in: variantIds }, productId: row.productId },
        data: { imageId: stored.id },
      });
    }
    await tx.productImportImage.update({ where: { id: job.id }, data: { status: "done", ...unclaimed } });
    return true;
  });
}

/**
 * Records that the picture of `job` could not be fetched: `reason` is shown on the result page.
 * With `retry` and fewer than MAX_IMAGE_ATTEMPTS tries, it goes back in the queue instead.
 */
export async function failImportImage(job: ImportImageJob, reason: string, retry: boolean): Promise<void> {
  const again = retry && job.attempts + 1 < MAX_IMAGE_ATTEMPTS;
  // Only while `job`'s claim holds it: after another process took it over, that one decides.
  await prisma.productImportImage.updateMany({
    where: { id: job.id, status: "fetching", claim: job.claim },
    data: again
      ? { status: "pending", attempts: { increment: 1 }, ...unclaimed }
      : { status: "failed", error: reason, attempts: { increment: 1 }, ...unclaimed },
  });
}

/** Tries per picture before it is listed as failed. */
const MAX_IMAGE_ATTEMPTS = 2;

/**
 * Puts the failed pictures of import `importId` back in the queue (only picture `pictureId` when
 * given), with their tries counted afresh, for the picture workers to fetch again. Only pictures
 * that are "failed" now are taken, so a second press while they are queued, being fetched or
 * added takes none (nothing is fetched or attached twice). Pictures of a product deleted since stay
 * failed. Returns how many were queued again.
 */
export async function retryImportImages(importId: number, pictureId?: number): Promise<number> {
  const { count } = await prisma.productImportImage.updateMany({
    where: {
      importId,
      status: "failed",
      NOT: { error: "productGone" },
      ...(pictureId === undefined ? {} : { id: pictureId }),
    },
    data: { status: "pending", error: "", attempts: 0, ...unclaimed },
  });
  return count;
}

/**
 * How far an import's pictures are: counts by status (`claimed`: being fetched by a process now),
 * and the failed ones (product, address, reason).
 */
export async function importImageProgress(importId: number) {
  const groups = await prisma.productImportImage.groupBy({
    by: ["status"],
    where: { importId },
    _count: { _all: true },
  });
  const count = (status: string) => groups.find((group) => group.status === status)?._count._all ?? 0;
  const claimed = await prisma.productImportImage.count({
    where: { importId, status: "fetching", claimUntil: { gte: new Date() } },
  });
  const failed = await prisma.productImportImage.findMany({
    where: { importId, status: "failed" },
    orderBy: { id: "asc" },
    take: 500,
    select: { id: true, productId: true, productName: true, url: true, error: true },
  });
  return {
    waiting: count("pending") + count("fetching"),
    /** Of those waiting, the ones a process is fetching now (under a live claim). */
    claimed,
    done: count("done"),
    failed: count("failed"),
    failures: failed,
  };
}

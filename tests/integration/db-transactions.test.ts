/**
 * Transactions on the one database connection (docs/decisions/020-one-connection-serialised.md):
 * a plain query never runs inside another request's open transaction, it waits for it to end;
 * and every kind of transaction Prisma starts still works.
 */
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe("a plain query while another request's transaction is open", () => {
  it("is not rolled back with that transaction, and does not read its uncommitted rows", async () => {
    const { promise: inside, resolve: entered } = Promise.withResolvers<void>();
    const { promise: gate, resolve: finish } = Promise.withResolvers<void>();
    const failing = prisma.$transaction(async (tx) => {
      await tx.category.create({ data: { name: "Uncommitted", slug: "uncommitted" } });
      entered();
      await gate;
      throw new Error("the other request failed");
    });
    await inside;

    const plainWrite = prisma.category.create({ data: { name: "Plain write", slug: "plain-write" } });
    const plainRead = prisma.category.findUnique({ where: { slug: "uncommitted" } });
    // Without serialising, both run at once on the connection, inside the open transaction; with it
    // they wait for the transaction to end. Either way, give them the chance before it ends.
    await Promise.race([Promise.allSettled([plainWrite, plainRead]), sleep(300)]);
    finish();

    await expect(failing).rejects.toThrow("the other request failed");
    await plainWrite;
    expect.soft(await plainRead, "the plain read saw the other transaction's uncommitted row").toBeNull();
    expect
      .soft(
        await prisma.category.findUnique({ where: { slug: "plain-write" } }),
        "the plain write was rolled back with the other request's transaction",
      )
      .not.toBeNull();
    expect(await prisma.category.findUnique({ where: { slug: "uncommitted" } })).toBeNull();
  });

  it("still runs transactions of every kind: interactive, nested, batch, and a nested write", async () => {
    const created = await prisma.$transaction(async (tx) => {
      const outer = await tx.category.create({ data: { name: "Outer", slug: "kinds-outer" } });
      await tx
        .$transaction(async (inner) => {
          await inner.category.create({ data: { name: "Inner", slug: "kinds-inner" } });
          throw new Error("inner fails");
        })
        .catch(() => undefined);
      return outer;
    });
    expect(created.slug).toBe("kinds-outer");

    await expect(
      prisma.$transaction([
        prisma.category.create({ data: { name: "Batch 1", slug: "kinds-batch" } }),
        prisma.category.create({ data: { name: "Batch 2", slug: "kinds-batch" } }),
      ]),
    ).rejects.toMatchObject({ code: "P2002" });

    // A create with a nested create is one internal transaction.
    await prisma.product.create({
      data: {
        name: "Nested",
        slug: "kinds-nested",
        description: "",
        minPricePaisa: 100,
        maxPricePaisa: 100,
        category: { create: { name: "Nested category", slug: "kinds-nested-category" } },
        variants: { create: { pricePaisa: 100 } },
      },
    });

    const slugs = (await prisma.category.findMany({ where: { slug: { startsWith: "kinds-" } } }))
      .map((c) => c.slug)
      .sort();
    expect(slugs).toEqual(["kinds-nested-category", "kinds-outer"]);
  });
});

afterAll(async () => {
  // Nothing may be left holding the connection: a plain write still goes through.
  await prisma.category.create({ data: { name: "After", slug: "after-concurrency" } });
});

/**
 * Seeds an empty shop with the demo catalogue (prisma/demo-catalogue.ts) and a first admin user.
 * Used by `npm run seed` (scripts/demo/seed-demo.ts) and by tests on a test database.
 *
 * Idempotent: the catalogue is only created when the database has no category and no product,
 * and the admin only when there is no admin user at all. The shop's Bangla name, tagline, about
 * text and address are filled in where they are empty and the English text is still the stock one
 * (`fillBanglaSettings`), so an owner's own text is never overwritten.
 *
 * The catalogue is all or nothing. Every image is drawn and stored first (through the same
 * `storeImage` pipeline as staff uploads, a few at a time, into the storage `SeedOptions` names); then all rows are written in one
 * transaction. If anything fails, the transaction rolls back and the stored image folders are
 * removed, so a failed seed leaves neither half-made products nor orphaned files.
 */
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "~/generated/prisma/client";
import { imageData } from "~/models/catalogue/image.server";
import { availableHandle } from "~/models/catalogue/product-writes.server";
import { storeImage, type StoredImage } from "~/server/media/images.server";
import { createUploadsStorage, uploadsStorage, type UploadsStorage } from "~/server/media/storage.server";
import { hashPassword } from "~/server/auth/password.server";
import { slugify } from "~/rules/slug";
import { combinationKey, combinations, lineItemName, localText, priceRangePaisa, variantLabel } from "~/rules/variants";
import { getShopSettings } from "~/models/settings.server";
import { DEMO_CATALOGUE, demoTracksStock, demoVariants, type DemoCategory, type DemoProduct } from "./demo-catalogue";
import { prisma } from "~/models/db/client.server";
import { recordPayout } from "~/models/payouts/payouts.server";
import { DEMO_ORDER_TOKEN_PREFIX, demoOrders, demoPayouts } from "./demo-orders";
import { addressKey } from "~/rules/order-limits";
import { productImageAlt, renderCategoryImage, renderProductImage } from "./demo-images";

/** E-mail address of the demo admin when none is given. */
const DEFAULT_DEMO_ADMIN_EMAIL = "admin@haat.example";

/** Images drawn and encoded at the same time by default (one per core on a 2-core machine). */
const DEFAULT_IMAGE_CONCURRENCY = 2;

/** Longest time in milliseconds the catalogue's database transaction may take. */
const TRANSACTION_TIMEOUT_MS = 60_000;

export type SeedOptions = {
  /**
   * Where the pictures are stored: `npm run seed` passes the shop's own storage (`uploadsStorage()`:
   * the folder UPLOADS_DIR, or the bucket UPLOADS_URL names), so a shop on S3 serves them at once.
   * Wins over `uploadsPath`.
   */
  storage?: UploadsStorage;
  /**
   * An absolute local folder to store the pictures in instead (the demo server's, tests'). With
   * neither, the process's uploads storage.
   */
  uploadsPath?: string;
  /** Progress messages, one line each; silent by default. */
  log?: (message: string) => void;
  /** E-mail of the admin created when there is none; defaults to `DEFAULT_DEMO_ADMIN_EMAIL`. */
  adminEmail?: string;
  /** Images processed at the same time; defaults to `DEFAULT_IMAGE_CONCURRENCY`. */
  concurrency?: number;
  /** The catalogue to create; defaults to `DEMO_CATALOGUE` (tests may pass a smaller one). */
  catalogue?: readonly DemoCategory[];
  /**
   * Also write about a month of sample orders and two courier payouts bringing back the cash of
   * most older delivered parcels (prisma/demo-orders.ts), only when this run created
   * the catalogue and the shop has no order: a shop with its own products never gets them.
   * `npm run seed` asks for them unless `--empty` is given; off by default.
   */
  sampleOrders?: boolean;
  /** The time the sample orders end at (default: now). */
  now?: Date;
};

export type SeedResult = {
  /** Categories created now (0 when the catalogue already existed). */
  categories: number;
  /** Products created now. */
  products: number;
  /** Images stored now. */
  images: number;
  /** Sample orders written now. */
  orders: number;
  /** Sample courier payouts recorded now (0 without sample orders). */
  payouts: number;
  /** The admin created now, with the generated password (shown once, never stored in clear). */
  admin?: { email: string; password: string };
};

/** One image to draw and store. */
type ImageJob = { render: () => Promise<Buffer>; alt: string };

/**
 * Creates the demo catalogue if the database has no category and no product (with
 * `options.sampleOrders`, its sample orders and two courier payouts: `seedDemoPayouts`), fills in
 * the shop's empty Bangla texts (`fillBanglaSettings`), and creates an admin user (with a random
 * password) if there is no admin.
 *
 * @param db the client of the database to seed (migrated).
 * @returns what was created; `admin` is present only when an admin was created now.
 * @throws an `ImageProcessingError`, a file system error or a Prisma error; nothing of the
 *   catalogue is left behind in that case.
 */
export async function seedDemoCatalogue(db: PrismaClient, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const catalogue = options.catalogue ?? DEMO_CATALOGUE;
  let result: SeedResult = { categories: 0, products: 0, images: 0, orders: 0, payouts: 0 };

  if (await hasCatalogue(db)) {
    log("The catalogue already has categories or products: leaving it as it is.");
  } else {
    result = { ...(await createCatalogue(db, catalogue, options, log)), orders: 0, payouts: 0 };
    if (options.sampleOrders) {
      result.orders = await seedDemoOrders(db, {
        now: options.now ?? new Date(),
        staffEmail: options.adminEmail ?? DEFAULT_DEMO_ADMIN_EMAIL,
      });
      log(result.orders > 0 ? `Created ${result.orders} sample orders.` : "The shop has orders: no sample orders.");
    }
  }

  const filled = await fillBanglaSettings(db);
  if (filled > 0) log(`Filled in ${filled} of the shop's Bangla texts.`);

  if ((await db.adminUser.count()) > 0) {
    log("An admin user already exists: not creating another.");
  } else {
    result.admin = await createAdmin(db, options.adminEmail ?? DEFAULT_DEMO_ADMIN_EMAIL);
    log(`Created the admin user ${result.admin.email}.`);
  }

  // After the admin, who imported the Pathao file.
  if (result.orders > 0) {
    result.payouts = await seedDemoPayouts(db, {
      now: options.now ?? new Date(),
      staffEmail: options.adminEmail ?? DEFAULT_DEMO_ADMIN_EMAIL,
    });
    if (result.payouts > 0) log(`Recorded ${result.payouts} sample courier payouts.`);
  }
  return result;
}

/**
 * Records the sample payouts of prisma/demo-orders.ts (`demoPayouts`) for the sample orders just
 * written, through the app's own `recordPayout`, so that their lines are matched to the orders and
 * the orders' cash marked received as a real payout would: Steadfast's as read by the schedule
 * (no staff member), Pathao's file as imported by the admin `staffEmail` (else the first admin).
 * `recordPayout` writes through the process's database client, so a seed into another client (a
 * test's separate file) records none.
 *
 * @returns how many payouts were recorded.
 * @throws the database's error; a payout already recorded (its reference) is left as it is.
 */
async function seedDemoPayouts(db: PrismaClient, options: { now: Date; staffEmail: string }): Promise<number> {
  if (db !== prisma) return 0;
  const orders = await db.order.findMany({
    where: { checkoutToken: { startsWith: DEMO_ORDER_TOKEN_PREFIX } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const admin =
    (await db.adminUser.findUnique({ where: { email: options.staffEmail.trim().toLowerCase() } })) ??
    (await db.adminUser.findFirst({ orderBy: { id: "asc" } }));
  let recorded = 0;
  for (const payout of demoPayouts(orders, options.now)) {
    const actor = payout.source === "csv" && admin ? { id: admin.id, email: admin.email } : null;
    const outcome = await recordPayout(payout, actor, options.now);
    if (outcome.outcome === "recorded") recorded++;
  }
  return recorded;
}

/**
 * Writes the sample orders of prisma/demo-orders.ts for the demo catalogue's products, with their
 * status history (placed by the shopper, then changed by `staffEmail` to their status) and, for
 * most orders past pending, the "confirmed by phone" mark, in one transaction. Writes nothing when
 * the shop already has an order. No stock moves: they stand for orders from before stock was counted.
 * Every order is cash on delivery and stays "pending" for payment, delivered ones too, as haat
 * leaves them: their cash comes back with a courier's payout (`seedDemoPayouts`), not on delivery.
 *
 * Each line is for the product's first active variant (by position), priced as that variant is,
 * with the snapshots checkout takes: the variant, its label in both languages, its SKU and the
 * product's Bangla name. A product without an active variant is never ordered.
 *
 * @returns how many orders were written.
 */
async function seedDemoOrders(db: PrismaClient, options: { now: Date; staffEmail: string }): Promise<number> {
  const value = { select: { value: true, valueBn: true } } as const;
  const rows = await db.product.findMany({
    orderBy: { id: "asc" },
    select: {
      id: true,
      name: true,
      nameBn: true,
      variants: {
        where: { isActive: true },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        take: 1,
        select: {
          id: true,
          sku: true,
          pricePaisa: true,
          discountedPricePaisa: true,
          option1Value: value,
          option2Value: value,
          option3Value: value,
        },
      },
    },
  });
  const snapshots = new Map<
    number,
    { variantId: number; productNameBn: string; variantLabel: string; variantLabelBn: string; sku: string }
  >();
  const products = rows.flatMap((row) => {
    const variant = row.variants[0];
    if (!variant) return [];
    const values = [variant.option1Value, variant.option2Value, variant.option3Value].filter((v) => v !== null);
    snapshots.set(row.id, {
      variantId: variant.id,
      productNameBn: row.nameBn,
      variantLabel: variantLabel(values.map((v) => v.value)),
      variantLabelBn: variantLabel(values.map((v) => localText(v.value, v.valueBn, "bn"))),
      sku: variant.sku ?? "",
    });
    return [
      {
        id: row.id,
        name: row.name,
        pricePaisa: variant.pricePaisa,
        discountedPricePaisa: variant.discountedPricePaisa,
      },
    ];
  });
  if (products.length === 0) return 0;
  const orders = demoOrders(products, DEMO_FEES, options.now);
  return db.$transaction(
    async (tx) => {
      if ((await tx.order.count()) > 0) return 0;
      for (const order of orders) {
        const { items, confirmed, ...fields } = order;
        const later = (hours: number) =>
          new Date(Math.min(options.now.getTime(), order.createdAt.getTime() + hours * 60 * 60 * 1000));
        await tx.order.create({
          data: {
            ...fields,
            updatedAt: order.createdAt,
            // Cash on delivery: haat marks no order paid when its parcel is delivered; a payout
            // brings its cash back (seedDemoPayouts).
            paymentStatus: "pending",
            productId: items[0]?.productId ?? null,
            addressKey: addressKey(order.customerAddress, order.area, order.district),
            ...(confirmed ? { confirmedAt: later(1), confirmedByEmail: options.staffEmail } : {}),
            items: { create: items.map((item) => ({ ...item, ...snapshots.get(item.productId) })) },
            statusChanges: {
              create: [
                { fromStatus: null, toStatus: "pending", createdAt: order.createdAt },
                ...(order.status === "pending"
                  ? []
                  : [
                      {
                        fromStatus: "pending",
                        toStatus: order.status,
                        changedByEmail: options.staffEmail,
                        createdAt: later(20),
                      },
                    ]),
              ],
            },
          },
        });
      }
      return orders.length;
    },
    { timeout: TRANSACTION_TIMEOUT_MS },
  );
}

/** The delivery fees the sample orders were charged: the shop's defaults (60 and 120 taka), in paisa. */
const DEMO_FEES = { insideDhakaPaisa: 6000, outsideDhakaPaisa: 12000, freeFromPaisa: null };

/**
 * A random password of 16 characters (96 random bits, base64url: letters, digits, "-" and "_").
 */
function generatePassword(): string {
  return randomBytes(12).toString("base64url");
}

/** True when the database has at least one category or product. */
async function hasCatalogue(db: Pick<PrismaClient, "category" | "product">): Promise<boolean> {
  const [categories, products] = await Promise.all([db.category.count(), db.product.count()]);
  return categories > 0 || products > 0;
}

/** Creates the admin user with a generated password; returns the credentials. */
async function createAdmin(db: PrismaClient, email: string): Promise<{ email: string; password: string }> {
  const password = generatePassword();
  const normalisedEmail = email.trim().toLowerCase();
  await db.adminUser.create({
    data: { email: normalisedEmail, passwordHash: await hashPassword(password) },
  });
  return { email: normalisedEmail, password };
}

/** Draws and stores every image, then writes the catalogue in one transaction. */
async function createCatalogue(
  db: PrismaClient,
  catalogue: readonly DemoCategory[],
  options: SeedOptions,
  log: (message: string) => void,
): Promise<Omit<SeedResult, "orders" | "payouts">> {
  const jobs = imageJobs(catalogue);
  const productCount = catalogue.reduce((sum, c) => sum + c.products.length, 0);
  const concurrency = options.concurrency ?? DEFAULT_IMAGE_CONCURRENCY;
  log(`Drawing and storing ${jobs.length} images, ${concurrency} at a time…`);

  const storage =
    options.storage ??
    (options.uploadsPath === undefined
      ? uploadsStorage()
      : createUploadsStorage({ kind: "local", root: options.uploadsPath }));
  const stored: StoredImage[] = [];
  try {
    let done = 0;
    const step = Math.max(1, Math.ceil(jobs.length / 4));
    const images = await mapWithConcurrency(jobs, concurrency, async (job) => {
      const image = await storeImage(await job.render(), { alt: job.alt, storage });
      stored.push(image);
      done += 1;
      if (done % step === 0 || done === jobs.length) log(`  ${done}/${jobs.length} images`);
      return image;
    });

    log(`Saving ${catalogue.length} categories and ${productCount} products…`);
    await writeCatalogue(db, catalogue, images);
    log(`Created ${catalogue.length} categories, ${productCount} products and ${jobs.length} images.`);
  } catch (error) {
    await Promise.all(stored.map((image) => storage.removeImage(image.key)));
    throw error;
  }
  return { categories: catalogue.length, products: productCount, images: jobs.length };
}

/**
 * The images of the catalogue in a fixed order: for each category, its own image and then each
 * product's images in gallery order. `writeCatalogue` consumes them in the same order.
 * A product image that variants show is described with the values those variants share
 * ("Tara 1-Way Switch (White) — 2 gang").
 */
function imageJobs(catalogue: readonly DemoCategory[]): ImageJob[] {
  return catalogue.flatMap((category) => [
    { render: () => renderCategoryImage(category.image), alt: category.name },
    ...category.products.flatMap((product) =>
      product.images.map((spec, index) => ({
        render: () => renderProductImage(spec),
        alt: productImageAlt(lineItemName(product.name, sharedValuesLabel(product, index)), spec.view),
      })),
    ),
  ]);
}

/**
 * The label of the option values every variant showing image `index` of `product` has in common
 * (in option order), e.g. "White" for the white fan's picture; "" when no variant shows it.
 */
function sharedValuesLabel(product: DemoProduct, index: number): string {
  const showing = demoVariants(product).filter((variant) => variant.image === index);
  const first = showing[0];
  if (!first) return "";
  return variantLabel(first.values.filter((value, k) => showing.every((variant) => variant.values[k] === value)));
}

/**
 * A product's variants in combination order (the first option varies slowest), which is the
 * order of their positions.
 * @throws when a variant names values that are not one of each of the product's options, or two
 *   variants name the same combination.
 */
function variantsInOrder(product: DemoProduct) {
  const keys = combinations((product.options ?? []).map((option) => option.values.map((v) => v.value))).map((values) =>
    JSON.stringify(values),
  );
  const seen = new Set<number>();
  const ranked = demoVariants(product).map((variant) => {
    const rank = keys.indexOf(JSON.stringify(variant.values));
    if (rank === -1) throw new Error(`${product.name}: no combination ${variant.values.join(" / ")}.`);
    if (seen.has(rank)) throw new Error(`${product.name}: the combination ${variant.values.join(" / ")} twice.`);
    seen.add(rank);
    return { variant, rank };
  });
  return ranked.sort((a, b) => a.rank - b.rank).map(({ variant }) => variant);
}

/**
 * The demo shop's identity in Bangla, by the English text it translates: the shop starts with
 * those English texts (the SHOP_* defaults of app/config/env.server.ts and .env.example).
 */
const DEMO_SHOP_BANGLA = {
  name: { en: "Haat Lights & Decor", bn: "হাট লাইটস অ্যান্ড ডেকর" },
  tagline: { en: "Turn your space into a dream home", bn: "আপনার ঘরকে সাজিয়ে তুলুন স্বপ্নের মতো করে" },
  about: {
    en: "Premium supplier of lighting solutions, fans and electrical switches in Bangladesh.",
    bn: "বাংলাদেশে মানসম্মত লাইট, ফ্যান আর ইলেকট্রিক সুইচের বিশ্বস্ত সরবরাহকারী।",
  },
  address: {
    en: "Shop 14, Gulistan Shopping Complex, Gulistan, Dhaka 1000",
    bn: "দোকান ১৪, গুলিস্তান শপিং কমপ্লেক্স, গুলিস্তান, ঢাকা ১০০০",
  },
} as const;

/**
 * Fills in the shop's Bangla name, tagline, about text and address, each only where it is empty
 * and its English text is still the stock one of DEMO_SHOP_BANGLA: what an owner typed, in either
 * language, is never overwritten. Creates the settings row first when there is none, from the
 * SHOP_* values, as the server's first request would (`getShopSettings`).
 *
 * @returns how many Bangla texts were filled in (0 to 4).
 */
async function fillBanglaSettings(db: PrismaClient): Promise<number> {
  await getShopSettings();
  const { name, tagline, about, address } = DEMO_SHOP_BANGLA;
  // Each update checks both texts in its own WHERE, so an owner's save in between wins.
  const updates = [
    await db.shopSettings.updateMany({ where: { name: name.en, nameBn: "" }, data: { nameBn: name.bn } }),
    await db.shopSettings.updateMany({
      where: { tagline: tagline.en, taglineBn: "" },
      data: { taglineBn: tagline.bn },
    }),
    await db.shopSettings.updateMany({ where: { about: about.en, aboutBn: "" }, data: { aboutBn: about.bn } }),
    await db.shopSettings.updateMany({
      where: { address: address.en, addressBn: "" },
      data: { addressBn: address.bn },
    }),
  ];
  return updates.reduce((sum, update) => sum + update.count, 0);
}

/**
 * Writes every category, product (with its options, their values and its variants: one default
 * variant for a product without options) and image row in one transaction, after checking again
 * that the catalogue is still empty (another seed may have run meanwhile). A product's min and max
 * prices are those of its variants (`priceRangePaisa`).
 * @param images the stored images, in the order of `imageJobs(catalogue)`.
 */
async function writeCatalogue(
  db: PrismaClient,
  catalogue: readonly DemoCategory[],
  images: readonly StoredImage[],
): Promise<void> {
  await db.$transaction(
    async (tx) => {
      if (await hasCatalogue(tx)) {
        throw new Error("Another process created a catalogue while the demo images were drawn.");
      }
      let next = 0;
      const take = (): StoredImage => {
        const image = images[next];
        if (!image) throw new Error("Fewer stored images than the catalogue describes.");
        next += 1;
        return image;
      };
      for (const category of catalogue) {
        const categoryImage = await tx.image.create({ data: imageData(take()), select: { id: true } });
        const { id: categoryId } = await tx.category.create({
          data: {
            name: category.name,
            nameBn: category.nameBn,
            slug: slugify(category.name),
            imageId: categoryImage.id,
          },
        });
        for (const product of category.products) {
          const imageIds: number[] = [];
          for (let i = 0; i < product.images.length; i += 1) {
            imageIds.push((await tx.image.create({ data: imageData(take()), select: { id: true } })).id);
          }
          const variants = variantsInOrder(product);
          const range = priceRangePaisa(
            variants.map((variant) => ({
              pricePaisa: variant.pricePaisa,
              discountedPricePaisa: variant.discountedPricePaisa ?? null,
              isActive: variant.isActive ?? true,
            })),
          );
          const { id: productId } = await tx.product.create({
            data: {
              name: product.name,
              nameBn: product.nameBn,
              slug: slugify(product.name),
              handle: await availableHandle(tx, slugify(product.name), null),
              description: product.description,
              descriptionBn: product.descriptionBn,
              minPricePaisa: range.min,
              maxPricePaisa: range.max,
              isFeatured: product.isFeatured ?? false,
              trackStock: demoTracksStock(product),
              categoryId,
              images: { create: imageIds.map((imageId, position) => ({ imageId, position })) },
            },
            select: { id: true },
          });
          // The id of each option's values by English value, by option position.
          const valueIds: Map<string, number>[] = [];
          for (const [position, option] of (product.options ?? []).entries()) {
            const { values } = await tx.productOption.create({
              data: {
                productId,
                name: option.name,
                nameBn: option.nameBn,
                position,
                values: {
                  create: option.values.map((v, index) => ({ value: v.value, valueBn: v.valueBn, position: index })),
                },
              },
              select: { values: { select: { id: true, value: true } } },
            });
            valueIds.push(new Map(values.map((v) => [v.value, v.id])));
          }
          for (const [position, variant] of variants.entries()) {
            // variantsInOrder checked that the values are one of each option's.
            const ids = variant.values.map((value, index) => valueIds[index]!.get(value)!);
            let imageId: number | null = null;
            if (variant.image !== undefined) {
              const id = imageIds[variant.image];
              if (id === undefined) throw new Error(`${product.name}: no image ${variant.image} for a variant.`);
              imageId = id;
            }
            await tx.productVariant.create({
              data: {
                productId,
                option1ValueId: ids[0] ?? null,
                option2ValueId: ids[1] ?? null,
                option3ValueId: ids[2] ?? null,
                combinationKey: combinationKey(ids),
                sku: variant.sku ?? null,
                pricePaisa: variant.pricePaisa,
                discountedPricePaisa: variant.discountedPricePaisa ?? null,
                stockQuantity: variant.stockQuantity ?? 0,
                imageId,
                isActive: variant.isActive ?? true,
                position,
              },
            });
          }
        }
      }
    },
    { timeout: TRANSACTION_TIMEOUT_MS },
  );
}

/**
 * Maps `items` through `fn` with at most `limit` calls running at once; results keep the order
 * of `items`. On the first failure no new call starts; the calls already running are awaited,
 * then that first error is thrown.
 */
async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let nextIndex = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && nextIndex < items.length) {
      const index = nextIndex;
      nextIndex += 1;
      try {
        results[index] = await fn(items[index]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const workers = Math.max(1, Math.min(limit, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure) throw failure.error;
  return results;
}

/**
 * The product CSV import's database side (docs/decisions/049-product-import.md): the uploaded
 * files kept between the dry run and the import, matching a file's products to the shop's (by
 * handle, then by SKU), deciding what each would do (create, update, nothing), and writing them
 * in short transactions, a few products each, so that the shop keeps serving orders meanwhile and
 * a failure leaves no half-written product. Pictures whose address the shop does not already
 * have are queued (ProductImportImage) for the picture queue (./import-images.server.ts).
 */
import { Prisma } from "~/generated/prisma/client";
import type { ImportedProduct, ImportedVariant, RowProblem } from "~/rules/product-csv";
import { slugify } from "~/rules/slug";
import { optionProblems, skuKey, variantLabel, type OptionInput } from "~/rules/variants";
import { prisma } from "../../db/client.server";
import { dialect } from "../../db/dialect.server";
import { availableHandle, refreshPriceRange } from "../product.server";
import { displayOrder, liveVariantsSelect, optionsForEditing } from "../variant-selects.server";
import { writeOptions } from "../product-variants.server";
import { recordStockAdjustment, type StockActor } from "../stock.server";

// ---- Stored imports ----

/**
 * What an import did, kept as JSON on its row and shown on its result page. `done` of `total`
 * products have been through (the progress while it runs); `failed` are products a database error
 * kept out (the rest were written).
 */
export type ImportOutcome = {
  total: number;
  done: number;
  created: number;
  updated: number;
  unchanged: number;
  categoriesCreated: string[];
  failed: { row: number; handle: string; name: string }[];
  imagesQueued: number;
  /**
   * The person chose to keep the products this import creates hidden until they are checked
   * (`ImportOptions.hideNew`); absent on imports from before that choice existed.
   */
  newHidden?: boolean;
};

/** The outcome of an import of `total` products with `options` before it has written any. */
export function emptyOutcome(total: number, options: ImportOptions): ImportOutcome {
  return {
    total,
    done: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    categoriesCreated: [],
    failed: [],
    imagesQueued: 0,
    newHidden: options.hideNew,
  };
}

/**
 * A person's choices for one import. `hideNew`: products it creates are not shown in the shop
 * (whatever the file's status says), and products it updates keep being shown or hidden as they
 * are; a template's products (Shopify's arrive live and without pictures) are then checked before
 * customers see them.
 */
export type ImportOptions = { hideNew: boolean };

/** A stored import as its pages read it. */
export type StoredImport = {
  id: number;
  createdAt: Date;
  /** When it last changed (a running import saves its progress after each transaction). */
  updatedAt: Date;
  fileName: string;
  format: string;
  status: "checking" | "preview" | "importing" | "imported" | "stopped" | "discarded";
  csv: string;
  /** The stored dry run as JSON (app/server/catalogue/import/product-import.server.ts reads it); "" until it is worked out. */
  preview: string;
  outcome: ImportOutcome | null;
  importedAt: Date | null;
  createdBy: string | null;
};

/** How long a file that was checked but never imported is kept, in ms. */
const PREVIEW_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Keeps an uploaded file (its text, without a byte-order mark) for its dry run, as "checking" until
 * `savePreview` stores it; returns its id. Files checked more than a week ago and never imported
 * are let go (discarded) meanwhile, so the database does not keep every upload.
 */
export async function saveImportFile(
  createdById: number,
  file: { fileName: string; format: string; csv: string },
): Promise<number> {
  await prisma.productImport.updateMany({
    where: { status: { in: ["checking", "preview"] }, createdAt: { lt: new Date(Date.now() - PREVIEW_KEPT_MS) } },
    data: { status: "discarded", csv: "", preview: "" },
  });
  const row = await prisma.productImport.create({
    data: { createdById, ...file, status: "checking" },
    select: { id: true },
  });
  return row.id;
}

/**
 * The import with this id, or null. Its file (`csv`, up to 15 MB) is read only `withFile`, its
 * stored dry run only `withPreview`; "" otherwise.
 */
export async function getImport(
  id: number,
  { withFile = true, withPreview = false }: { withFile?: boolean; withPreview?: boolean } = {},
): Promise<StoredImport | null> {
  const row = await prisma.productImport.findUnique({
    where: { id },
    select: {
      id: true,
      createdAt: true,
      updatedAt: true,
      fileName: true,
      format: true,
      status: true,
      csv: withFile,
      preview: withPreview,
      outcome: true,
      importedAt: true,
      createdBy: { select: { email: true } },
    },
  });
  if (!row) return null;
  return {
    ...row,
    csv: row.csv ?? "",
    preview: row.preview ?? "",
    status: row.status as StoredImport["status"],
    outcome: row.outcome ? (JSON.parse(row.outcome) as ImportOutcome) : null,
    createdBy: row.createdBy?.email ?? null,
  };
}

/** The latest imports (newest first), without their files: the import page's history. */
export async function listRecentImports(take = 10) {
  const rows = await prisma.productImport.findMany({
    orderBy: { id: "desc" },
    take,
    select: { id: true, createdAt: true, fileName: true, status: true, outcome: true, importedAt: true },
  });
  return rows.map((row) => ({
    ...row,
    outcome: row.outcome ? (JSON.parse(row.outcome) as ImportOutcome) : null,
  }));
}

/**
 * How long a running import may go without saving progress before it counts as stopped (its
 * process ended): a transaction of products takes well under a second.
 */
export const IMPORT_STALLED_MS = 2 * 60 * 1000;

/**
 * Marks a previewed import as running, once, and only while no other import runs (two imports of
 * one file at once would each create its products): "claimed" for the one request that does it,
 * "busy" while another import is running, "done" when it is not a preview any more, so a
 * confirmation sent twice imports once.
 */
export async function claimImport(id: number, outcome: ImportOutcome): Promise<"claimed" | "busy" | "done"> {
  return prisma.$transaction(async (tx) => {
    const running = await tx.productImport.count({
      where: { status: "importing", id: { not: id }, updatedAt: { gt: new Date(Date.now() - IMPORT_STALLED_MS) } },
    });
    if (running > 0) return "busy";
    const claimed = await tx.productImport.updateMany({
      where: { id, status: "preview" },
      data: { status: "importing", outcome: JSON.stringify(outcome) },
    });
    return claimed.count === 1 ? "claimed" : "done";
  });
}

/**
 * Marks a running import as stopped by an error (its products so far are written), or an import
 * whose dry run could not be worked out; its file is let go.
 */
export async function stopImport(id: number): Promise<void> {
  await prisma.productImport.updateMany({
    where: { id, status: { in: ["checking", "importing"] } },
    data: { status: "stopped", csv: "" },
  });
}

/** Saves a running import's progress. */
export async function saveImportProgress(id: number, outcome: ImportOutcome): Promise<void> {
  await prisma.productImport.update({ where: { id }, data: { outcome: JSON.stringify(outcome) } });
}

/** Marks an import as done with its outcome; its file is let go (the products hold what it said). */
export async function finishImport(id: number, outcome: ImportOutcome): Promise<void> {
  await prisma.productImport.update({
    where: { id },
    data: { status: "imported", outcome: JSON.stringify(outcome), csv: "", preview: "", importedAt: new Date() },
  });
}

/**
 * Stores the dry run `preview` (JSON) of import `id` and shows it (status "preview"), unless the
 * import was discarded or started meanwhile; false then.
 */
export async function savePreview(id: number, preview: string): Promise<boolean> {
  const saved = await prisma.productImport.updateMany({
    where: { id, status: { in: ["checking", "preview"] } },
    data: { status: "preview", preview },
  });
  return saved.count === 1;
}

/**
 * Marks a previewed import as being checked again (its stored dry run stays until the new one
 * replaces it), or one whose check has not moved for IMPORT_STALLED_MS (its process ended); false
 * otherwise (being checked, started, done or discarded).
 */
export async function markChecking(id: number): Promise<boolean> {
  const stalled = new Date(Date.now() - IMPORT_STALLED_MS);
  const marked = await prisma.productImport.updateMany({
    where: { id, OR: [{ status: "preview" }, { status: "checking", updatedAt: { lt: stalled } }] },
    data: { status: "checking" },
  });
  return marked.count === 1;
}

/** Drops a file not imported yet (checking or previewed) without importing it; false when it was neither. */
export async function discardImport(id: number): Promise<boolean> {
  const discarded = await prisma.productImport.updateMany({
    where: { id, status: { in: ["checking", "preview"] } },
    data: { status: "discarded", csv: "", preview: "" },
  });
  return discarded.count === 1;
}

// ---- Matching a file to the shop ----

const storedSelect = {
  id: true,
  name: true,
  nameBn: true,
  slug: true,
  description: true,
  descriptionBn: true,
  brand: true,
  categoryId: true,
  isPublished: true,
  isFeatured: true,
  trackStock: true,
  options: optionsForEditing,
  variants: liveVariantsSelect,
  images: {
    orderBy: displayOrder,
    select: { imageId: true, position: true, image: { select: { key: true, sourceUrl: true } } },
  },
} satisfies Prisma.ProductSelect;

type StoredProduct = Prisma.ProductGetPayload<{ select: typeof storedSelect }>;

/** What the import will do with one product of the file. */
export type PlannedProduct = {
  product: ImportedProduct;
  action: "create" | "update" | "unchanged";
  /** The shop's product it updates; null for a new one. */
  productId: number | null;
  /** How it was found: by handle or by SKU; null for a new one. */
  matchedBy: "handle" | "sku" | null;
  /**
   * How many of its pictures the import would fetch: none for an unchanged product; for the others
   * those the shop does not have and that are not already queued or failed for this product (a
   * failed one is fetched again by "Try again" on its import's page, not by importing the file again).
   */
  picturesToFetch: number;
};

/** The dry run of a file's products against the shop. */
export type ImportPlan = {
  planned: PlannedProduct[];
  /** Problems found against the shop (SKUs), each keeping its product out. */
  problems: RowProblem[];
  /** Category names the import will create. */
  newCategories: string[];
};

/**
 * The key an option value is compared by: trimmed, spaces collapsed, lowercased (as
 * app/rules/variants.ts compares values for "listed twice").
 */
function textKey(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/** The key of a combination of option values (in option order). */
function combinationOf(values: readonly string[]): string {
  return values.map(textKey).join("\u0000");
}

/** The upload key of an address of one of this shop's pictures ("…/uploads/<key>/<width>.webp"), else null. */
function ownImageKey(url: string): string | null {
  const match = /\/uploads\/([a-f0-9]{32})\/\d{1,5}\.webp(?:[?#].*)?$/.exec(url);
  return match ? match[1]! : null;
}

/**
 * The shop's images that the addresses `urls` already stand for: this shop's own picture
 * addresses (its export) by upload key, and pictures imported before by their source address.
 * Returns address → Image id.
 */
async function knownImages(db: Prisma.TransactionClient, urls: readonly string[]): Promise<Map<string, number>> {
  const known = new Map<string, number>();
  const unique = [...new Set(urls)];
  for (let start = 0; start < unique.length; start += 500) {
    const chunk = unique.slice(start, start + 500);
    const keys = chunk.flatMap((url) => ownImageKey(url) ?? []);
    const rows = await db.image.findMany({
      where: { OR: [{ key: { in: keys } }, { sourceUrl: { in: chunk } }] },
      orderBy: { id: "asc" },
      select: { id: true, key: true, sourceUrl: true },
    });
    for (const url of chunk) {
      const key = ownImageKey(url);
      const row = rows.find((image) => (key !== null && image.key === key) || image.sourceUrl === url);
      if (row) known.set(url, row.id);
    }
  }
  return known;
}

/**
 * Finds the shop's product for each of the file's, by handle first (exactly, as stored), then by
 * a SKU of its variants (case-insensitively, all of them pointing at one product no other file
 * product claimed). Also refuses SKUs given twice in the file or belonging to another product of
 * the shop.
 */
async function matchProducts(
  db: Prisma.TransactionClient,
  products: readonly ImportedProduct[],
): Promise<{ matches: Map<ImportedProduct, { id: number; by: "handle" | "sku" }>; problems: RowProblem[] }> {
  const matches = new Map<ImportedProduct, { id: number; by: "handle" | "sku" }>();
  const problems: RowProblem[] = [];
  const byHandle = new Map<string, number>();
  const handles = products.map((product) => product.handle);
  for (let start = 0; start < handles.length; start += 500) {
    const rows = await db.product.findMany({
      where: { handle: { in: handles.slice(start, start + 500) } },
      select: { id: true, handle: true },
    });
    for (const row of rows) byHandle.set(row.handle!, row.id);
  }
  const skuOwner = new Map<string, { productId: number; name: string }>();
  const skus = [
    ...new Set(products.flatMap((product) => product.variants.flatMap((v) => (v.sku ? [skuKey(v.sku)] : [])))),
  ];
  for (let start = 0; start < skus.length; start += 500) {
    const chunk = skus.slice(start, start + 500);
    const rows = await db.$queryRaw<{ sku: string; productId: number | bigint; name: string }[]>`
      SELECT lower(v."sku") AS "sku", v."productId" AS "productId", p."name" AS "name"
      FROM "ProductVariant" v JOIN "Product" p ON p."id" = v."productId"
      WHERE lower(v."sku") IN (${Prisma.join(chunk)})`;
    for (const row of rows) skuOwner.set(row.sku, { productId: Number(row.productId), name: row.name });
  }

  const claimed = new Set<number>();
  for (const product of products) {
    const id = byHandle.get(product.handle);
    if (id !== undefined && !claimed.has(id)) {
      matches.set(product, { id, by: "handle" });
      claimed.add(id);
    }
  }
  for (const product of products) {
    if (matches.has(product)) continue;
    const owners = new Set(
      product.variants.flatMap((v) => (v.sku ? [skuOwner.get(skuKey(v.sku))?.productId ?? -1] : [])),
    );
    owners.delete(-1);
    const [owner] = [...owners];
    if (owners.size === 1 && owner !== undefined && !claimed.has(owner)) {
      matches.set(product, { id: owner, by: "sku" });
      claimed.add(owner);
    }
  }

  const inFile = new Map<string, ImportedProduct>();
  for (const product of products) {
    for (const variant of product.variants) {
      if (!variant.sku) continue;
      const key = skuKey(variant.sku);
      const earlier = inFile.get(key);
      if (earlier) {
        problems.push({
          row: variant.row,
          column: null,
          code: "skuTwiceInFile",
          severity: "error",
          value: variant.sku,
        });
        if (earlier !== product) continue;
      }
      inFile.set(key, product);
      const owner = skuOwner.get(key);
      if (owner && owner.productId !== matches.get(product)?.id) {
        problems.push({
          row: variant.row,
          column: null,
          code: "skuTaken",
          severity: "error",
          value: `${variant.sku} (${owner.name})`,
        });
      }
    }
  }
  return { matches, problems };
}

/**
 * The addresses of the pictures queued, being fetched or failed for each of the products
 * `productIds` (by any import): an import does not queue them again.
 */
async function queuedPictures(
  db: Prisma.TransactionClient,
  productIds: readonly number[],
): Promise<Map<number, Set<string>>> {
  const queued = new Map<number, Set<string>>();
  for (let start = 0; start < productIds.length; start += 500) {
    const rows = await db.productImportImage.findMany({
      where: {
        productId: { in: productIds.slice(start, start + 500) },
        status: { in: ["pending", "fetching", "failed"] },
      },
      select: { productId: true, url: true },
    });
    for (const row of rows) {
      const urls = queued.get(row.productId) ?? new Set<string>();
      urls.add(row.url);
      queued.set(row.productId, urls);
    }
  }
  return queued;
}

/**
 * Whether the shop's product already is what the file says: every field the file carries (its
 * shown state unless `options.hideNew`, which keeps an updated product's), the options and their
 * values in order, each variant's SKU, prices, stock (when counted), switch and picture, and the
 * pictures the shop has (each among the product's, in the file's order). A picture the shop does
 * not have is a change unless it is among `queued` (already queued or failed for this product:
 * the import would not fetch it).
 */
function isUnchanged(
  file: ImportedProduct,
  stored: StoredProduct,
  categoryId: number | null,
  imageIdOf: (url: string) => number | undefined,
  queued: ReadonlySet<string>,
  options: ImportOptions,
): boolean {
  if (
    stored.name !== file.name ||
    !sameText(stored.description, file.description) ||
    stored.categoryId !== categoryId ||
    (!options.hideNew && stored.isPublished !== file.isPublished) ||
    stored.trackStock !== file.trackStock ||
    (file.nameBn !== undefined && file.nameBn !== stored.nameBn) ||
    (file.descriptionBn !== undefined && !sameText(file.descriptionBn, stored.descriptionBn)) ||
    (file.brand !== undefined && file.brand !== stored.brand) ||
    (file.isFeatured !== undefined && file.isFeatured !== stored.isFeatured)
  ) {
    return false;
  }
  if (!sameOptions(file, stored)) return false;
  const texts = valueTexts(stored);
  const fileVariants = new Map(file.variants.map((variant) => [combinationOf(variant.values), variant]));
  for (const variant of stored.variants) {
    const values = [variant.option1ValueId, variant.option2ValueId, variant.option3ValueId]
      .slice(0, stored.options.length)
      .map((id) => (id === null ? "" : (texts.get(id) ?? "")));
    const wanted = fileVariants.get(combinationOf(values));
    fileVariants.delete(combinationOf(values));
    if (!wanted) {
      if (variant.isActive) return false;
      continue;
    }
    if (
      (wanted.sku ?? null) !== (variant.sku ?? null) ||
      wanted.pricePaisa !== variant.pricePaisa ||
      wanted.discountedPricePaisa !== variant.discountedPricePaisa ||
      wanted.isActive !== variant.isActive ||
      (file.trackStock && wanted.stockQuantity !== variant.stockQuantity) ||
      (wanted.imageUrl === null
        ? variant.imageId !== null
        : imageIdOf(wanted.imageUrl) !== undefined && imageIdOf(wanted.imageUrl) !== variant.imageId)
    ) {
      return false;
    }
  }
  if (fileVariants.size > 0) return false;
  // Pictures the shop has are compared; one it does not have is a change unless it was queued
  // already (waiting, or failed: "Try again" fetches those).
  const linked = stored.images.map((link) => link.imageId);
  let previous = -1;
  for (const url of file.imageUrls) {
    const id = imageIdOf(url);
    if (id === undefined) {
      if (!queued.has(url)) return false;
      continue;
    }
    const index = linked.indexOf(id);
    if (index <= previous) return false;
    previous = index;
  }
  return true;
}

/**
 * Whether two descriptions read the same: line ends, spaces at the ends of lines and runs of blank
 * lines aside (a form saves Windows line ends; a file's HTML keeps neither those spaces nor blank
 * runs), so a description round-tripped through a file is not a change.
 */
function sameText(a: string, b: string): boolean {
  const plain = (text: string) =>
    text
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => line.trim())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
  return plain(a) === plain(b);
}

/** Option value id → its English text, for a stored product. */
function valueTexts(stored: StoredProduct): Map<number, string> {
  return new Map(stored.options.flatMap((option) => option.values.map((value) => [value.id, value.value] as const)));
}

/** Whether the stored options are the file's: same names and values in the same order (Bangla where the file has it). */
function sameOptions(file: ImportedProduct, stored: StoredProduct): boolean {
  if (file.options.length !== stored.options.length) return false;
  return file.options.every((option, index) => {
    const current = stored.options[index]!;
    const values = file.optionValues[index]!;
    return (
      option.name === current.name &&
      (option.nameBn === undefined || option.nameBn === current.nameBn) &&
      values.length === current.values.length &&
      values.every(
        (value, position) =>
          value.value === current.values[position]!.value &&
          (value.valueBn === undefined || value.valueBn === current.values[position]!.valueBn),
      )
    );
  });
}

/** The shop's categories by name (English and Bangla, compared by `textKey`) → id. */
async function categoryIndex(db: Prisma.TransactionClient): Promise<Map<string, number>> {
  const rows = await db.category.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, nameBn: true } });
  const index = new Map<string, number>();
  for (const row of rows) {
    if (!index.has(textKey(row.name))) index.set(textKey(row.name), row.id);
    if (row.nameBn && !index.has(textKey(row.nameBn))) index.set(textKey(row.nameBn), row.id);
  }
  return index;
}

/** Loads the stored products with these ids, by id. */
async function loadStored(db: Prisma.TransactionClient, ids: readonly number[]): Promise<Map<number, StoredProduct>> {
  const stored = new Map<number, StoredProduct>();
  for (let start = 0; start < ids.length; start += 200) {
    const rows = await db.product.findMany({
      where: { id: { in: ids.slice(start, start + 200) } },
      select: storedSelect,
    });
    for (const row of rows) stored.set(row.id, row);
  }
  return stored;
}

/**
 * The dry run: what importing `products` would do to the shop as it is now, with `options`,
 * without writing. Products with a SKU problem against the shop or the file are left out of
 * `planned` (their problems say why).
 */
export async function planImport(
  products: readonly ImportedProduct[],
  options: ImportOptions = { hideNew: false },
): Promise<ImportPlan> {
  const { matches, problems } = await matchProducts(prisma, products);
  const refused = new Set(problems.map((problem) => problem.row));
  const categories = await categoryIndex(prisma);
  const matchedIds = [...matches.values()].map((match) => match.id);
  const stored = await loadStored(prisma, matchedIds);
  const queued = await queuedPictures(prisma, matchedIds);
  const known = await knownImages(
    prisma,
    products.flatMap((product) => product.imageUrls),
  );
  const newCategories = new Map<string, string>();
  const planned: PlannedProduct[] = [];
  for (const product of products) {
    if (product.variants.some((variant) => refused.has(variant.row))) continue;
    const categoryName = product.category?.name ?? null;
    const match = matches.get(product);
    const current = match ? stored.get(match.id) : undefined;
    // A file without a category keeps the product's (a new product has none).
    const categoryId =
      categoryName === null ? (current?.categoryId ?? null) : (categories.get(textKey(categoryName)) ?? null);
    if (categoryName !== null && categoryId === null && !newCategories.has(textKey(categoryName))) {
      newCategories.set(textKey(categoryName), categoryName);
    }
    const queuedHere = (current && queued.get(current.id)) || new Set<string>();
    const unchanged =
      current !== undefined &&
      (categoryName === null || categoryId !== null) &&
      isUnchanged(product, current, categoryId, (url) => known.get(url), queuedHere, options);
    planned.push({
      product,
      action: !current ? "create" : unchanged ? "unchanged" : "update",
      productId: current?.id ?? null,
      matchedBy: current ? match!.by : null,
      picturesToFetch: unchanged
        ? 0
        : new Set(product.imageUrls.filter((url) => !known.has(url) && !queuedHere.has(url))).size,
    });
  }
  return { planned, problems, newCategories: [...newCategories.values()] };
}

// ---- Writing ----

/** Products written per transaction: short enough that orders wait at most a moment behind one. */
const PRODUCTS_PER_TRANSACTION = 20;

/**
 * How long one transaction of products may take, in ms (Prisma's default is 5 s): a batch takes
 * about 0.15 s here, but a slow disk must not turn every batch into one-product retries.
 */
const TRANSACTION_TIMEOUT_MS = 30_000;

/** A stored variant beside the file's variant of the same combination (null: the file does not list it). */
type VariantRow = { variant: StoredProduct["variants"][number]; values: string[]; wanted: ImportedVariant | null };

/** The stored product's live variants, each with its values' English texts and the file's variant of that combination. */
function storedVariantRows(stored: StoredProduct, file: ImportedProduct): VariantRow[] {
  const texts = valueTexts(stored);
  const fileVariants = new Map(file.variants.map((variant) => [combinationOf(variant.values), variant]));
  return stored.variants.map((variant) => {
    const values = [variant.option1ValueId, variant.option2ValueId, variant.option3ValueId]
      .slice(0, stored.options.length)
      .map((id) => (id === null ? "" : (texts.get(id) ?? "")));
    return { variant, values, wanted: fileVariants.get(combinationOf(values)) ?? null };
  });
}

/**
 * The file's pictures of product `productId`: each the shop has (`known`) is linked to it when it
 * is not yet (after its pictures); each it does not have is queued on import `importId` with the
 * variants that show it, unless it is already queued or failed for this product (a failed picture
 * is fetched again by `retryImportImages`, not by importing the file again). Returns how many were
 * queued.
 */
async function queuePictures(
  tx: Prisma.TransactionClient,
  importId: number,
  file: ImportedProduct,
  productId: number,
  known: Map<string, number>,
  rows: readonly VariantRow[],
): Promise<number> {
  const links = await tx.productImage.findMany({ where: { productId }, select: { imageId: true, position: true } });
  const linked = new Set(links.map((link) => link.imageId));
  let nextPosition = links.reduce((max, link) => Math.max(max, link.position + 1), 0);
  const waiting = (await queuedPictures(tx, [productId])).get(productId) ?? new Set<string>();
  let queued = 0;
  for (const [position, url] of file.imageUrls.entries()) {
    const imageId = known.get(url);
    if (imageId !== undefined) {
      if (!linked.has(imageId)) {
        await tx.productImage.create({ data: { productId, imageId, position: nextPosition++ } });
        linked.add(imageId);
      }
      continue;
    }
    if (waiting.has(url)) continue;
    await tx.productImportImage.create({
      data: {
        importId,
        productId,
        productName: file.name,
        url,
        position,
        variantIds: rows
          .filter((row) => row.wanted?.imageUrl === url)
          .map((row) => row.variant.id)
          .join(","),
      },
    });
    queued += 1;
  }
  return queued;
}

/**
 * Imports `products` (already read and checked) for `actor` with `options`, in transactions of
 * PRODUCTS_PER_TRANSACTION products, matching them to the shop again first (it may have changed
 * since the dry run). A product whose transaction fails is written again alone; one that still
 * fails is listed in `failed` and nothing of it remains. `onProgress` is called after each
 * transaction with the outcome so far; then the other writers of the database get their turn
 * (`Dialect.betweenWriteTransactions`: on SQLite the run holds the one write lock about half the time). Pictures the shop does not have yet are queued on the
 * import `importId` for fetching (`queuePictures`); an unchanged product has none to queue.
 */
export async function importProducts(
  importId: number,
  products: readonly ImportedProduct[],
  actor: NonNullable<StockActor>,
  onProgress: (outcome: ImportOutcome) => Promise<void>,
  options: ImportOptions = { hideNew: false },
): Promise<ImportOutcome> {
  const plan = await planImport(products, options);
  const outcome = emptyOutcome(plan.planned.length, options);
  const writes = plan.planned.filter((entry) => entry.action !== "unchanged");
  outcome.unchanged = outcome.done = plan.planned.length - writes.length;
  for (let start = 0; start < writes.length; start += PRODUCTS_PER_TRANSACTION) {
    const batch = writes.slice(start, start + PRODUCTS_PER_TRANSACTION);
    const startedAt = performance.now();
    let retried = false;
    try {
      const results = await prisma.$transaction((tx) => writeBatch(tx, importId, batch, actor, options), {
        timeout: TRANSACTION_TIMEOUT_MS,
      });
      tally(outcome, results);
    } catch {
      retried = true;
      for (const entry of batch) {
        const retriedAt = performance.now();
        try {
          tally(
            outcome,
            await prisma.$transaction((tx) => writeBatch(tx, importId, [entry], actor, options), {
              timeout: TRANSACTION_TIMEOUT_MS,
            }),
          );
        } catch {
          outcome.failed.push({ row: entry.product.row, handle: entry.product.handle, name: entry.product.name });
        }
        await dialect.betweenWriteTransactions(performance.now() - retriedAt);
      }
    }
    outcome.done += batch.length;
    await onProgress(outcome);
    if (!retried) await dialect.betweenWriteTransactions(performance.now() - startedAt);
  }
  return outcome;
}

type WriteResult = { action: "create" | "update"; categoryCreated: string | null; imagesQueued: number };

function tally(outcome: ImportOutcome, results: readonly WriteResult[]) {
  for (const result of results) {
    if (result.action === "create") outcome.created += 1;
    else outcome.updated += 1;
    if (result.categoryCreated) outcome.categoriesCreated.push(result.categoryCreated);
    outcome.imagesQueued += result.imagesQueued;
  }
}

async function writeBatch(
  tx: Prisma.TransactionClient,
  importId: number,
  batch: readonly PlannedProduct[],
  actor: NonNullable<StockActor>,
  options: ImportOptions,
): Promise<WriteResult[]> {
  const categories = await categoryIndex(tx);
  const known = await knownImages(
    tx,
    batch.flatMap((entry) => entry.product.imageUrls),
  );
  const results: WriteResult[] = [];
  for (const entry of batch) {
    let categoryCreated: string | null = null;
    // A file without a category keeps the product's (undefined: the write leaves it).
    let categoryId: number | null | undefined = entry.productId === null ? null : undefined;
    if (entry.product.category) {
      const key = textKey(entry.product.category.name);
      categoryId = categories.get(key) ?? null;
      if (categoryId === null) {
        categoryId = await createCategory(tx, entry.product.category.name, entry.product.category.nameBn ?? "");
        categories.set(key, categoryId);
        categoryCreated = entry.product.category.name;
      }
    }
    const queued = await writeProduct(tx, importId, entry, categoryId, actor, known, options);
    results.push({
      action: entry.productId === null ? "create" : "update",
      categoryCreated,
      imagesQueued: queued,
    });
  }
  return results;
}

/** Creates a category named `name` with a slug of its own ("<slug>-2"… when taken); returns its id. */
async function createCategory(tx: Prisma.TransactionClient, name: string, nameBn: string): Promise<number> {
  const base = slugify(name) || "category";
  let slug = base;
  for (let suffix = 2; await tx.category.findUnique({ where: { slug }, select: { id: true } }); suffix++) {
    slug = `${base}-${suffix}`;
  }
  return (await tx.category.create({ data: { name, nameBn, slug }, select: { id: true } })).id;
}

/**
 * Writes one product as its file says, inside `tx`: its fields (a field the format does not carry
 * is kept), its options (given through `writeOptions`, which keeps, retires or deletes variants as
 * the options form does), then each variant's SKU, prices, switch, stock (recorded in the stock
 * ledger as counted by `actor`) and picture; combinations the file does not list are switched
 * off. Pictures the shop has are linked at once; the others are queued on import `importId`
 * (`queuePictures`; returns how many). Pictures the product has and the file does not are kept.
 * With `options.hideNew` a new product is hidden and an updated one keeps its shown state.
 */
async function writeProduct(
  tx: Prisma.TransactionClient,
  importId: number,
  entry: PlannedProduct,
  categoryId: number | null | undefined,
  actor: NonNullable<StockActor>,
  known: Map<string, number>,
  options: ImportOptions,
): Promise<number> {
  const file = entry.product;
  const isNew = entry.productId === null;
  const fields = {
    name: file.name,
    slug: slugify(file.name) || "product",
    description: file.description,
    ...(categoryId === undefined ? {} : { categoryId }),
    ...(!options.hideNew ? { isPublished: file.isPublished } : isNew ? { isPublished: false } : {}),
    trackStock: file.trackStock,
    ...(file.nameBn !== undefined ? { nameBn: file.nameBn } : {}),
    ...(file.descriptionBn !== undefined ? { descriptionBn: file.descriptionBn } : {}),
    ...(file.brand !== undefined ? { brand: file.brand } : {}),
    ...(file.isFeatured !== undefined ? { isFeatured: file.isFeatured } : {}),
  };
  let productId: number;
  if (entry.productId === null) {
    const handle = await availableHandle(tx, file.handle, null);
    productId = (await tx.product.create({ data: { ...fields, handle }, select: { id: true } })).id;
  } else {
    productId = entry.productId;
    await tx.product.update({ where: { id: productId }, data: fields });
  }
  const before = (await loadStored(tx, [productId])).get(productId)!;
  const wasTracking = entry.productId === null ? false : before.trackStock;

  if (entry.productId === null || !sameOptions(file, before)) {
    const inputs: OptionInput[] = file.options.map((option, index) => {
      const current = before.options.find((candidate) => textKey(candidate.name) === textKey(option.name));
      return {
        id: current?.id ?? null,
        name: option.name,
        nameBn: option.nameBn ?? current?.nameBn ?? "",
        values: file.optionValues[index]!.map((value) => {
          const stored = current?.values.find((candidate) => textKey(candidate.value) === textKey(value.value));
          return { id: stored?.id ?? null, value: value.value, valueBn: value.valueBn ?? stored?.valueBn ?? "" };
        }),
      };
    });
    // The readers checked the options already; this is the same rule the options form enforces.
    const problems = optionProblems(inputs);
    if (problems.length > 0) throw new Error(`Options refused: ${problems.map((problem) => problem.code).join(", ")}`);
    await writeOptions(tx, productId, inputs);
  }

  const now = (await loadStored(tx, [productId])).get(productId)!;
  const imageIdOf = (url: string | null): number | null => {
    if (url === null) return null;
    const id = known.get(url);
    return id !== undefined ? id : null;
  };
  const rows = storedVariantRows(now, file);
  // SKUs that change are let go first: two variants may swap theirs (the index is unique).
  for (const { variant, wanted } of rows) {
    if (variant.sku !== null && (wanted?.sku ?? null) !== variant.sku) {
      await tx.productVariant.update({ where: { id: variant.id }, data: { sku: null } });
    }
  }
  for (const { variant, values, wanted } of rows) {
    const stockQuantity = file.trackStock ? (wanted?.stockQuantity ?? 0) : variant.stockQuantity;
    const imageId = wanted ? imageIdOf(wanted.imageUrl) : variant.imageId;
    await tx.productVariant.update({
      where: { id: variant.id },
      data: wanted
        ? {
            sku: wanted.sku,
            pricePaisa: wanted.pricePaisa,
            discountedPricePaisa: wanted.discountedPricePaisa,
            isActive: wanted.isActive,
            stockQuantity,
            imageId,
          }
        : { isActive: false, stockQuantity },
    });
    const previous = wasTracking ? variant.stockQuantity : 0;
    if (file.trackStock && stockQuantity !== previous) {
      await recordStockAdjustment(
        tx,
        { id: variant.id, productId, productName: file.name, label: variantLabel(values) },
        stockQuantity - previous,
        stockQuantity,
        actor,
      );
    }
  }

  const queued = await queuePictures(tx, importId, file, productId, known, rows);
  await refreshPriceRange(tx, productId);
  return queued;
}

/**
 * The product CSV import at size (run: `npm run bench:import`), on a fresh database, pictures aside:
 * a Shopify file of BENCH_IMPORT_ROWS rows (default 5,000: a quarter simple products, the rest
 * products of 1 option × 5 values, every variant counting stock) is read and checked (the dry
 * run), imported, then imported again (every product unchanged). Prints each step in seconds, and
 * beside the import a plain reference in the same run: the same products, options, values and
 * variants inserted with better-sqlite3's prepared statements in one transaction, the least any
 * import of these rows costs on this machine. Asserts nothing: the goal (under a minute for 5,000
 * rows) is read here, not in a test.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { freshBenchShop } from "./bench-env";

const dir = await freshBenchShop("haat-bench-import-");

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const { applyMigrations } = await import("../db/migrate.mjs");
await applyMigrations({ databasePath: path.join(dir, "reference.db"), log: () => {} });

/** The file: simple products first, then products with five sizes, until ROWS rows. */
function shopifyFile(): { csv: string; products: number } {
  const lines = [
    "Handle,Title,Body (HTML),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Variant Compare At Price,Status",
  ];
  let products = 0;
  const simple = Math.floor(ROWS / 4);
  for (let i = 0; i < simple; i++, products++) {
    lines.push(
      `bulb-${i},LED bulb ${i},<p>A bulb.</p>,Walton,Lighting,Title,Default Title,BULB-${i},shopify,${i % 50},${120 + (i % 80)}.00,,active`,
    );
  }
  for (let i = 0; lines.length <= ROWS; i++, products++) {
    for (const [index, size] of ["36″", "42″", "48″", "52″", "56″"].entries()) {
      if (lines.length > ROWS) break;
      const first = index === 0;
      lines.push(
        `fan-${i},${first ? `Ceiling fan ${i}` : ""},${first ? "<p>Copper motor.</p>" : ""},${first ? "Walton" : ""},${first ? "Fans" : ""},${first ? "Size" : ""},${size},FAN-${i}-${index},shopify,${(i + index) % 20},${3000 + index * 200}.00,${index === 4 ? "4500.00" : ""},${first ? "active" : ""}`,
      );
    }
  }
  return { csv: lines.join("\n"), products };
}

const { csv, products } = shopifyFile();
const { prisma } = await import("../../app/models/db/client.server");
const { readProductCsv } = await import("../../app/server/catalogue/import/csv-read.server");
const { readShopifyProducts } = await import("../../app/server/catalogue/import/csv-shopify.server");
const { planImport } = await import("../../app/models/catalogue/import/import-plan.server");
const { importProducts } = await import("../../app/models/catalogue/import/import-writing.server");
const admin = await prisma.adminUser.create({ data: { email: "bench@haat.example", passwordHash: "x" } });
const actor = { id: admin.id, email: admin.email };

async function seconds<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, (performance.now() - start) / 1000];
}

const [read, readTime] = await seconds(async () => {
  const table = readProductCsv(new TextEncoder().encode(csv));
  if (!table.ok) throw new Error(JSON.stringify(table.problem));
  return readShopifyProducts(table.table);
});
const [, planTime] = await seconds(() => planImport(read.products));
const imports = await prisma.productImport.create({ data: { fileName: "bench.csv", format: "shopify", csv: "" } });
const [first, importTime] = await seconds(() => importProducts(imports.id, read.products, actor, async () => {}));
const [again, againTime] = await seconds(() => importProducts(imports.id, read.products, actor, async () => {}));

/** The same rows inserted with plain prepared statements in one transaction (no checks, no ledger). */
async function reference(): Promise<number> {
  const Database = (await import("better-sqlite3")).default;
  const db = new Database(path.join(dir, "reference.db"));
  db.pragma("journal_mode = WAL");
  const start = performance.now();
  const insertCategory = db.prepare(`INSERT INTO Category (name, slug, updatedAt) VALUES (?, ?, 0)`);
  const insertProduct = db.prepare(
    `INSERT INTO Product (name, slug, handle, description, categoryId, trackStock, minPricePaisa, maxPricePaisa, updatedAt) VALUES (?, ?, ?, ?, ?, 1, ?, ?, 0)`,
  );
  const insertOption = db.prepare(`INSERT INTO ProductOption (productId, name, position) VALUES (?, ?, 0)`);
  const insertValue = db.prepare(`INSERT INTO ProductOptionValue (optionId, value, position) VALUES (?, ?, ?)`);
  const insertVariant = db.prepare(
    `INSERT INTO ProductVariant (productId, option1ValueId, combinationKey, sku, pricePaisa, discountedPricePaisa, stockQuantity, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    const categories = new Map<string, number | bigint>();
    for (const product of read.products) {
      const name = product.category!.name;
      if (!categories.has(name)) categories.set(name, insertCategory.run(name, name.toLowerCase()).lastInsertRowid);
      const id = insertProduct.run(
        product.name,
        product.handle,
        product.handle,
        product.description,
        categories.get(name)!,
        0,
        0,
      ).lastInsertRowid;
      const values: (number | bigint)[] = [];
      if (product.options.length > 0) {
        const option = insertOption.run(id, product.options[0]!.name).lastInsertRowid;
        for (const [position, value] of product.optionValues[0]!.entries())
          values.push(insertValue.run(option, value.value, position).lastInsertRowid);
      }
      for (const [position, variant] of product.variants.entries()) {
        const valueId = values[position] ?? null;
        insertVariant.run(
          id,
          valueId,
          valueId === null ? "" : String(valueId),
          variant.sku,
          variant.pricePaisa,
          variant.discountedPricePaisa,
          variant.stockQuantity ?? 0,
          position,
        );
      }
    }
  })();
  const elapsed = (performance.now() - start) / 1000;
  db.close();
  return elapsed;
}
const referenceTime = await reference();

const counts = {
  products: await prisma.product.count(),
  variants: await prisma.productVariant.count(),
  ledger: await prisma.stockMovement.count(),
};
console.log(`Product CSV import, ${ROWS} rows (${products} products), pictures aside, ${os.cpus().length} cores`);
console.log(`  read and check the file     ${readTime.toFixed(2)} s`);
console.log(`  dry run against the shop     ${planTime.toFixed(2)} s`);
console.log(
  `  import                       ${importTime.toFixed(2)} s  (created ${first.created}, failed ${first.failed.length})`,
);
console.log(`  import again (unchanged)     ${againTime.toFixed(2)} s  (unchanged ${again.unchanged})`);
console.log(
  `  reference: plain inserts     ${referenceTime.toFixed(2)} s  (one transaction, no checks, no stock ledger)`,
);
console.log(`  import ÷ reference           ${(importTime / referenceTime).toFixed(1)}×`);
console.log(
  `  written: ${counts.products} products, ${counts.variants} variants, ${counts.ledger} stock ledger entries`,
);
await prisma.$disconnect();
fs.rmSync(dir, { recursive: true, force: true });

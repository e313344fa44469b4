-- Variants and a Bangla catalogue (docs/decisions/047-variants.md).
--
-- Every product is sold through variants: a product without options gets exactly one default
-- variant (combinationKey ''), which takes the product's price, discounted price and stock. The
-- default variant's id is the product's id, so nothing that named a product before the upgrade
-- (an order line, a stock movement) points anywhere else; the sequence of ProductVariant starts
-- where Product's stands, so a product id deleted before the upgrade is never reused by a variant.
-- Cart cookies from before the upgrade hold product ids; app/server/cart-cookie.server.ts reads
-- them as such.
--
-- Columns are added in place where SQLite allows it (no rebuild of the order and ledger tables);
-- the three columns that moved to the variant are dropped once copied. The product search index
-- is rebuilt to cover the Bangla name; the sort-by-price indexes move to the lowest price.

-- CreateTable
CREATE TABLE "ProductOption" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "productId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "nameBn" TEXT NOT NULL DEFAULT '',
    "position" INTEGER NOT NULL,
    CONSTRAINT "ProductOption_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProductOptionValue" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "optionId" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "valueBn" TEXT NOT NULL DEFAULT '',
    "position" INTEGER NOT NULL,
    CONSTRAINT "ProductOptionValue_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "ProductOption" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProductVariant" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "productId" INTEGER NOT NULL,
    "option1ValueId" INTEGER,
    "option2ValueId" INTEGER,
    "option3ValueId" INTEGER,
    "combinationKey" TEXT NOT NULL DEFAULT '',
    "sku" TEXT,
    "pricePaisa" INTEGER NOT NULL,
    "discountedPricePaisa" INTEGER,
    "stockQuantity" INTEGER NOT NULL DEFAULT 0 CHECK ("stockQuantity" >= 0),
    "imageId" INTEGER,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ProductVariant_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProductVariant_option1ValueId_fkey" FOREIGN KEY ("option1ValueId") REFERENCES "ProductOptionValue" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "ProductVariant_option2ValueId_fkey" FOREIGN KEY ("option2ValueId") REFERENCES "ProductOptionValue" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "ProductVariant_option3ValueId_fkey" FOREIGN KEY ("option3ValueId") REFERENCES "ProductOptionValue" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "ProductVariant_imageId_fkey" FOREIGN KEY ("imageId") REFERENCES "Image" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- Default variants: one per existing product, with its price and stock.
INSERT INTO "ProductVariant" ("id", "productId", "combinationKey", "pricePaisa", "discountedPricePaisa", "stockQuantity", "isActive", "position")
SELECT "id", "id", '', "pricePaisa", "discountedPricePaisa", "stockQuantity", true, 0 FROM "Product";
INSERT INTO "sqlite_sequence" ("name", "seq")
SELECT 'ProductVariant', "seq" FROM "sqlite_sequence" WHERE "name" = 'Product'
  AND NOT EXISTS (SELECT 1 FROM "sqlite_sequence" WHERE "name" = 'ProductVariant');
UPDATE "sqlite_sequence" SET "seq" = max("seq", (SELECT "seq" FROM "sqlite_sequence" WHERE "name" = 'Product'))
WHERE "name" = 'ProductVariant' AND EXISTS (SELECT 1 FROM "sqlite_sequence" WHERE "name" = 'Product');

-- Products: Bangla texts, the price range of their variants, and the moved columns dropped.
ALTER TABLE "Product" ADD COLUMN "nameBn" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Product" ADD COLUMN "descriptionBn" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Product" ADD COLUMN "minPricePaisa" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Product" ADD COLUMN "maxPricePaisa" INTEGER NOT NULL DEFAULT 0;
UPDATE "Product" SET
    "minPricePaisa" = CASE WHEN "discountedPricePaisa" IS NOT NULL AND "discountedPricePaisa" < "pricePaisa" THEN "discountedPricePaisa" ELSE "pricePaisa" END,
    "maxPricePaisa" = CASE WHEN "discountedPricePaisa" IS NOT NULL AND "discountedPricePaisa" < "pricePaisa" THEN "discountedPricePaisa" ELSE "pricePaisa" END;
DROP INDEX "Product_charged_price_idx";
DROP INDEX "Product_categoryId_charged_price_idx";
DROP INDEX "Product_trackStock_stockQuantity_idx";
ALTER TABLE "Product" DROP COLUMN "pricePaisa";
ALTER TABLE "Product" DROP COLUMN "discountedPricePaisa";
ALTER TABLE "Product" DROP COLUMN "stockQuantity";
CREATE INDEX "Product_min_price_idx" ON "Product"("minPricePaisa", lower("name"), "id");
CREATE INDEX "Product_categoryId_min_price_idx" ON "Product"("categoryId", "minPricePaisa", lower("name"), "id");

ALTER TABLE "Category" ADD COLUMN "nameBn" TEXT NOT NULL DEFAULT '';

-- Order lines and stock movements name their variant (the default one, for the past).
ALTER TABLE "OrderItem" ADD COLUMN "variantId" INTEGER REFERENCES "ProductVariant" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "OrderItem" ADD COLUMN "productNameBn" TEXT NOT NULL DEFAULT '';
ALTER TABLE "OrderItem" ADD COLUMN "variantLabel" TEXT NOT NULL DEFAULT '';
ALTER TABLE "OrderItem" ADD COLUMN "variantLabelBn" TEXT NOT NULL DEFAULT '';
ALTER TABLE "OrderItem" ADD COLUMN "sku" TEXT NOT NULL DEFAULT '';
UPDATE "OrderItem" SET "variantId" = "productId" WHERE "productId" IS NOT NULL;
CREATE INDEX "OrderItem_variantId_idx" ON "OrderItem"("variantId");

ALTER TABLE "StockMovement" ADD COLUMN "variantId" INTEGER REFERENCES "ProductVariant" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "StockMovement" ADD COLUMN "variantLabel" TEXT NOT NULL DEFAULT '';
UPDATE "StockMovement" SET "variantId" = "productId" WHERE "productId" IS NOT NULL;
CREATE INDEX "StockMovement_variantId_createdAt_idx" ON "StockMovement"("variantId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ProductOption_productId_position_key" ON "ProductOption"("productId", "position");

-- CreateIndex
CREATE INDEX "ProductOptionValue_optionId_position_idx" ON "ProductOptionValue"("optionId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "ProductVariant_sku_key" ON "ProductVariant"("sku");

-- CreateIndex
CREATE INDEX "ProductVariant_productId_position_idx" ON "ProductVariant"("productId", "position");

-- CreateIndex
CREATE INDEX "ProductVariant_option1ValueId_idx" ON "ProductVariant"("option1ValueId");

-- CreateIndex
CREATE INDEX "ProductVariant_option2ValueId_idx" ON "ProductVariant"("option2ValueId");

-- CreateIndex
CREATE INDEX "ProductVariant_option3ValueId_idx" ON "ProductVariant"("option3ValueId");

-- CreateIndex
CREATE INDEX "ProductVariant_imageId_idx" ON "ProductVariant"("imageId");

-- CreateIndex
CREATE UNIQUE INDEX "ProductVariant_productId_combinationKey_key" ON "ProductVariant"("productId", "combinationKey");

-- A SKU is unique whatever its case ("LB-9W" and "lb-9w" are one SKU), and is looked up that way.
CREATE UNIQUE INDEX "ProductVariant_sku_lower_key" ON "ProductVariant"(lower("sku"));
-- The low-stock list reads variants by their stock.
CREATE INDEX "ProductVariant_stockQuantity_productId_idx" ON "ProductVariant"("stockQuantity", "productId");

-- Search covers the English and the Bangla name (docs/decisions/037-search-at-scale.md).
DROP TRIGGER "Product_search_insert";
DROP TRIGGER "Product_search_delete";
DROP TRIGGER "Product_search_update";
DROP TABLE "ProductSearch";
CREATE VIRTUAL TABLE "ProductSearch" USING fts5(
    "name",
    "nameBn",
    content = 'Product',
    content_rowid = 'id',
    tokenize = 'trigram case_sensitive 0'
);
INSERT INTO "ProductSearch" ("ProductSearch") VALUES ('rebuild');
CREATE TRIGGER "Product_search_insert" AFTER INSERT ON "Product"
BEGIN
    INSERT INTO "ProductSearch" ("rowid", "name", "nameBn") VALUES (NEW."id", NEW."name", NEW."nameBn");
END;
CREATE TRIGGER "Product_search_delete" AFTER DELETE ON "Product"
BEGIN
    INSERT INTO "ProductSearch" ("ProductSearch", "rowid", "name", "nameBn") VALUES ('delete', OLD."id", OLD."name", OLD."nameBn");
END;
CREATE TRIGGER "Product_search_update" AFTER UPDATE OF "name", "nameBn" ON "Product"
BEGIN
    INSERT INTO "ProductSearch" ("ProductSearch", "rowid", "name", "nameBn") VALUES ('delete', OLD."id", OLD."name", OLD."nameBn");
    INSERT INTO "ProductSearch" ("rowid", "name", "nameBn") VALUES (NEW."id", NEW."name", NEW."nameBn");
END;

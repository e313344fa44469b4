-- The catalogue's change log replaces the single catalogue version
-- (docs/decisions/051-page-cache-under-a-sale.md). The version told the page cache only that
-- something changed, so every order that took a unit of a counted product dropped every stored
-- page. Each row now says what changed: a shared input (categories, settings, pictures), one
-- product, or only a variant's units on hand (with the units before and after, so the cache can
-- tell whether a page would show anything different). Written by triggers, so every writer counts.

-- The version's triggers go first: they write to the table dropped below.
DROP TRIGGER "Product_catalogue_version_insert";
DROP TRIGGER "Product_catalogue_version_update";
DROP TRIGGER "Product_catalogue_version_delete";
DROP TRIGGER "Category_catalogue_version_insert";
DROP TRIGGER "Category_catalogue_version_update";
DROP TRIGGER "Category_catalogue_version_delete";
DROP TRIGGER "Image_catalogue_version_insert";
DROP TRIGGER "Image_catalogue_version_update";
DROP TRIGGER "Image_catalogue_version_delete";
DROP TRIGGER "ProductImage_catalogue_version_insert";
DROP TRIGGER "ProductImage_catalogue_version_update";
DROP TRIGGER "ProductImage_catalogue_version_delete";
DROP TRIGGER "ShopSettings_catalogue_version_insert";
DROP TRIGGER "ShopSettings_catalogue_version_update";
DROP TRIGGER "ShopSettings_catalogue_version_delete";
DROP TRIGGER "ProductOption_catalogue_version_insert";
DROP TRIGGER "ProductOption_catalogue_version_update";
DROP TRIGGER "ProductOption_catalogue_version_delete";
DROP TRIGGER "ProductOptionValue_catalogue_version_insert";
DROP TRIGGER "ProductOptionValue_catalogue_version_update";
DROP TRIGGER "ProductOptionValue_catalogue_version_delete";
DROP TRIGGER "ProductVariant_catalogue_version_insert";
DROP TRIGGER "ProductVariant_catalogue_version_update";
DROP TRIGGER "ProductVariant_catalogue_version_delete";

-- DropTable
DROP TABLE "CatalogueVersion";

-- CreateTable
CREATE TABLE "CatalogueChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "productId" INTEGER,
    "variantStockBefore" INTEGER,
    "variantStockAfter" INTEGER,
    "productStockBefore" INTEGER,
    "productStockAfter" INTEGER,
    "trackStock" BOOLEAN,
    "changedAt" BIGINT NOT NULL
);

-- The time of a change, in ms since 1970.
-- (julianday counts days since noon, 24 November 4714 BC; 2440587.5 is 1970-01-01 00:00 UTC.)
-- A product: what its page and its card show, and the listings it is in.
CREATE TRIGGER "Product_catalogue_change_insert" AFTER INSERT ON "Product"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', NEW."id", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "Product_catalogue_change_update" AFTER UPDATE ON "Product"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', NEW."id", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "Product_catalogue_change_delete" AFTER DELETE ON "Product"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', OLD."id", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;

-- What any page may show: the categories (navigation, breadcrumbs, filters), the settings
-- (the shop's name, the low-stock threshold), a picture's file or text. A new picture shows
-- nowhere until a product or variant links it (those writes are recorded).
CREATE TRIGGER "Category_catalogue_change_insert" AFTER INSERT ON "Category"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "changedAt") VALUES ('shared', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "Category_catalogue_change_update" AFTER UPDATE ON "Category"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "changedAt") VALUES ('shared', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "Category_catalogue_change_delete" AFTER DELETE ON "Category"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "changedAt") VALUES ('shared', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ShopSettings_catalogue_change_insert" AFTER INSERT ON "ShopSettings"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "changedAt") VALUES ('shared', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ShopSettings_catalogue_change_update" AFTER UPDATE ON "ShopSettings"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "changedAt") VALUES ('shared', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ShopSettings_catalogue_change_delete" AFTER DELETE ON "ShopSettings"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "changedAt") VALUES ('shared', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "Image_catalogue_change_update" AFTER UPDATE ON "Image"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "changedAt") VALUES ('shared', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "Image_catalogue_change_delete" AFTER DELETE ON "Image"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "changedAt") VALUES ('shared', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;

-- A product's pictures, options and option values are its own.
CREATE TRIGGER "ProductImage_catalogue_change_insert" AFTER INSERT ON "ProductImage"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', NEW."productId", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ProductImage_catalogue_change_update" AFTER UPDATE ON "ProductImage"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', NEW."productId", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ProductImage_catalogue_change_delete" AFTER DELETE ON "ProductImage"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', OLD."productId", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ProductOption_catalogue_change_insert" AFTER INSERT ON "ProductOption"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', NEW."productId", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ProductOption_catalogue_change_update" AFTER UPDATE ON "ProductOption"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', NEW."productId", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ProductOption_catalogue_change_delete" AFTER DELETE ON "ProductOption"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', OLD."productId", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
-- An option value names its product through its option; when the option is already gone (a
-- cascade from deleting it), the row is a shared change, which drops every page.
CREATE TRIGGER "ProductOptionValue_catalogue_change_insert" AFTER INSERT ON "ProductOptionValue"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt")
    VALUES (CASE WHEN (SELECT "productId" FROM "ProductOption" WHERE "id" = NEW."optionId") IS NULL THEN 'shared' ELSE 'product' END, (SELECT "productId" FROM "ProductOption" WHERE "id" = NEW."optionId"), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ProductOptionValue_catalogue_change_update" AFTER UPDATE ON "ProductOptionValue"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt")
    VALUES (CASE WHEN (SELECT "productId" FROM "ProductOption" WHERE "id" = NEW."optionId") IS NULL THEN 'shared' ELSE 'product' END, (SELECT "productId" FROM "ProductOption" WHERE "id" = NEW."optionId"), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ProductOptionValue_catalogue_change_delete" AFTER DELETE ON "ProductOptionValue"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt")
    VALUES (CASE WHEN (SELECT "productId" FROM "ProductOption" WHERE "id" = OLD."optionId") IS NULL THEN 'shared' ELSE 'product' END, (SELECT "productId" FROM "ProductOption" WHERE "id" = OLD."optionId"), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;

-- A variant. An update that changes only its units on hand (what an order, a cancellation or a
-- stock count does) is a "stock" row with the units before and after, of the variant and of the
-- product over its active variants, so the cache drops only the pages whose words change (in stock,
-- only N left, out of stock: app/rules/stock.ts). Any other update is a "product" row; an update
-- that changes nothing writes no row. Every column but "stockQuantity" is compared: a new column
-- must join the list (tests/integration/catalogue-changes.test.ts checks it).
CREATE TRIGGER "ProductVariant_catalogue_change_insert" AFTER INSERT ON "ProductVariant"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', NEW."productId", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ProductVariant_catalogue_change_delete" AFTER DELETE ON "ProductVariant"
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', OLD."productId", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ProductVariant_catalogue_change_update" AFTER UPDATE ON "ProductVariant"
    WHEN NOT (OLD."id" IS NEW."id" AND OLD."productId" IS NEW."productId" AND OLD."option1ValueId" IS NEW."option1ValueId" AND OLD."option2ValueId" IS NEW."option2ValueId" AND OLD."option3ValueId" IS NEW."option3ValueId" AND OLD."combinationKey" IS NEW."combinationKey" AND OLD."sku" IS NEW."sku" AND OLD."pricePaisa" IS NEW."pricePaisa" AND OLD."discountedPricePaisa" IS NEW."discountedPricePaisa" AND OLD."imageId" IS NEW."imageId" AND OLD."isActive" IS NEW."isActive" AND OLD."position" IS NEW."position")
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt") VALUES ('product', NEW."productId", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
CREATE TRIGGER "ProductVariant_catalogue_change_stock" AFTER UPDATE ON "ProductVariant"
    WHEN (OLD."id" IS NEW."id" AND OLD."productId" IS NEW."productId" AND OLD."option1ValueId" IS NEW."option1ValueId" AND OLD."option2ValueId" IS NEW."option2ValueId" AND OLD."option3ValueId" IS NEW."option3ValueId" AND OLD."combinationKey" IS NEW."combinationKey" AND OLD."sku" IS NEW."sku" AND OLD."pricePaisa" IS NEW."pricePaisa" AND OLD."discountedPricePaisa" IS NEW."discountedPricePaisa" AND OLD."imageId" IS NEW."imageId" AND OLD."isActive" IS NEW."isActive" AND OLD."position" IS NEW."position")
        AND OLD."stockQuantity" IS NOT NEW."stockQuantity"
BEGIN
    INSERT INTO "CatalogueChange" (
        "kind", "productId", "variantStockBefore", "variantStockAfter", "productStockBefore", "productStockAfter",
        "trackStock", "changedAt"
    ) VALUES (
        'stock', NEW."productId", OLD."stockQuantity", NEW."stockQuantity",
        (SELECT COALESCE(SUM("stockQuantity"), 0) FROM "ProductVariant" WHERE "productId" = NEW."productId" AND "isActive") - CASE WHEN NEW."isActive" THEN NEW."stockQuantity" - OLD."stockQuantity" ELSE 0 END,
        (SELECT COALESCE(SUM("stockQuantity"), 0) FROM "ProductVariant" WHERE "productId" = NEW."productId" AND "isActive"),
        (SELECT "trackStock" FROM "Product" WHERE "id" = NEW."productId"), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
    );
END;

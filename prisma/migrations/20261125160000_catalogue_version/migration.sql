-- CreateTable
CREATE TABLE "CatalogueVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- The one row the page cache reads.
INSERT INTO "CatalogueVersion" ("id", "version") VALUES (1, 0);

-- Every write to what catalogue pages show raises the version, whoever writes: this process, another
-- instance, a restore, the sqlite3 shell (docs/decisions/036-page-cache.md).
CREATE TRIGGER "Product_catalogue_version_insert" AFTER INSERT ON "Product"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "Product_catalogue_version_update" AFTER UPDATE ON "Product"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "Product_catalogue_version_delete" AFTER DELETE ON "Product"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "Category_catalogue_version_insert" AFTER INSERT ON "Category"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "Category_catalogue_version_update" AFTER UPDATE ON "Category"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "Category_catalogue_version_delete" AFTER DELETE ON "Category"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "Image_catalogue_version_insert" AFTER INSERT ON "Image"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "Image_catalogue_version_update" AFTER UPDATE ON "Image"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "Image_catalogue_version_delete" AFTER DELETE ON "Image"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ProductImage_catalogue_version_insert" AFTER INSERT ON "ProductImage"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ProductImage_catalogue_version_update" AFTER UPDATE ON "ProductImage"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ProductImage_catalogue_version_delete" AFTER DELETE ON "ProductImage"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ShopSettings_catalogue_version_insert" AFTER INSERT ON "ShopSettings"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ShopSettings_catalogue_version_update" AFTER UPDATE ON "ShopSettings"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ShopSettings_catalogue_version_delete" AFTER DELETE ON "ShopSettings"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;

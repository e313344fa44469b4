-- The catalogue version (app/models/catalogue-version.server.ts) also moves on every write to a
-- product's options, option values and variants: their names, prices, stock and active flags are
-- what the product page and the listings show, so the page cache must drop its pages then too.
CREATE TRIGGER "ProductOption_catalogue_version_insert" AFTER INSERT ON "ProductOption"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ProductOption_catalogue_version_update" AFTER UPDATE ON "ProductOption"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ProductOption_catalogue_version_delete" AFTER DELETE ON "ProductOption"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ProductOptionValue_catalogue_version_insert" AFTER INSERT ON "ProductOptionValue"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ProductOptionValue_catalogue_version_update" AFTER UPDATE ON "ProductOptionValue"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ProductOptionValue_catalogue_version_delete" AFTER DELETE ON "ProductOptionValue"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ProductVariant_catalogue_version_insert" AFTER INSERT ON "ProductVariant"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ProductVariant_catalogue_version_update" AFTER UPDATE ON "ProductVariant"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;
CREATE TRIGGER "ProductVariant_catalogue_version_delete" AFTER DELETE ON "ProductVariant"
BEGIN
    UPDATE "CatalogueVersion" SET "version" = "version" + 1 WHERE "id" = 1;
END;

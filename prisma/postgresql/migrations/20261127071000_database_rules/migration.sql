-- What Prisma's schema cannot say, written by hand for PostgreSQL: the same rules the SQLite
-- migrations keep with CHECKs, expression indexes and triggers (docs/decisions/053-two-databases.md).
-- PostgreSQL runs this file as one transaction: it applies whole or not at all.

-- Stock never goes below zero, whatever writes it (docs/decisions/027-stock.md).
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_stockQuantity_check" CHECK ("stockQuantity" >= 0);

-- A SKU is unique in the shop case-insensitively, and is looked up by lower(sku).
CREATE UNIQUE INDEX "ProductVariant_sku_lower_key" ON "ProductVariant"(lower("sku"));

-- The listings' orders: by name (case-insensitively), or by the lowest price then name, in the
-- whole shop or one category (docs/decisions/037-search-at-scale.md).
CREATE INDEX "Product_name_lower_idx" ON "Product"(lower("name"), "id");
CREATE INDEX "Product_categoryId_name_lower_idx" ON "Product"("categoryId", lower("name"), "id");
CREATE INDEX "Product_min_price_idx" ON "Product"("minPricePaisa", lower("name"), "id");
CREATE INDEX "Product_categoryId_min_price_idx" ON "Product"("categoryId", "minPricePaisa", lower("name"), "id");

-- Search: any part of the English or Bangla name, case-insensitively, through trigram indexes
-- (pg_trgm ships with PostgreSQL; SQLite uses an FTS5 trigram index for the same matches).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "Product_name_trgm_idx" ON "Product" USING gin (lower("name") gin_trgm_ops);
CREATE INDEX "Product_nameBn_trgm_idx" ON "Product" USING gin (lower("nameBn") gin_trgm_ops);

-- The audit trail is append-only (docs/decisions/035-audit-trail.md): no update, delete or
-- truncate, and ids only from its sequence.
CREATE FUNCTION "AuditEvent_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'AuditEvent is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER "AuditEvent_no_update" BEFORE UPDATE ON "AuditEvent"
    FOR EACH ROW EXECUTE FUNCTION "AuditEvent_append_only"();
CREATE TRIGGER "AuditEvent_no_delete" BEFORE DELETE ON "AuditEvent"
    FOR EACH ROW EXECUTE FUNCTION "AuditEvent_append_only"();
CREATE TRIGGER "AuditEvent_no_truncate" BEFORE TRUNCATE ON "AuditEvent"
    FOR EACH STATEMENT EXECUTE FUNCTION "AuditEvent_append_only"();
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_positive_id" CHECK ("id" >= 1);

-- The catalogue's change log (docs/decisions/051-page-cache-under-a-sale.md): one row per write to
-- what catalogue pages show, whoever writes it, for every app node's page cache to read. The same
-- rows as the SQLite triggers write (tests/integration/catalogue-changes.test.ts runs on both).
-- Each row also notifies the channel the app nodes listen on (app/models/catalogue-changes-postgres.server.ts):
-- PostgreSQL delivers it when the transaction commits, once per transaction for the same payload.
CREATE FUNCTION "catalogue_change_now"() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM pg_notify('haat_catalogue_change', '');
    RETURN (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
END;
$$;

-- A change any page may show: categories, settings, pictures.
CREATE FUNCTION "CatalogueChange_shared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "CatalogueChange" ("kind", "changedAt") VALUES ('shared', "catalogue_change_now"());
    RETURN NULL;
END;
$$;

-- A change to what one product shows: the row's productId (or id, for Product itself).
CREATE FUNCTION "CatalogueChange_product"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    row_data jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
    product_id integer;
BEGIN
    IF TG_TABLE_NAME = 'Product' THEN
        product_id := (row_data ->> 'id')::integer;
    ELSIF TG_TABLE_NAME = 'ProductOptionValue' THEN
        SELECT "productId" INTO product_id FROM "ProductOption" WHERE "id" = (row_data ->> 'optionId')::integer;
    ELSE
        product_id := (row_data ->> 'productId')::integer;
    END IF;
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt")
    VALUES (CASE WHEN product_id IS NULL THEN 'shared' ELSE 'product' END, product_id, "catalogue_change_now"());
    RETURN NULL;
END;
$$;

-- A variant: a change of its units on hand alone is a "stock" change (the page cache keeps the
-- pages whose stock badge it does not change); any other change is a "product" change.
CREATE FUNCTION "CatalogueChange_variant"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    product_units integer;
BEGIN
    IF TG_OP = 'UPDATE'
        AND (to_jsonb(OLD) - 'stockQuantity') = (to_jsonb(NEW) - 'stockQuantity') THEN
        IF OLD."stockQuantity" IS NOT DISTINCT FROM NEW."stockQuantity" THEN
            RETURN NULL;
        END IF;
        SELECT COALESCE(SUM("stockQuantity"), 0) INTO product_units
            FROM "ProductVariant" WHERE "productId" = NEW."productId" AND "isActive";
        INSERT INTO "CatalogueChange" (
            "kind", "productId", "variantStockBefore", "variantStockAfter", "productStockBefore",
            "productStockAfter", "trackStock", "changedAt"
        ) VALUES (
            'stock', NEW."productId", OLD."stockQuantity", NEW."stockQuantity",
            product_units - CASE WHEN NEW."isActive" THEN NEW."stockQuantity" - OLD."stockQuantity" ELSE 0 END,
            product_units,
            (SELECT "trackStock" FROM "Product" WHERE "id" = NEW."productId"),
            "catalogue_change_now"()
        );
        RETURN NULL;
    END IF;
    INSERT INTO "CatalogueChange" ("kind", "productId", "changedAt")
    VALUES ('product', CASE WHEN TG_OP = 'DELETE' THEN OLD."productId" ELSE NEW."productId" END, "catalogue_change_now"());
    RETURN NULL;
END;
$$;

CREATE TRIGGER "Category_catalogue_change" AFTER INSERT OR UPDATE OR DELETE ON "Category"
    FOR EACH ROW EXECUTE FUNCTION "CatalogueChange_shared"();
CREATE TRIGGER "ShopSettings_catalogue_change" AFTER INSERT OR UPDATE OR DELETE ON "ShopSettings"
    FOR EACH ROW EXECUTE FUNCTION "CatalogueChange_shared"();
-- A new picture shows nowhere until a product, category or the settings name it.
CREATE TRIGGER "Image_catalogue_change" AFTER UPDATE OR DELETE ON "Image"
    FOR EACH ROW EXECUTE FUNCTION "CatalogueChange_shared"();
CREATE TRIGGER "Product_catalogue_change" AFTER INSERT OR UPDATE OR DELETE ON "Product"
    FOR EACH ROW EXECUTE FUNCTION "CatalogueChange_product"();
CREATE TRIGGER "ProductImage_catalogue_change" AFTER INSERT OR UPDATE OR DELETE ON "ProductImage"
    FOR EACH ROW EXECUTE FUNCTION "CatalogueChange_product"();
CREATE TRIGGER "ProductOption_catalogue_change" AFTER INSERT OR UPDATE OR DELETE ON "ProductOption"
    FOR EACH ROW EXECUTE FUNCTION "CatalogueChange_product"();
CREATE TRIGGER "ProductOptionValue_catalogue_change" AFTER INSERT OR UPDATE OR DELETE ON "ProductOptionValue"
    FOR EACH ROW EXECUTE FUNCTION "CatalogueChange_product"();
CREATE TRIGGER "ProductVariant_catalogue_change" AFTER INSERT OR UPDATE OR DELETE ON "ProductVariant"
    FOR EACH ROW EXECUTE FUNCTION "CatalogueChange_variant"();

-- The SKU search's "starts with" (lower("sku") LIKE 'abc%'), whatever the database's collation.
CREATE INDEX "ProductVariant_sku_lower_prefix_idx" ON "ProductVariant"(lower("sku") text_pattern_ops);

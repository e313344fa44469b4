-- Product search (docs/decisions/037-search-at-scale.md): an FTS5 index of product names with the
-- trigram tokenizer, which matches any substring of three characters or more, case-insensitively,
-- in any script (Bengali included), kept in step with Product by triggers. The index holds no copy
-- of the names (an external-content table over "Product").
CREATE VIRTUAL TABLE "ProductSearch" USING fts5(
    "name",
    content = 'Product',
    content_rowid = 'id',
    tokenize = 'trigram case_sensitive 0'
);
INSERT INTO "ProductSearch" ("ProductSearch") VALUES ('rebuild');

CREATE TRIGGER "Product_search_insert" AFTER INSERT ON "Product"
BEGIN
    INSERT INTO "ProductSearch" ("rowid", "name") VALUES (NEW."id", NEW."name");
END;
CREATE TRIGGER "Product_search_delete" AFTER DELETE ON "Product"
BEGIN
    INSERT INTO "ProductSearch" ("ProductSearch", "rowid", "name") VALUES ('delete', OLD."id", OLD."name");
END;
CREATE TRIGGER "Product_search_update" AFTER UPDATE OF "name" ON "Product"
BEGIN
    INSERT INTO "ProductSearch" ("ProductSearch", "rowid", "name") VALUES ('delete', OLD."id", OLD."name");
    INSERT INTO "ProductSearch" ("rowid", "name") VALUES (NEW."id", NEW."name");
END;

-- The storefront's orders (app/models/product.server.ts ORDER_BY_SQL), each served by an index, so
-- a deep page of a large catalogue walks an index instead of sorting every product: by name
-- (case-insensitive: lower() folds A-Z as COLLATE NOCASE does), and by the price a shopper pays
-- (the sale price when it is lower), both with and without a category. Prisma's schema cannot
-- describe an index on an expression, and leaves these alone.
CREATE INDEX "Product_name_lower_idx" ON "Product"(lower("name"), "id");
CREATE INDEX "Product_categoryId_name_lower_idx" ON "Product"("categoryId", lower("name"), "id");
CREATE INDEX "Product_charged_price_idx" ON "Product"(
    (CASE WHEN "discountedPricePaisa" IS NOT NULL AND "discountedPricePaisa" < "pricePaisa" THEN "discountedPricePaisa" ELSE "pricePaisa" END),
    lower("name"),
    "id"
);
CREATE INDEX "Product_categoryId_charged_price_idx" ON "Product"(
    "categoryId",
    (CASE WHEN "discountedPricePaisa" IS NOT NULL AND "discountedPricePaisa" < "pricePaisa" THEN "discountedPricePaisa" ELSE "pricePaisa" END),
    lower("name"),
    "id"
);

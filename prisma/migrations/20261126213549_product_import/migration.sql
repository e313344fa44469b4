-- AlterTable
ALTER TABLE "Image" ADD COLUMN "sourceUrl" TEXT;

-- CreateTable
CREATE TABLE "ProductImport" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "createdById" INTEGER,
    "fileName" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "csv" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'preview',
    "outcome" TEXT NOT NULL DEFAULT '',
    "importedAt" DATETIME,
    CONSTRAINT "ProductImport_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProductImportImage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "importId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "productName" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "variantIds" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "error" TEXT NOT NULL DEFAULT '',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ProductImportImage_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ProductImport" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- A product's handle (kept through renames, so a re-imported CSV finds its products), whether
-- the shop shows it, and its brand. Added in place, so the Product table keeps its search and catalogue-version
-- triggers.
ALTER TABLE "Product" ADD COLUMN "handle" TEXT;
ALTER TABLE "Product" ADD COLUMN "isPublished" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "Product" ADD COLUMN "brand" TEXT NOT NULL DEFAULT '';

-- Every existing product gets a handle. First "<slug>-<id>" ("product-<id>" without a slug), unique
-- because the id follows the last hyphen; then the lowest id of each slug takes the bare slug where
-- no handle already is it.
UPDATE "Product" SET "handle" = CASE WHEN "slug" = '' THEN 'product' ELSE "slug" END || '-' || "id";
UPDATE "Product" SET "handle" = "slug"
WHERE "slug" <> ''
  AND "id" = (SELECT min(p."id") FROM "Product" p WHERE p."slug" = "Product"."slug")
  AND NOT EXISTS (SELECT 1 FROM "Product" q WHERE q."handle" = "Product"."slug");
CREATE UNIQUE INDEX "Product_handle_key" ON "Product"("handle");
CREATE INDEX "Product_isPublished_idx" ON "Product"("isPublished");

-- CreateIndex
CREATE INDEX "ProductImport_createdAt_idx" ON "ProductImport"("createdAt");

-- CreateIndex
CREATE INDEX "ProductImportImage_status_id_idx" ON "ProductImportImage"("status", "id");

-- CreateIndex
CREATE INDEX "ProductImportImage_importId_idx" ON "ProductImportImage"("importId");

-- A picture imported before is found by its address (a re-import fetches nothing again).
CREATE INDEX "Image_sourceUrl_idx" ON "Image"("sourceUrl");

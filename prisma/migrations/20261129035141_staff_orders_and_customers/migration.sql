-- CreateTable
CREATE TABLE "DraftOrder" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "createdById" INTEGER,
    "createdByEmail" TEXT,
    "customerName" TEXT NOT NULL DEFAULT '',
    "customerPhone" TEXT NOT NULL DEFAULT '',
    "customerEmail" TEXT NOT NULL DEFAULT '',
    "customerAddress" TEXT NOT NULL DEFAULT '',
    "area" TEXT NOT NULL DEFAULT '',
    "district" TEXT NOT NULL DEFAULT '',
    "language" TEXT NOT NULL DEFAULT 'bn',
    "source" TEXT NOT NULL DEFAULT 'phone',
    "shippingFeePaisa" INTEGER,
    "discountPaisa" INTEGER NOT NULL DEFAULT 0,
    "discountReason" TEXT NOT NULL DEFAULT '',
    "note" TEXT NOT NULL DEFAULT '',
    "orderId" INTEGER,
    CONSTRAINT "DraftOrder_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "DraftOrder_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DraftOrderItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "draftId" INTEGER NOT NULL,
    "variantId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "DraftOrderItem_draftId_fkey" FOREIGN KEY ("draftId") REFERENCES "DraftOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DraftOrderItem_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomerNote" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "phone" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "authorId" INTEGER,
    "authorEmail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CustomerNote_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- AlterTable: new columns added in place. The engine's own output rebuilt "Order" (copying every
-- order) for the one new foreign key; SQLite adds a column with a REFERENCES clause and a NULL
-- default in place, which keeps a large shop's upgrade instant.
ALTER TABLE "Order" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'website';
ALTER TABLE "Order" ADD COLUMN "createdById" INTEGER REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Order" ADD COLUMN "createdByEmail" TEXT;
ALTER TABLE "Order" ADD COLUMN "discountReason" TEXT;

-- CreateIndex
CREATE INDEX "Order_source_createdAt_idx" ON "Order"("source", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "DraftOrder_orderId_key" ON "DraftOrder"("orderId");

-- CreateIndex
CREATE INDEX "DraftOrder_orderId_updatedAt_idx" ON "DraftOrder"("orderId", "updatedAt");

-- CreateIndex
CREATE INDEX "DraftOrderItem_variantId_idx" ON "DraftOrderItem"("variantId");

-- CreateIndex
CREATE UNIQUE INDEX "DraftOrderItem_draftId_variantId_key" ON "DraftOrderItem"("draftId", "variantId");

-- CreateIndex
CREATE INDEX "CustomerNote_phone_createdAt_idx" ON "CustomerNote"("phone", "createdAt");

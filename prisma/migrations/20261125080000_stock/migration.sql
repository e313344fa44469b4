-- Stock (docs/decisions/027-stock.md): optional per product, a ledger of every change, and the
-- shop's low-stock threshold. Columns are added in place (no table rebuild, so a large catalogue
-- migrates in milliseconds). The CHECK makes the database itself refuse a negative stock, whatever
-- the code does; SQLite checks it against the existing rows (all 0 here).
ALTER TABLE "Product" ADD COLUMN "trackStock" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Product" ADD COLUMN "stockQuantity" INTEGER NOT NULL DEFAULT 0 CHECK ("stockQuantity" >= 0);
CREATE INDEX "Product_trackStock_stockQuantity_idx" ON "Product"("trackStock", "stockQuantity");

ALTER TABLE "ShopSettings" ADD COLUMN "lowStockThreshold" INTEGER NOT NULL DEFAULT 5;

CREATE TABLE "StockMovement" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "productId" INTEGER,
    "productName" TEXT NOT NULL,
    "orderId" INTEGER,
    "change" INTEGER NOT NULL,
    "balance" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "changedById" INTEGER,
    "changedByEmail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "StockMovement_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "StockMovement_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "StockMovement_changedById_fkey" FOREIGN KEY ("changedById") REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "StockMovement_productId_createdAt_idx" ON "StockMovement"("productId", "createdAt");
CREATE INDEX "StockMovement_orderId_idx" ON "StockMovement"("orderId");
CREATE INDEX "StockMovement_changedById_idx" ON "StockMovement"("changedById");

-- Order edits before shipping: what staff changed in an order (line items, address, shipping method), who and when.
-- CreateTable
CREATE TABLE "OrderEdit" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "changes" TEXT NOT NULL,
    "changedById" INTEGER,
    "changedByEmail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderEdit_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OrderEdit_changedById_fkey" FOREIGN KEY ("changedById") REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "OrderEdit_orderId_createdAt_idx" ON "OrderEdit"("orderId", "createdAt");

-- CreateIndex
CREATE INDEX "OrderEdit_changedById_idx" ON "OrderEdit"("changedById");

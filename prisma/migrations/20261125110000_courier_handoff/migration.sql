-- The courier hand-off: each order's consignment and courier status, the courier's steps in the
-- order's history, the courier account's sealed credentials, and the CSV export's chosen columns.
-- AlterTable
ALTER TABLE "Order" ADD COLUMN "consignmentId" TEXT;
ALTER TABLE "Order" ADD COLUMN "courier" TEXT;
ALTER TABLE "Order" ADD COLUMN "courierCheckedAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "courierStatus" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryState" TEXT;
ALTER TABLE "Order" ADD COLUMN "sentToCourierAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "trackingCode" TEXT;

-- AlterTable
ALTER TABLE "OrderStatusChange" ADD COLUMN "courier" TEXT;

-- CreateTable
CREATE TABLE "CourierEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "courier" TEXT NOT NULL,
    "courierStatus" TEXT NOT NULL,
    "deliveryState" TEXT NOT NULL,
    "changedById" INTEGER,
    "changedByEmail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CourierEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CourierEvent_changedById_fkey" FOREIGN KEY ("changedById") REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CourierAccount" (
    "courier" TEXT NOT NULL PRIMARY KEY,
    "apiKeySealed" TEXT NOT NULL,
    "secretSealed" TEXT NOT NULL,
    "apiKeyHint" TEXT NOT NULL,
    "updatedByEmail" TEXT,
    "updatedAt" DATETIME NOT NULL
);

-- AlterTable (in place: no rebuild of the settings row's table)
ALTER TABLE "ShopSettings" ADD COLUMN "courierCsvColumns" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "CourierEvent_orderId_createdAt_idx" ON "CourierEvent"("orderId", "createdAt");

-- CreateIndex
CREATE INDEX "CourierEvent_changedById_idx" ON "CourierEvent"("changedById");

-- CreateIndex
CREATE INDEX "Order_courier_deliveryState_idx" ON "Order"("courier", "deliveryState");

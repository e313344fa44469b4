-- CreateTable
CREATE TABLE "CourierLocation" (
    "courier" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "externalId" INTEGER NOT NULL,
    "parentId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "homeDelivery" BOOLEAN NOT NULL DEFAULT true,
    "fetchedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("courier", "kind", "externalId")
);

-- CreateTable
CREATE TABLE "CourierAreaChoice" (
    "courier" TEXT NOT NULL,
    "areaKey" TEXT NOT NULL,
    "cityId" INTEGER NOT NULL,
    "zoneId" INTEGER NOT NULL,
    "areaId" INTEGER,
    "updatedByEmail" TEXT,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("courier", "areaKey")
);

-- CreateTable
CREATE TABLE "CourierPayout" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "courier" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "paidAt" DATETIME,
    "source" TEXT NOT NULL,
    "collectedPaisa" INTEGER NOT NULL,
    "chargesPaisa" INTEGER NOT NULL,
    "paidPaisa" INTEGER NOT NULL,
    "createdById" INTEGER,
    "createdByEmail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CourierPayout_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CourierPayoutItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "payoutId" INTEGER NOT NULL,
    "consignmentId" TEXT NOT NULL,
    "invoice" TEXT,
    "orderId" INTEGER,
    "matchState" TEXT NOT NULL,
    "expectedPaisa" INTEGER,
    "collectedPaisa" INTEGER NOT NULL,
    "deliveryChargePaisa" INTEGER NOT NULL,
    "codFeePaisa" INTEGER NOT NULL,
    "paidPaisa" INTEGER NOT NULL,
    CONSTRAINT "CourierPayoutItem_payoutId_fkey" FOREIGN KEY ("payoutId") REFERENCES "CourierPayout" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CourierPayoutItem_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- AlterTable: columns added in place (SQLite rebuilds nothing, so the shop's orders, settings and
-- courier keys stay as they are). A column with a foreign key may be added this way while its
-- default is NULL.
ALTER TABLE "CourierAccount" ADD COLUMN "settings" TEXT NOT NULL DEFAULT '{}';
ALTER TABLE "CourierAccount" ADD COLUMN "tokenSealed" TEXT;
ALTER TABLE "CourierAccount" ADD COLUMN "tokenExpiresAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "courierFeePaisa" INTEGER;
ALTER TABLE "Order" ADD COLUMN "deliveredAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "cashReceivedAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "cashPayoutItemId" INTEGER REFERENCES "CourierPayoutItem" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ShopSettings" ADD COLUMN "defaultCourier" TEXT NOT NULL DEFAULT '';
ALTER TABLE "ShopSettings" ADD COLUMN "payoutOverdueDays" INTEGER NOT NULL DEFAULT 7;

-- A delivered order's delivery time is its last change to "delivered" in the status history.
UPDATE "Order" SET "deliveredAt" = (
    SELECT MAX("createdAt") FROM "OrderStatusChange"
    WHERE "OrderStatusChange"."orderId" = "Order"."id" AND "OrderStatusChange"."toStatus" = 'delivered'
) WHERE "status" = 'delivered';

-- CreateIndex
CREATE UNIQUE INDEX "Order_cashPayoutItemId_key" ON "Order"("cashPayoutItemId");
CREATE INDEX "Order_status_deliveredAt_idx" ON "Order"("status", "deliveredAt");
CREATE INDEX "CourierLocation_courier_kind_parentId_idx" ON "CourierLocation"("courier", "kind", "parentId");
CREATE INDEX "CourierPayout_createdAt_idx" ON "CourierPayout"("createdAt");
CREATE INDEX "CourierPayout_createdById_idx" ON "CourierPayout"("createdById");
CREATE UNIQUE INDEX "CourierPayout_courier_reference_key" ON "CourierPayout"("courier", "reference");
CREATE INDEX "CourierPayoutItem_orderId_idx" ON "CourierPayoutItem"("orderId");
CREATE UNIQUE INDEX "CourierPayoutItem_payoutId_consignmentId_key" ON "CourierPayoutItem"("payoutId", "consignmentId");

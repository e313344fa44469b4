-- The new unique key on "Order"."cashPayoutItemId" holds: the column is new, so every value is NULL.
-- AlterTable
ALTER TABLE "CourierAccount" ADD COLUMN     "settings" TEXT NOT NULL DEFAULT '{}',
ADD COLUMN     "tokenExpiresAt" TIMESTAMPTZ(3),
ADD COLUMN     "tokenSealed" TEXT;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "cashPayoutItemId" INTEGER,
ADD COLUMN     "cashReceivedAt" TIMESTAMPTZ(3),
ADD COLUMN     "courierFeePaisa" INTEGER,
ADD COLUMN     "deliveredAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN     "defaultCourier" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "payoutOverdueDays" INTEGER NOT NULL DEFAULT 7;

-- A delivered order's delivery time is its last change to "delivered" in the status history.
UPDATE "Order" SET "deliveredAt" = (
    SELECT MAX("createdAt") FROM "OrderStatusChange"
    WHERE "OrderStatusChange"."orderId" = "Order"."id" AND "OrderStatusChange"."toStatus" = 'delivered'
) WHERE "status" = 'delivered';

-- CreateTable
CREATE TABLE "CourierLocation" (
    "courier" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "externalId" INTEGER NOT NULL,
    "parentId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "homeDelivery" BOOLEAN NOT NULL DEFAULT true,
    "fetchedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CourierLocation_pkey" PRIMARY KEY ("courier","kind","externalId")
);

-- CreateTable
CREATE TABLE "CourierAreaChoice" (
    "courier" TEXT NOT NULL,
    "areaKey" TEXT NOT NULL,
    "cityId" INTEGER NOT NULL,
    "zoneId" INTEGER NOT NULL,
    "areaId" INTEGER,
    "updatedByEmail" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CourierAreaChoice_pkey" PRIMARY KEY ("courier","areaKey")
);

-- CreateTable
CREATE TABLE "CourierPayout" (
    "id" SERIAL NOT NULL,
    "courier" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "paidAt" TIMESTAMPTZ(3),
    "source" TEXT NOT NULL,
    "collectedPaisa" INTEGER NOT NULL,
    "chargesPaisa" INTEGER NOT NULL,
    "paidPaisa" INTEGER NOT NULL,
    "createdById" INTEGER,
    "createdByEmail" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CourierPayout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CourierPayoutItem" (
    "id" SERIAL NOT NULL,
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

    CONSTRAINT "CourierPayoutItem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CourierLocation_courier_kind_parentId_idx" ON "CourierLocation"("courier", "kind", "parentId");

-- CreateIndex
CREATE INDEX "CourierPayout_createdAt_idx" ON "CourierPayout"("createdAt");

-- CreateIndex
CREATE INDEX "CourierPayout_createdById_idx" ON "CourierPayout"("createdById");

-- CreateIndex
CREATE UNIQUE INDEX "CourierPayout_courier_reference_key" ON "CourierPayout"("courier", "reference");

-- CreateIndex
CREATE INDEX "CourierPayoutItem_orderId_idx" ON "CourierPayoutItem"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "CourierPayoutItem_payoutId_consignmentId_key" ON "CourierPayoutItem"("payoutId", "consignmentId");

-- CreateIndex
CREATE UNIQUE INDEX "Order_cashPayoutItemId_key" ON "Order"("cashPayoutItemId");

-- CreateIndex
CREATE INDEX "Order_status_deliveredAt_idx" ON "Order"("status", "deliveredAt");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_cashPayoutItemId_fkey" FOREIGN KEY ("cashPayoutItemId") REFERENCES "CourierPayoutItem"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CourierPayout" ADD CONSTRAINT "CourierPayout_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "AdminUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CourierPayoutItem" ADD CONSTRAINT "CourierPayoutItem_payoutId_fkey" FOREIGN KEY ("payoutId") REFERENCES "CourierPayout"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CourierPayoutItem" ADD CONSTRAINT "CourierPayoutItem_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

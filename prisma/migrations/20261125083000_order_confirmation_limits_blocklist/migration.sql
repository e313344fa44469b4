-- Fake-order defences (docs/decisions/028-checkout-limits-and-blocklist.md): the "confirmed by
-- phone" mark on an order, the address key that checkout limits compare, the blocklist of phone
-- numbers, and the two limits in the settings. Columns are added in place (no table rebuild).
ALTER TABLE "Order" ADD COLUMN "addressKey" TEXT;
ALTER TABLE "Order" ADD COLUMN "confirmedAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "confirmedById" INTEGER REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Order" ADD COLUMN "confirmedByEmail" TEXT;
CREATE INDEX "Order_addressKey_createdAt_idx" ON "Order"("addressKey", "createdAt");

ALTER TABLE "ShopSettings" ADD COLUMN "phoneOrderLimit" INTEGER NOT NULL DEFAULT 3;
ALTER TABLE "ShopSettings" ADD COLUMN "addressOrderLimit" INTEGER NOT NULL DEFAULT 5;

CREATE TABLE "BlockedPhone" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "phone" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "createdById" INTEGER,
    "createdByEmail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BlockedPhone_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "BlockedPhone_phone_key" ON "BlockedPhone"("phone");

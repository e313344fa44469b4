-- Campaign codes, and an advance paid before dispatch by bKash or Send Money
-- (docs/decisions/060-campaign-codes.md, 061-bkash-checkout.md, 062-advance-payment.md).

-- CreateTable
CREATE TABLE "DiscountCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "code" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL,
    "value" INTEGER NOT NULL DEFAULT 0,
    "maxDiscountPaisa" INTEGER,
    "minSubtotalPaisa" INTEGER,
    "startsAt" DATETIME,
    "endsAt" DATETIME,
    "usageLimit" INTEGER,
    "perPhoneLimit" INTEGER,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "appliesTo" TEXT NOT NULL DEFAULT 'all',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "DiscountCodeTarget" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "codeId" INTEGER NOT NULL,
    "categoryId" INTEGER,
    "productId" INTEGER,
    "variantId" INTEGER,
    CONSTRAINT "DiscountCodeTarget_codeId_fkey" FOREIGN KEY ("codeId") REFERENCES "DiscountCode" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DiscountCodeTarget_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DiscountCodeTarget_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DiscountCodeTarget_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "amountPaisa" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "providerPaymentId" TEXT,
    "trxId" TEXT,
    "senderNumber" TEXT,
    "reason" TEXT NOT NULL DEFAULT '',
    "verifiedById" INTEGER,
    "verifiedByEmail" TEXT,
    "verifiedAt" DATETIME,
    "checkedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Payment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Payment_verifiedById_fkey" FOREIGN KEY ("verifiedById") REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PaymentRefund" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "paymentId" INTEGER NOT NULL,
    "amountPaisa" INTEGER NOT NULL,
    "refundTrxId" TEXT,
    "reason" TEXT NOT NULL DEFAULT '',
    "createdById" INTEGER,
    "createdByEmail" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PaymentRefund_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PaymentRefund_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "AdminUser" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PaymentAccount" (
    "provider" TEXT NOT NULL PRIMARY KEY,
    "sandbox" BOOLEAN NOT NULL DEFAULT true,
    "usernameSealed" TEXT NOT NULL,
    "passwordSealed" TEXT NOT NULL,
    "appKeySealed" TEXT NOT NULL,
    "appSecretSealed" TEXT NOT NULL,
    "appKeyHint" TEXT NOT NULL,
    "idTokenSealed" TEXT,
    "refreshTokenSealed" TEXT,
    "tokenExpiresAt" DATETIME,
    "updatedByEmail" TEXT,
    "updatedAt" DATETIME NOT NULL
);

-- An order's campaign code, discount and advance (columns added in place: the table keeps its rows and indexes).
ALTER TABLE "Order" ADD COLUMN "discountCode" TEXT;
ALTER TABLE "Order" ADD COLUMN "discountCodeId" INTEGER REFERENCES "DiscountCode" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Order" ADD COLUMN "discountPaisa" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "shippingDiscountPaisa" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "advancePaisa" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "advanceStatus" TEXT;
ALTER TABLE "Order" ADD COLUMN "advancePaidPaisa" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "advanceRefundedPaisa" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "advanceDueBy" DATETIME;
CREATE INDEX "Order_discountCodeId_customerPhone_idx" ON "Order"("discountCodeId", "customerPhone");
CREATE INDEX "Order_advanceStatus_advanceDueBy_idx" ON "Order"("advanceStatus", "advanceDueBy");

-- The shop's advance rule and Send Money numbers. Columns are added, not the table rebuilt, so the
-- settings' catalogue-change triggers stay.
ALTER TABLE "ShopSettings" ADD COLUMN "advanceKind" TEXT NOT NULL DEFAULT 'none';
ALTER TABLE "ShopSettings" ADD COLUMN "advanceValue" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "ShopSettings" ADD COLUMN "advanceFor" TEXT NOT NULL DEFAULT 'all';
ALTER TABLE "ShopSettings" ADD COLUMN "advanceAbovePaisa" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "ShopSettings" ADD COLUMN "advanceWindowMinutes" INTEGER NOT NULL DEFAULT 120;
ALTER TABLE "ShopSettings" ADD COLUMN "bkashSendMoneyNumber" TEXT NOT NULL DEFAULT '';
ALTER TABLE "ShopSettings" ADD COLUMN "nagadSendMoneyNumber" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE UNIQUE INDEX "DiscountCode_code_key" ON "DiscountCode"("code");

-- CreateIndex
CREATE INDEX "DiscountCode_isActive_endsAt_idx" ON "DiscountCode"("isActive", "endsAt");

-- CreateIndex
CREATE INDEX "DiscountCodeTarget_codeId_idx" ON "DiscountCodeTarget"("codeId");

-- CreateIndex
CREATE INDEX "DiscountCodeTarget_categoryId_idx" ON "DiscountCodeTarget"("categoryId");

-- CreateIndex
CREATE INDEX "DiscountCodeTarget_productId_idx" ON "DiscountCodeTarget"("productId");

-- CreateIndex
CREATE INDEX "DiscountCodeTarget_variantId_idx" ON "DiscountCodeTarget"("variantId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_providerPaymentId_key" ON "Payment"("providerPaymentId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_trxId_key" ON "Payment"("trxId");

-- CreateIndex
CREATE INDEX "Payment_orderId_idx" ON "Payment"("orderId");

-- CreateIndex
CREATE INDEX "Payment_status_createdAt_idx" ON "Payment"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentRefund_refundTrxId_key" ON "PaymentRefund"("refundTrxId");

-- CreateIndex
CREATE INDEX "PaymentRefund_paymentId_idx" ON "PaymentRefund"("paymentId");

-- Campaign codes, and an advance paid before dispatch by bKash or Send Money
-- (docs/decisions/060-campaign-codes.md, 061-bkash-checkout.md, 062-advance-payment.md).

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "advanceDueBy" TIMESTAMPTZ(3),
ADD COLUMN     "advancePaidPaisa" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "advancePaisa" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "advanceRefundedPaisa" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "advanceStatus" TEXT,
ADD COLUMN     "discountCode" TEXT,
ADD COLUMN     "discountCodeId" INTEGER,
ADD COLUMN     "discountPaisa" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "shippingDiscountPaisa" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN     "advanceAbovePaisa" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "advanceFor" TEXT NOT NULL DEFAULT 'all',
ADD COLUMN     "advanceKind" TEXT NOT NULL DEFAULT 'none',
ADD COLUMN     "advanceValue" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "advanceWindowMinutes" INTEGER NOT NULL DEFAULT 120,
ADD COLUMN     "bkashSendMoneyNumber" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "nagadSendMoneyNumber" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "DiscountCode" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL,
    "value" INTEGER NOT NULL DEFAULT 0,
    "maxDiscountPaisa" INTEGER,
    "minSubtotalPaisa" INTEGER,
    "startsAt" TIMESTAMPTZ(3),
    "endsAt" TIMESTAMPTZ(3),
    "usageLimit" INTEGER,
    "perPhoneLimit" INTEGER,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "appliesTo" TEXT NOT NULL DEFAULT 'all',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DiscountCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiscountCodeTarget" (
    "id" SERIAL NOT NULL,
    "codeId" INTEGER NOT NULL,
    "categoryId" INTEGER,
    "productId" INTEGER,
    "variantId" INTEGER,

    CONSTRAINT "DiscountCodeTarget_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" SERIAL NOT NULL,
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
    "verifiedAt" TIMESTAMPTZ(3),
    "checkedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentRefund" (
    "id" SERIAL NOT NULL,
    "paymentId" INTEGER NOT NULL,
    "amountPaisa" INTEGER NOT NULL,
    "refundTrxId" TEXT,
    "reason" TEXT NOT NULL DEFAULT '',
    "createdById" INTEGER,
    "createdByEmail" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentRefund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentAccount" (
    "provider" TEXT NOT NULL,
    "sandbox" BOOLEAN NOT NULL DEFAULT true,
    "usernameSealed" TEXT NOT NULL,
    "passwordSealed" TEXT NOT NULL,
    "appKeySealed" TEXT NOT NULL,
    "appSecretSealed" TEXT NOT NULL,
    "appKeyHint" TEXT NOT NULL,
    "idTokenSealed" TEXT,
    "refreshTokenSealed" TEXT,
    "tokenExpiresAt" TIMESTAMPTZ(3),
    "updatedByEmail" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PaymentAccount_pkey" PRIMARY KEY ("provider")
);

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

-- CreateIndex
CREATE INDEX "Order_discountCodeId_customerPhone_idx" ON "Order"("discountCodeId", "customerPhone");

-- CreateIndex
CREATE INDEX "Order_advanceStatus_advanceDueBy_idx" ON "Order"("advanceStatus", "advanceDueBy");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "DiscountCode"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountCodeTarget" ADD CONSTRAINT "DiscountCodeTarget_codeId_fkey" FOREIGN KEY ("codeId") REFERENCES "DiscountCode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountCodeTarget" ADD CONSTRAINT "DiscountCodeTarget_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountCodeTarget" ADD CONSTRAINT "DiscountCodeTarget_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountCodeTarget" ADD CONSTRAINT "DiscountCodeTarget_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_verifiedById_fkey" FOREIGN KEY ("verifiedById") REFERENCES "AdminUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentRefund" ADD CONSTRAINT "PaymentRefund_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentRefund" ADD CONSTRAINT "PaymentRefund_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "AdminUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

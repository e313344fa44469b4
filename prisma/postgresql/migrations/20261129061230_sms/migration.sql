-- AlterTable
ALTER TABLE "ShopSettings" ADD COLUMN     "checkoutCode" TEXT NOT NULL DEFAULT 'off';

-- CreateTable
CREATE TABLE "SmsGateway" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "provider" TEXT NOT NULL,
    "settings" TEXT NOT NULL DEFAULT '{}',
    "secretSealed" TEXT NOT NULL DEFAULT '',
    "secretHint" TEXT NOT NULL DEFAULT '',
    "updatedByEmail" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SmsGateway_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmsTemplate" (
    "event" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "textEn" TEXT NOT NULL,
    "textBn" TEXT NOT NULL,
    "updatedByEmail" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SmsTemplate_pkey" PRIMARY KEY ("event")
);

-- CreateTable
CREATE TABLE "SmsMessage" (
    "id" SERIAL NOT NULL,
    "event" TEXT NOT NULL,
    "orderId" INTEGER,
    "phone" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'bn',
    "text" TEXT NOT NULL DEFAULT '',
    "state" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedUntil" TIMESTAMPTZ(3),
    "parts" INTEGER NOT NULL DEFAULT 0,
    "provider" TEXT,
    "gatewayReference" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMPTZ(3),

    CONSTRAINT "SmsMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PhoneVerification" (
    "id" SERIAL NOT NULL,
    "phone" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "verifiedAt" TIMESTAMPTZ(3),

    CONSTRAINT "PhoneVerification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SmsMessage_state_nextAttemptAt_idx" ON "SmsMessage"("state", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "SmsMessage_event_createdAt_idx" ON "SmsMessage"("event", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "SmsMessage_orderId_event_key" ON "SmsMessage"("orderId", "event");

-- CreateIndex
CREATE INDEX "PhoneVerification_phone_createdAt_idx" ON "PhoneVerification"("phone", "createdAt");

-- CreateIndex
CREATE INDEX "PhoneVerification_address_createdAt_idx" ON "PhoneVerification"("address", "createdAt");

-- AddForeignKey
ALTER TABLE "SmsMessage" ADD CONSTRAINT "SmsMessage_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

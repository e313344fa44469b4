-- CreateTable
CREATE TABLE "SmsGateway" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "provider" TEXT NOT NULL,
    "settings" TEXT NOT NULL DEFAULT '{}',
    "secretSealed" TEXT NOT NULL DEFAULT '',
    "secretHint" TEXT NOT NULL DEFAULT '',
    "updatedByEmail" TEXT,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SmsTemplate" (
    "event" TEXT NOT NULL PRIMARY KEY,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "textEn" TEXT NOT NULL,
    "textBn" TEXT NOT NULL,
    "updatedByEmail" TEXT,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SmsMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "event" TEXT NOT NULL,
    "orderId" INTEGER,
    "phone" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'bn',
    "text" TEXT NOT NULL DEFAULT '',
    "state" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedUntil" DATETIME,
    "parts" INTEGER NOT NULL DEFAULT 0,
    "provider" TEXT,
    "gatewayReference" TEXT,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" DATETIME,
    CONSTRAINT "SmsMessage_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PhoneVerification" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "phone" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "verifiedAt" DATETIME
);

-- AlterTable: a column added in place (SQLite rebuilds nothing, so the shop's settings row stays as it is).
ALTER TABLE "ShopSettings" ADD COLUMN "checkoutCode" TEXT NOT NULL DEFAULT 'off';

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

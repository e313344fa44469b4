-- AlterTable
ALTER TABLE "AdminUser" ADD COLUMN "totpEnabledAt" DATETIME;
ALTER TABLE "AdminUser" ADD COLUMN "totpLastStep" INTEGER;
ALTER TABLE "AdminUser" ADD COLUMN "totpSecretSealed" TEXT;

-- CreateTable
CREATE TABLE "RecoveryCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" DATETIME,
    CONSTRAINT "RecoveryCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "AdminUser" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ShopSettings" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "name" TEXT NOT NULL,
    "nameBn" TEXT NOT NULL DEFAULT '',
    "tagline" TEXT NOT NULL,
    "taglineBn" TEXT NOT NULL DEFAULT '',
    "about" TEXT NOT NULL,
    "aboutBn" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "addressBn" TEXT NOT NULL DEFAULT '',
    "insideDhakaFeePaisa" INTEGER NOT NULL DEFAULT 6000,
    "outsideDhakaFeePaisa" INTEGER NOT NULL DEFAULT 12000,
    "freeDeliveryMinPaisa" INTEGER,
    "defaultLanguage" TEXT NOT NULL DEFAULT 'en',
    "tradeLicence" TEXT NOT NULL DEFAULT '',
    "bin" TEXT NOT NULL DEFAULT '',
    "phoneOrderLimit" INTEGER NOT NULL DEFAULT 3,
    "addressOrderLimit" INTEGER NOT NULL DEFAULT 5,
    "lowStockThreshold" INTEGER NOT NULL DEFAULT 5,
    "courierCsvColumns" TEXT NOT NULL DEFAULT '',
    "requireOwnerTwoFactor" BOOLEAN NOT NULL DEFAULT false,
    "logoId" INTEGER,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ShopSettings_logoId_fkey" FOREIGN KEY ("logoId") REFERENCES "Image" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_ShopSettings" ("about", "aboutBn", "address", "addressBn", "addressOrderLimit", "bin", "courierCsvColumns", "defaultLanguage", "email", "freeDeliveryMinPaisa", "id", "insideDhakaFeePaisa", "logoId", "lowStockThreshold", "name", "nameBn", "outsideDhakaFeePaisa", "phone", "phoneOrderLimit", "tagline", "taglineBn", "tradeLicence", "updatedAt") SELECT "about", "aboutBn", "address", "addressBn", "addressOrderLimit", "bin", "courierCsvColumns", "defaultLanguage", "email", "freeDeliveryMinPaisa", "id", "insideDhakaFeePaisa", "logoId", "lowStockThreshold", "name", "nameBn", "outsideDhakaFeePaisa", "phone", "phoneOrderLimit", "tagline", "taglineBn", "tradeLicence", "updatedAt" FROM "ShopSettings";
DROP TABLE "ShopSettings";
ALTER TABLE "new_ShopSettings" RENAME TO "ShopSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "RecoveryCode_userId_idx" ON "RecoveryCode"("userId");

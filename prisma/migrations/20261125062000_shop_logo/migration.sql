-- The shop's logo: an Image (stored through the image pipeline) the settings point to.

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
    "logoId" INTEGER,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ShopSettings_logoId_fkey" FOREIGN KEY ("logoId") REFERENCES "Image" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_ShopSettings" ("id", "name", "nameBn", "tagline", "taglineBn", "about", "aboutBn", "email", "phone", "address", "addressBn", "insideDhakaFeePaisa", "outsideDhakaFeePaisa", "freeDeliveryMinPaisa", "defaultLanguage", "tradeLicence", "bin", "updatedAt")
SELECT "id", "name", "nameBn", "tagline", "taglineBn", "about", "aboutBn", "email", "phone", "address", "addressBn", "insideDhakaFeePaisa", "outsideDhakaFeePaisa", "freeDeliveryMinPaisa", "defaultLanguage", "tradeLicence", "bin", "updatedAt" FROM "ShopSettings";
DROP TABLE "ShopSettings";
ALTER TABLE "new_ShopSettings" RENAME TO "ShopSettings";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

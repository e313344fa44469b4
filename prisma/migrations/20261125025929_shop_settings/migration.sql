-- CreateTable
CREATE TABLE "ShopSettings" (
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
    "updatedAt" DATETIME NOT NULL
);

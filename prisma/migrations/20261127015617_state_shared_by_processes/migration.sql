-- State that several server processes share (docs/decisions/052-one-process-per-core.md): the sign-ins
-- held between the password and the two-factor code, which were in one process's memory, and who is
-- fetching an imported picture, and until when, so that a process starting up takes over only the
-- pictures whose process stopped, not another running process's.

-- CreateTable
CREATE TABLE "HeldSignIn" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "nonce" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "until" DATETIME NOT NULL,
    CONSTRAINT "HeldSignIn_userId_fkey" FOREIGN KEY ("userId") REFERENCES "AdminUser" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ProductImportImage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "importId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "productName" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "variantIds" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "error" TEXT NOT NULL DEFAULT '',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claim" TEXT NOT NULL DEFAULT '',
    "claimUntil" DATETIME,
    CONSTRAINT "ProductImportImage_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ProductImport" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ProductImportImage" ("attempts", "error", "id", "importId", "position", "productId", "productName", "status", "url", "variantIds") SELECT "attempts", "error", "id", "importId", "position", "productId", "productName", "status", "url", "variantIds" FROM "ProductImportImage";
DROP TABLE "ProductImportImage";
ALTER TABLE "new_ProductImportImage" RENAME TO "ProductImportImage";
CREATE INDEX "ProductImportImage_status_id_idx" ON "ProductImportImage"("status", "id");
CREATE INDEX "ProductImportImage_importId_idx" ON "ProductImportImage"("importId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Migrations run with the server stopped: a picture left "fetching" was cut off, and is queued again.
UPDATE "ProductImportImage" SET "status" = 'pending' WHERE "status" = 'fetching';

-- CreateIndex
CREATE UNIQUE INDEX "HeldSignIn_nonce_key" ON "HeldSignIn"("nonce");

-- CreateIndex
CREATE INDEX "HeldSignIn_userId_idx" ON "HeldSignIn"("userId");

-- CreateIndex
CREATE INDEX "HeldSignIn_until_idx" ON "HeldSignIn"("until");

-- CreateTable
CREATE TABLE "RefusedSignIn" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "email" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "count" INTEGER NOT NULL DEFAULT 1
);

-- CreateIndex
CREATE INDEX "RefusedSignIn_createdAt_idx" ON "RefusedSignIn"("createdAt");

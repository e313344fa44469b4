-- Admin sessions are stored hashed and gain an idle timeout (docs/decisions/005-sessions.md):
--   * the primary key "id" (the cookie's token itself) becomes "tokenHash", the SHA-256 of the
--     token in lowercase hex, so a copy of the database cannot be replayed as a session;
--   * "lastSeenAt" records when the session was last used, for the 12-hour idle timeout.
--
-- Existing sessions are dropped, not copied: their tokens are not stored hashed and their
-- last use is unknown. Every member of staff simply signs in again after the upgrade. (The
-- shoppers' carts live in cookies and are not affected.)

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Session" (
    "tokenHash" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "AdminUser" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- No INSERT INTO "new_Session" ... SELECT ... FROM "Session": every existing session ends here.
DROP TABLE "Session";
ALTER TABLE "new_Session" RENAME TO "Session";
CREATE INDEX "Session_userId_idx" ON "Session"("userId");
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

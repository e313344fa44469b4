-- AlterTable: a column added in place (SQLite rebuilds nothing, so the outbox stays as it is).
ALTER TABLE "SmsMessage" ADD COLUMN "resends" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "SmsMessage" ADD COLUMN     "resends" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN "area" TEXT;
ALTER TABLE "Order" ADD COLUMN "district" TEXT;

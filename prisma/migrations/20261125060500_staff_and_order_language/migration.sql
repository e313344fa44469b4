-- The back office's language per staff member, and the language an order was placed in (its invoice's).
ALTER TABLE "AdminUser" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "Order" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'en';

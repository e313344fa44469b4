-- The fake-order signals look up a phone's orders (its history, and duplicates within hours).
CREATE INDEX "Order_customerPhone_createdAt_idx" ON "Order"("customerPhone", "createdAt");

-- The customers list's figures (app/models/customers/customer-list.server.ts) are one GROUP BY of
-- "Order" by phone over its status, delivery state and total: read from this index alone.
-- CreateIndex
CREATE INDEX "Order_customerPhone_status_deliveryState_totalPaisa_idx" ON "Order"("customerPhone", "status", "deliveryState", "totalPaisa");

-- DropIndex
DROP INDEX "OrderItem_orderId_idx";

-- CreateIndex
CREATE INDEX "Order_report_idx" ON "Order"("createdAt", "status", "deliveryState", "district", "courier", "totalPaisa", "discountPaisa", "shippingDiscountPaisa", "shippingFeePaisa", "discountCode");

-- CreateIndex
CREATE INDEX "OrderItem_report_idx" ON "OrderItem"("orderId", "productId", "variantId", "quantity", "subtotalPaisa");

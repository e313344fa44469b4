/**
 * The invoice (docs/decisions/015-order-status-history-and-invoice.md): the order page's Invoice
 * block and GET /admin/orders/view/:id/invoice.png are built from the same view model; the PNG is
 * an attachment named invoice.png, private and not stored, and only for a signed-in admin.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loader as invoiceLoader } from "~/routes/admin.orders.view.$id.invoice[.]png";
import { loader as orderLoader } from "~/routes/admin.orders.view.$id/route";
import { prisma } from "~/models/db/client.server";
import { getEnv } from "~/config/env.server";
import { saveShopSettings, getShopSettings } from "~/models/settings.server";
import { INVOICE_WIDTH_PX } from "~/server/media/invoice-image.server";
import { createAdmin, get, runData, signedInJar } from "./helpers";

async function makeOrder(customerName: string, address: { district?: string; area?: string } = {}) {
  return prisma.order.create({
    data: {
      ...address,
      customerName,
      customerEmail: "buyer@example.com",
      customerPhone: "01912345678",
      customerAddress: "বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫",
      shippingMethod: "Outside Dhaka",
      shippingFeePaisa: 12000,
      subtotalPaisa: 250000,
      totalPaisa: 262000,
      itemCount: 3,
      checkoutToken: `inv-${Math.random()}`,
      items: {
        create: [
          { productName: "এলইডি বাল্ব", unitPricePaisa: 50000, quantity: 2, subtotalPaisa: 100000 },
          { productName: "Ceiling Fan", unitPricePaisa: 150000, quantity: 1, subtotalPaisa: 150000 },
        ],
      },
    },
  });
}

async function fetchInvoice(id: number | string, cookie?: string): Promise<Response> {
  const request = new Request(`http://localhost:3000/admin/orders/view/${id}/invoice.png`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  try {
    return (await invoiceLoader({ request, params: { id: String(id) }, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("invoice", () => {
  it("the order page's Invoice block has the seller, customer, lines and totals", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    const order = await makeOrder("রহিম উদ্দিন");
    const { invoice } = await runData(orderLoader, get(`/admin/orders/view/${order.id}`, jar), {
      id: String(order.id),
    });
    // The shop's settings, created on first use from the environment's SHOP_* values.
    const env = getEnv();
    expect(invoice.seller).toEqual({
      name: env.SHOP_NAME,
      address: env.SHOP_ADDRESS,
      email: env.SHOP_EMAIL,
      phone: env.SHOP_PHONE,
      tradeLicence: "",
      bin: "",
      logo: null,
    });
    expect(invoice.orderId).toBe(order.id);
    expect(invoice.customer).toEqual({
      name: "রহিম উদ্দিন",
      email: "buyer@example.com",
      phone: "01912345678",
      address: "বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫",
    });
    expect(invoice.lines).toEqual([
      { product: "এলইডি বাল্ব", sku: "", quantity: "2", price: "৳500.00", subtotal: "৳1,000.00" },
      { product: "Ceiling Fan", sku: "", quantity: "1", price: "৳1,500.00", subtotal: "৳1,500.00" },
    ]);
    expect([invoice.totalAmount, invoice.shippingCharge, invoice.totalInclShipping]).toEqual([
      "৳2,500.00",
      "৳120.00",
      "৳2,620.00",
    ]);
    expect(invoice.orderDate.iso).toBe(order.createdAt.toISOString());
  });

  it("shows the area and district with the address; an order without them shows the address alone", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    const placed = await makeOrder("করিম", { district: "Sylhet", area: "জিন্দাবাজার" });
    const page = await runData(orderLoader, get(`/admin/orders/view/${placed.id}`, jar), { id: String(placed.id) });
    expect(page.order).toMatchObject({ district: "Sylhet", area: "জিন্দাবাজার" });
    expect(page.invoice.customer.address).toBe("বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫\nজিন্দাবাজার, Sylhet");
    const older = await makeOrder("রহিম");
    const olderPage = await runData(orderLoader, get(`/admin/orders/view/${older.id}`, jar), { id: String(older.id) });
    expect(olderPage.order).toMatchObject({ district: null, area: null });
    expect(olderPage.invoice.customer.address).toBe("বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা ১২০৫");
  });

  it("prints the trade licence and the BIN once the owner sets them", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    const order = await makeOrder("Karim");
    const current = await getShopSettings();
    const { id: _id, updatedAt: _at, logoId: _logoId, logo: _logo, ...input } = current;
    await saveShopSettings({ ...input, tradeLicence: "TRAD/DNCC/012345/2026", bin: "000123456-0101" });
    const { invoice } = await runData(orderLoader, get(`/admin/orders/view/${order.id}`, jar), {
      id: String(order.id),
    });
    expect(invoice.seller).toMatchObject({ tradeLicence: "TRAD/DNCC/012345/2026", bin: "000123456-0101" });
  });

  it("invoice.png: a PNG attachment named invoice.png, private and not stored", async () => {
    const jar = await signedInJar((await createAdmin()).id);
    const order = await makeOrder(`<script>alert("x")</script> & 'রহিম'`);
    const started = performance.now();
    const response = await fetchInvoice(order.id, jar.header());
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="invoice.png"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(Number(response.headers.get("Content-Length"))).toBe(png.length);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(INVOICE_WIDTH_PX);
    expect(meta.height).toBeGreaterThan(600);
    expect(elapsed).toBeLessThan(15_000);
  });

  it("refuses without a session and answers 404 for a missing order", async () => {
    const order = await makeOrder("Karim");
    const anonymous = await fetchInvoice(order.id);
    expect(anonymous).toRedirectTo(/^\/admin\/login\?redirectTo=/, { status: 302 });
    const jar = await signedInJar((await createAdmin()).id);
    expect((await fetchInvoice(99_999_999, jar.header())).status).toBe(404);
    expect((await fetchInvoice("abc", jar.header())).status).toBe(404);
  });
});

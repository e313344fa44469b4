/**
 * GET /admin/orders/view/:id/invoice.png: the order's invoice as a PNG download (the order page's
 * "Download Invoice"), rendered on the server from the same view model as the on-page Invoice
 * block, in the order's language. A resource route: a plain link works without JavaScript.
 * Answers 404 'Order not found' for a missing order, 503 when rendering failed or timed out.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOrderForAdmin } from "~/models/orders/order-reads.server";
import { orderInvoice } from "~/models/orders/order-invoice.server";
import { notFound, parseId } from "~/utils/params";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { renderInvoicePng } from "~/server/media/invoice-image.server";
import { log } from "~/server/log.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = staffTranslator(await requireAdmin(request));
  const id = parseId(params.id);
  const order = id === null ? null : await getOrderForAdmin(id);
  if (!order) throw notFound(t("admin.order.notFound"));
  const noStore = { "Cache-Control": "private, no-store" };
  try {
    const { png } = await renderInvoicePng(await orderInvoice(order));
    return new Response(new Uint8Array(png), {
      headers: {
        ...noStore,
        "Content-Type": "image/png",
        "Content-Length": String(png.length),
        "Content-Disposition": 'attachment; filename="invoice.png"',
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    log.error({ err: error }, "Drawing an invoice failed");
    return new Response(t("invoice.renderFailed"), {
      status: 503,
      headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/**
 * GET /admin/orders/view/:id/invoice.png: the order's invoice as a PNG download (spec section 2,
 * "Download Invoice"), rendered on the server from the same view model as the on-page Invoice
 * block, in the order's language. A resource route: a plain link works without JavaScript.
 * Answers 404 'Order not found' for a missing order, 503 when rendering failed or timed out.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLang } from "~/i18n";
import { getOrderForAdmin } from "~/models/order.server";
import { notFound, parseId } from "~/utils/params";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { getShopSettings, invoiceSeller } from "~/models/settings.server";
import { buildInvoice } from "~/rules/invoice";
import { renderInvoicePng } from "~/server/media/invoice-image.server";
import { log } from "~/server/log.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const t = staffTranslator(await requireAdmin(request));
  const id = parseId(params.id);
  const order = id === null ? null : await getOrderForAdmin(id);
  if (!order) throw notFound(t("admin.order.notFound"));
  const noStore = { "Cache-Control": "private, no-store" };
  try {
    const lang = isLang(order.language) ? order.language : "en";
    const { png } = await renderInvoicePng(buildInvoice(order, invoiceSeller(await getShopSettings(), lang), lang));
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

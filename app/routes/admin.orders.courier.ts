import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { orderSelectionSchema } from "~/forms/admin-schemas";
import { refreshDeliveryStatuses, sendOrdersToCourier } from "~/server/couriers/hand-off.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin, safeRedirect } from "~/server/auth/auth.server";
import { courierFailure, handOffMessage, refreshMessage } from "~/server/couriers/messages.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";

/** Parcels one click of "Refresh parcel statuses" asks about (four at a time), so the page answers soon. */
const REFRESH_PER_CLICK = 50;

/** GET has nothing to show: the list is where orders are chosen. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/orders");
}

/** Where to go after: `back` when it is the orders list (filters kept) or an order's page, else the list. */
function backTo(back: FormDataEntryValue | null): string {
  const path = safeRedirect(typeof back === "string" ? back : null, "/admin/orders");
  return /^\/admin\/orders(\/view\/\d+)?\/?(\?|$)/.test(path) ? path : "/admin/orders";
}

/**
 * POST /admin/orders/courier (docs/decisions/029-courier-hand-off.md), from the orders list's
 * selection or an order's page, then back with one message:
 * - `intent=send` with `order` ids: hands them to the courier (each accepted order is "shipped");
 * - `intent=refresh`: asks the courier where the parcels are (`order` ids to ask about only those).
 * The courier unreachable, or refusing the keys, changes nothing and says so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const back = backTo(form.get("back"));
  const intent = form.get("intent");
  const chosen = form.getAll("order").map(String);
  try {
    if (intent === "refresh") {
      const ids = chosen.length > 0 ? orderSelectionSchema(t).safeParse(chosen) : null;
      // A click waits for the answers: at most REFRESH_PER_CLICK parcels, the longest unread first;
      // the schedule reads the rest.
      const result = await refreshDeliveryStatuses({
        admin,
        orderIds: ids?.success ? ids.data : undefined,
        limit: REFRESH_PER_CLICK,
      });
      return redirectWithToast(request, back, refreshMessage(result, t));
    }
    if (intent !== "send") return redirectWithToast(request, back, { kind: "error", message: t("error.generic") });
    const parsed = orderSelectionSchema(t).safeParse(chosen);
    if (!parsed.success) {
      return redirectWithToast(request, back, { kind: "error", message: parsed.error.issues[0]!.message });
    }
    const result = await sendOrdersToCourier(parsed.data, admin);
    for (const parcel of result.sent) {
      await audit(context, admin, {
        action: "order.sent-to-courier",
        subjectType: "order",
        subjectId: parcel.orderId,
        summary: `Steadfast ${parcel.trackingCode}`,
      });
    }
    return redirectWithToast(request, back, handOffMessage(result, t));
  } catch (error) {
    const message = courierFailure(error, t);
    if (message === null) throw error;
    return redirectWithToast(request, back, { kind: "error", message });
  }
}

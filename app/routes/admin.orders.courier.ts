import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { orderSelectionSchema } from "~/forms/admin-schemas";
import { refreshParcelStatuses, sendOrdersToCourier } from "~/server/couriers/hand-off.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin, safeRedirect } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";

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
 * - `intent=refresh`: asks the courier where the parcels are (`order` ids to ask about only those,
 *   else the ones unread longest, a few per click).
 * The courier unreachable, or refusing the keys, changes nothing and says so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const back = backTo(form.get("back"));
  const intent = form.get("intent");
  const chosen = form.getAll("order").map(String);
  if (intent === "refresh") {
    const ids = chosen.length > 0 ? orderSelectionSchema(t).safeParse(chosen) : null;
    return redirectWithToast(request, back, await refreshParcelStatuses(admin, ids?.success ? ids.data : undefined));
  }
  if (intent !== "send") return redirectWithToast(request, back, { kind: "error", message: t("error.generic") });
  const parsed = orderSelectionSchema(t).safeParse(chosen);
  if (!parsed.success) {
    return redirectWithToast(request, back, { kind: "error", message: parsed.error.issues[0]!.message });
  }
  return redirectWithToast(request, back, await sendOrdersToCourier(parsed.data, admin, context));
}

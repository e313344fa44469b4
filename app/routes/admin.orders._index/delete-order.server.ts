import type { AdminUser } from "~/models/auth/admin-user.server";
import { deleteOrder } from "~/models/orders/order-status.server";
import { deleteSchema } from "~/forms/admin-schemas";
import { staffTranslator } from "~/server/admin-i18n.server";
import { clientAddressOf } from "~/server/audit.server";
import { safeRedirect } from "~/server/auth/auth.server";
import { log } from "~/server/log.server";
import { redirectWithToast } from "~/server/toast-cookie.server";

/** Where to go after deleting: a local /admin/orders list URL (filters and page kept), else the list. */
function backToList(back: FormDataEntryValue | null): string {
  const path = safeRedirect(typeof back === "string" ? back : null, "/admin/orders");
  return /^\/admin\/orders\/?(\?|$)/.test(path) ? path : "/admin/orders";
}

/**
 * The orders list's action: deletes an order (POST only, after the confirmation) as `admin` (owners
 * only, staff get a message): its line items and the order in one transaction, then `back` (the
 * list as it was, from the `form`) with a message. A deletion that fails is logged and said.
 */
export async function deleteOrderAction(request: Request, context: unknown, admin: AdminUser, form: FormData) {
  const t = staffTranslator(admin);
  const back = backToList(form.get("back"));
  const parsed = deleteSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return redirectWithToast(request, back, { kind: "error", message: t("admin.orders.deleteFailed") });
  }
  const { id } = parsed.data;
  if (admin.role !== "owner") {
    return redirectWithToast(request, back, { kind: "error", message: t("admin.orders.deleteOwnerOnly") });
  }
  try {
    if (!(await deleteOrder(id, admin, clientAddressOf(context)))) {
      return redirectWithToast(request, back, { kind: "error", message: t("admin.orders.deleteMissing", { id }) });
    }
  } catch (error) {
    log.error({ err: error }, "Deleting an order failed");
    return redirectWithToast(request, back, { kind: "error", message: t("admin.orders.deleteFailed") });
  }
  return redirectWithToast(request, back, { kind: "success", message: t("admin.orders.deleted", { id }) });
}

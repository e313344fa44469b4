/**
 * The order page's decisions on a Send Money payment (docs/decisions/062-advance-payment.md), by
 * staff or the owner: `intent=verify-payment` (the payment verified, the advance credited) and
 * `intent=reject-payment` (not verified, with a reason; the advance due again with a new
 * deadline). Each answers with a redirect to the order and a message, and writes its line of the
 * audit trail; a payment already decided (a double click, two staff members at once) changes
 * nothing and says so.
 */
import type { AdminUser } from "~/models/auth/admin-user.server";
import { rejectSendMoney, verifySendMoney, type SendMoneyDecision } from "~/models/payments/send-money.server";
import { getShopSettings } from "~/models/settings.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { parseId } from "~/utils/params";

/** What each decision is given: the request, its load context, who acts, the order and the form. */
type OrderAction = { request: Request; context: unknown; admin: AdminUser; id: number; form: FormData };

/**
 * `intent=verify-payment` or `intent=reject-payment` on order `id`'s payment `paymentId` (a form
 * field). Not verified needs a `reason` (1 to 300 characters): without one nothing changes and the
 * message asks for it.
 */
export async function decideSendMoney({ request, context, admin, id, form }: OrderAction, verified: boolean) {
  const t = staffTranslator(admin);
  const url = `/admin/orders/view/${id}`;
  const paymentId = parseId(String(form.get("paymentId") ?? ""));
  const reason = String(form.get("reason") ?? "").trim();
  if (!verified && (reason === "" || reason.length > 300)) {
    return redirectWithToast(request, url, { kind: "error", message: t("admin.advance.reasonRequired") });
  }
  let result: SendMoneyDecision = { outcome: "not-found" };
  if (paymentId !== null) {
    // Only this order's payments are decided from its page's address.
    result = verified
      ? await verifySendMoney(id, paymentId, admin)
      : await rejectSendMoney(id, paymentId, admin, reason, (await getShopSettings()).advanceWindowMinutes);
  }
  switch (result.outcome) {
    case "done":
      await audit(context, admin, {
        action: verified ? "order.advance-verified" : "order.advance-rejected",
        subjectType: "order",
        subjectId: id,
        summary: verified ? `payment ${paymentId}` : reason.slice(0, 120),
        details: { paymentId, ...(verified ? {} : { reason }) },
      });
      return redirectWithToast(request, url, {
        kind: "success",
        message: t(verified ? "admin.advance.verified" : "admin.advance.rejected", { id }),
      });
    case "already-decided":
      return redirectWithToast(request, url, { kind: "info", message: t("admin.advance.alreadyDecided") });
    case "not-found":
      return redirectWithToast(request, url, { kind: "error", message: t("admin.advance.notFound") });
  }
}

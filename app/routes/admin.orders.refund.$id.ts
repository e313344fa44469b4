/**
 * POST /admin/orders/refund/:id: the owner gives back part or all of an order's completed bKash
 * payment through bKash's refund API (docs/decisions/061-bkash-checkout.md): never more than the
 * payment's amount less what was refunded of it (refused with a message before bKash is asked).
 * Answers with a redirect to the order's page and a toast; the refund is in the audit trail.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { bkashRefundSchema } from "~/forms/payment-schemas";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin, requireOwner } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { refundBkashPayment } from "~/server/payments/bkash-checkout.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { requireId } from "~/utils/params";

/** GET has nothing to show: the refund form is on the order's page, where this sends a signed-in member of staff. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect(`/admin/orders/view/${requireId(params.id)}`);
}

/** Refunds (see the module's comment). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireOwner(request);
  const id = requireId(params.id);
  const t = staffTranslator(admin);
  const back = `/admin/orders/view/${id}`;
  const parsed = bkashRefundSchema(t).safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    return redirectWithToast(request, back, { kind: "error", message: t("admin.payments.amountInvalid") });
  }
  const { paymentId, amount, reason } = parsed.data;
  return redirectWithToast(
    request,
    back,
    await refundBkashPayment(id, { paymentId, amountPaisa: amount, reason }, admin, context),
  );
}

/**
 * "Place order" on /admin/orders/new (docs/decisions/063-staff-orders.md): every field checked as
 * at checkout (the contact fields through the checkout's own schema, in the staff member's
 * language), then the placement through the shopper's (`placeStaffOrder`), recorded in the audit
 * trail with an owner's override; or the refusal, in the staff member's language, with the reason.
 */
import type { data } from "@remix-run/node";
import { checkoutSchema } from "~/forms/schemas";
import { fieldErrorsFrom } from "~/forms/refusal";
import { isLang } from "~/i18n";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { findBlockedPhone } from "~/models/orders/blocklist.server";
import { findOrderByCheckoutToken } from "~/models/orders/place-order.server";
import { orderTotalPaisa, placeStaffOrder, staffOrderSettings } from "~/models/orders/staff-order.server";
import { formatMoney, parseTakaToPaisa } from "~/rules/money";
import { isOrderSource } from "~/rules/order-source";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { serverTranslator } from "~/server/i18n.server";
import { announceNewOrder } from "~/server/mail/order-emails.server";
import { log } from "~/server/log.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import type { StaffOrderView } from "./form-state";
import {
  buildView,
  chosenFeePaisa,
  countedLines,
  DISCOUNT_REASON_MAX,
  draftState,
  draftToken,
  newCheckoutToken,
  type StaffOrderState,
} from "./staff-order.server";

/** The most characters of the order's note and of an owner's override note. */
export const NOTE_MAX = 1000;

/** What the form's action is given: the request, its load context, the signed-in admin and the posted form. */
export type StaffOrderArgs = { request: Request; context: unknown; admin: AdminUser; form: FormData };

/** Answers the form again for the state being handled, with `status` and the messages in `extra`. */
export type ViewAnswer = (
  status: number,
  extra?: Parameters<typeof buildView>[2],
) => Promise<ReturnType<typeof data<StaffOrderView>>>;

/**
 * "Place order" for `state`: a redirect to the order's page with a toast (the draft's or the form's
 * order when it was placed already), or the form again (`answer`): 400 with the field errors or the
 * placement's refusal (the owner offered the override for the blocklist and the limits), 500 when
 * the write failed (logged; nothing written).
 */
export async function placeStaffOrderForm(
  { request, context, admin }: StaffOrderArgs,
  state: StaffOrderState,
  answer: ViewAnswer,
) {
  const t = staffTranslator(admin);
  const lang = staffLanguage(admin);
  const { values } = state;
  const fieldErrors: StaffOrderView["fieldErrors"] = {};

  if (state.draftId !== null) {
    const draft = await draftState(state.draftId);
    if (!draft) {
      // Deleted in another tab meanwhile: what was typed stays, to place or save as a new order.
      state.draftId = null;
      state.checkoutToken = newCheckoutToken();
      return answer(409, { formError: t("admin.staffOrder.draftGone") });
    }
    if (draft.orderId !== null) {
      return redirectWithToast(request, `/admin/orders/view/${draft.orderId}`, {
        kind: "info",
        message: t("admin.staffOrder.alreadyPlaced"),
      });
    }
    state.checkoutToken = draftToken(state.draftId);
  }
  const existing = await findOrderByCheckoutToken(state.checkoutToken);
  if (existing) {
    return redirectWithToast(request, `/admin/orders/view/${existing}`, {
      kind: "info",
      message: t("admin.staffOrder.alreadyPlaced"),
    });
  }

  const lines = countedLines(state);
  if (state.lines.length === 0) fieldErrors.lines = t("admin.staffOrder.noItems");
  else if (lines.length !== state.lines.length) fieldErrors.lines = t("admin.staffOrder.quantityInvalid");
  const contact = checkoutSchema(serverTranslator(lang))
    .pick({ name: true, phone: true, email: true, address: true, area: true, district: true })
    .safeParse(values);
  if (!contact.success) {
    Object.assign(
      fieldErrors,
      fieldErrorsFrom(contact.error, ["name", "phone", "email", "address", "area", "district"]),
    );
  }
  if (!isOrderSource(values.source)) fieldErrors.source = t("admin.staffOrder.sourceInvalid");
  const discountPaisa = values.discount.trim() ? parseTakaToPaisa(values.discount) : 0;
  if (discountPaisa === null) fieldErrors.discount = t("admin.staffOrder.discountInvalid");
  const reason = values.discountReason.trim();
  if (discountPaisa && !reason) fieldErrors.discountReason = t("admin.staffOrder.discountReasonRequired");
  if (reason.length > DISCOUNT_REASON_MAX)
    fieldErrors.discountReason = t("checkout.tooLong", { max: DISCOUNT_REASON_MAX });
  const shippingFeePaisa = chosenFeePaisa(admin, state);
  if (admin.role === "owner" && values.shippingFee.trim() && shippingFeePaisa === null)
    fieldErrors.shippingFee = t("admin.staffOrder.feeInvalid");
  if (values.note.trim().length > NOTE_MAX) fieldErrors.note = t("checkout.tooLong", { max: NOTE_MAX });
  const override = values.override ? values.overrideNote.trim() : null;
  if (override === "") fieldErrors.overrideNote = t("admin.staffOrder.overrideNoteRequired");
  if (override && override.length > NOTE_MAX) fieldErrors.overrideNote = t("checkout.tooLong", { max: NOTE_MAX });
  if (!contact.success || Object.keys(fieldErrors).length > 0) {
    return answer(400, {
      formError: fieldErrors.lines ?? t("admin.staffOrder.fixErrors"),
      fieldErrors,
      canOverride: values.override,
    });
  }
  // The total staff last saw (and read out to the shopper) must be the one placed: a price, a
  // quantity, the district's zone or a charge changed since is shown first, as the checkout does.
  const current = (await buildView(admin, state)).totals.totalPaisa;
  if (state.expectedTotalPaisa !== null && state.expectedTotalPaisa !== current) {
    return answer(400, { formError: t("admin.staffOrder.totalChanged", { total: formatMoney(current, { lang }) }) });
  }
  const source = isOrderSource(values.source) ? values.source : "facebook";
  const staff = {
    by: { id: admin.id, email: admin.email },
    source,
    shippingFeePaisa,
    discount: discountPaisa ? { paisa: discountPaisa, reason } : null,
    note: values.note.trim(),
    override: override || null,
    draftId: state.draftId,
  };
  let result: Awaited<ReturnType<typeof placeStaffOrder>>;
  try {
    result = await placeStaffOrder(
      { ...contact.data, checkoutToken: state.checkoutToken },
      lines,
      isLang(values.language) ? values.language : "bn",
      staff,
      lang,
    );
  } catch (error) {
    log.error({ err: error }, "Placing a staff order failed");
    return answer(500, { formError: t("admin.staffOrder.failed") });
  }
  if (result.ok) {
    if (!result.duplicate) {
      void announceNewOrder(result.orderId);
      await audit(context, admin, {
        action: "order.created",
        subjectType: "order",
        subjectId: result.orderId,
        summary: source,
        details: { source, lines, shippingFeePaisa, discount: staff.discount, draftId: state.draftId },
      });
      if (result.overridden.length > 0) {
        await audit(context, admin, {
          action: "order.override",
          subjectType: "order",
          subjectId: result.orderId,
          summary: override ?? "",
          details: { checks: result.overridden, note: override },
        });
      }
    }
    const order = await orderTotalPaisa(result.orderId);
    return redirectWithToast(request, `/admin/orders/view/${result.orderId}`, {
      kind: "success",
      message: result.duplicate
        ? t("admin.staffOrder.alreadyPlaced")
        : t("admin.staffOrder.placed", { id: result.orderId, total: formatMoney(order, { lang }) }),
    });
  }
  const owner = admin.role === "owner";
  switch (result.reason) {
    case "blocked": {
      const blocked = await findBlockedPhone(contact.data.phone);
      const reasonText = blocked?.note || t("admin.staffOrder.noReason");
      return answer(400, { formError: t("admin.staffOrder.blocked", { reason: reasonText }), canOverride: owner });
    }
    case "limit": {
      const { limits } = await staffOrderSettings();
      const count = result.limit === "phone" ? limits.perPhone : limits.perAddress;
      return answer(400, { formError: t(`admin.staffOrder.limit.${result.limit}`, { count }), canOverride: owner });
    }
    case "out-of-stock": {
      const items = result.shortages.map((shortage) => t("admin.stock.shortageItem", shortage)).join(", ");
      return answer(400, { formError: t("admin.staffOrder.shortage", { items }) });
    }
    case "hidden":
      return answer(400, { formError: t("admin.staffOrder.hidden", { items: result.names.join(", ") }) });
    case "discount-too-large": {
      const subtotal = (await buildView(admin, state)).totals.subtotalPaisa;
      const message = t("admin.staffOrder.discountTooLarge", { subtotal: formatMoney(subtotal, { lang }) });
      return answer(400, { formError: message, fieldErrors: { discount: message } });
    }
    case "too-large":
      return answer(400, { formError: t("admin.staffOrder.tooLarge") });
    default:
      // An empty cart is refused above; a staff order carries no campaign code.
      return answer(400, { formError: t("admin.staffOrder.failed") });
  }
}

/**
 * The answer to each button of /admin/orders/new (docs/decisions/063-staff-orders.md): search, add
 * or remove a line, look up the phone and update the totals answer the form again with its values
 * kept; "Save as draft" writes a draft (no stock held); "Place order" places it through the
 * shopper's placement with StaffTerms, and records it (and an owner's override) in the audit trail.
 * A staff member who is not the owner never sets the delivery charge nor overrides (403, nothing
 * written).
 */
import { data } from "@remix-run/node";
import { checkoutSchema } from "~/forms/schemas";
import { fieldErrorsFrom } from "~/forms/refusal";
import { formatShopDateTime } from "~/i18n/format-date";
import { isLang } from "~/i18n";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { findBlockedPhone } from "~/models/orders/blocklist.server";
import { saveDraft, type DraftFields } from "~/models/orders/draft-order.server";
import { findOrderByCheckoutToken } from "~/models/orders/place-order.server";
import {
  lastOrderOfPhone,
  orderTotalPaisa,
  placeStaffOrder,
  staffOrderSettings,
} from "~/models/orders/staff-order.server";
import { MAX_CART_LINES } from "~/rules/cart";
import { findDistrict } from "~/rules/districts";
import { formatMoney, parseTakaToPaisa } from "~/rules/money";
import { isOrderSource } from "~/rules/order-source";
import { normalizeBdMobile } from "~/rules/phone";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { serverTranslator } from "~/server/i18n.server";
import { announceNewOrder } from "~/server/mail/order-emails.server";
import { log } from "~/server/log.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import type { StaffOrderView } from "./form-state";
import {
  buildView,
  countedLines,
  draftState,
  DISCOUNT_REASON_MAX,
  draftToken,
  quantityOf,
  readState,
  type StaffOrderState,
} from "./staff-order.server";

/** The most characters of the order's note and of an owner's override note. */
const NOTE_MAX = 1000;

type Args = { request: Request; context: unknown; admin: AdminUser; form: FormData };

/**
 * The form's action for `admin`: the button pressed is `intent` ("search", "lookup", "update",
 * "draft", "place", "add-<variant id>", "remove-<variant id>"). Answers the view (200; 400 with the
 * messages for a refusal; 403 for what only an owner may do), or a redirect: to the drafts after
 * saving one, to the order's page after placing it (with a toast, in the staff member's language).
 */
export async function staffOrderAction({ request, context, admin, form }: Args) {
  const t = staffTranslator(admin);
  const state = readState(form);
  const intent = String(form.get("intent") ?? "update");
  const answer = async (status: number, extra: Parameters<typeof buildView>[2] = {}) =>
    data<StaffOrderView>(await buildView(admin, state, extra), { status });

  if (admin.role !== "owner" && state.values.shippingFee.trim() !== "") {
    return answer(403, { formError: t("admin.staffOrder.feeOwnerOnly") });
  }
  if (admin.role !== "owner" && state.values.override) {
    return answer(403, { formError: t("admin.staffOrder.overrideOwnerOnly") });
  }
  const added = /^add-(\d+)$/.exec(intent);
  if (added) {
    const variantId = Number(added[1]);
    const line = state.lines.find((entry) => entry.variantId === variantId);
    if (line) line.quantity = String((quantityOf(line.quantity) ?? 0) + 1);
    else if (state.lines.length < MAX_CART_LINES) state.lines.push({ variantId, quantity: "1" });
    else return answer(400, { formError: t("admin.staffOrder.tooManyLines") });
    return answer(200, { focus: `quantity-${variantId}` });
  }
  const removed = /^remove-(\d+)$/.exec(intent);
  if (removed) {
    state.lines = state.lines.filter((line) => line.variantId !== Number(removed[1]));
    return answer(200, { focus: "q" });
  }
  if (intent === "lookup") return lookUp(state, admin, answer);
  if (intent === "draft") {
    const id = await saveDraft(state.draftId, draftFields(state), countedLines(state), admin);
    if (id === null)
      return redirectWithToast(request, "/admin/orders/drafts", {
        kind: "error",
        message: t("admin.staffOrder.draftNotFound"),
      });
    return redirectWithToast(request, "/admin/orders/drafts", {
      kind: "success",
      message: t("admin.staffOrder.draftSaved", { id }),
    });
  }
  if (intent === "place") return place({ request, context, admin, form }, state, answer);
  return answer(200, { focus: intent === "search" ? "q" : null });
}

type Answer = (
  status: number,
  extra?: Parameters<typeof buildView>[2],
) => Promise<ReturnType<typeof data<StaffOrderView>>>;

/** "Look up": the phone normalised, and the name and address of its last order filled in. */
async function lookUp(state: StaffOrderState, admin: AdminUser, answer: Answer) {
  const t = staffTranslator(admin);
  const phone = normalizeBdMobile(state.values.phone);
  if (!phone) return answer(400, { fieldErrors: { phone: t("checkout.phoneInvalid") }, focus: "phone" });
  state.values.phone = phone;
  const [last, blocked] = await Promise.all([lastOrderOfPhone(phone), findBlockedPhone(phone)]);
  const notices: string[] = [];
  if (last) {
    Object.assign(state.values, {
      name: last.customerName,
      email: last.customerEmail ?? "",
      address: last.customerAddress,
      area: last.area ?? "",
      district: last.district ?? "",
      language: isLang(last.language) ? last.language : state.values.language,
    });
    notices.push(
      t("admin.staffOrder.foundLast", { id: last.id, date: formatShopDateTime(last.createdAt, staffLanguage(admin)) }),
    );
  } else notices.push(t("admin.staffOrder.noEarlier"));
  if (blocked)
    notices.push(t("admin.staffOrder.phoneBlocked", { reason: blocked.note || t("admin.staffOrder.noReason") }));
  return answer(200, { notice: notices.join(" "), focus: last ? "name" : "phone" });
}

/** A draft's fields from the form, as typed (amounts that do not parse are left out). */
function draftFields(state: StaffOrderState): DraftFields {
  const { values } = state;
  return {
    customerName: values.name.slice(0, 100),
    customerPhone: values.phone.slice(0, 40),
    customerEmail: values.email.slice(0, 254),
    customerAddress: values.address.slice(0, 500),
    area: values.area.slice(0, 100),
    district: findDistrict(values.district)?.name ?? "",
    language: isLang(values.language) ? values.language : "bn",
    source: isOrderSource(values.source) ? values.source : "facebook",
    shippingFeePaisa: values.shippingFee.trim() ? parseTakaToPaisa(values.shippingFee) : null,
    discountPaisa: parseTakaToPaisa(values.discount) ?? 0,
    discountReason: values.discountReason.slice(0, DISCOUNT_REASON_MAX),
    note: values.note.slice(0, NOTE_MAX),
  };
}

/** "Place order": every field checked, then the placement; a refusal answers 400 with the reason. */
async function place({ request, context, admin }: Args & { form: FormData }, state: StaffOrderState, answer: Answer) {
  const t = staffTranslator(admin);
  const lang = staffLanguage(admin);
  const { values } = state;
  const fieldErrors: StaffOrderView["fieldErrors"] = {};

  if (state.draftId !== null) {
    const draft = await draftState(state.draftId);
    if (!draft)
      return redirectWithToast(request, "/admin/orders/drafts", {
        kind: "error",
        message: t("admin.staffOrder.draftNotFound"),
      });
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
  const shippingFeePaisa = values.shippingFee.trim() ? parseTakaToPaisa(values.shippingFee) : null;
  if (values.shippingFee.trim() && shippingFeePaisa === null)
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

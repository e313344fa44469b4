/**
 * The answer to each button of /admin/orders/new (docs/decisions/063-staff-orders.md): search, add
 * or remove a line, look up the phone and update the totals answer the form again with its values
 * kept; "Save as draft" writes a draft (no stock held); "Place order" places it through the
 * shopper's placement with StaffTerms, and records it (and an owner's override) in the audit trail.
 * A staff member who is not the owner never sets the delivery charge nor overrides (403, nothing
 * written).
 */
import { data } from "@remix-run/node";
import { formatShopDateTime } from "~/i18n/format-date";
import { isLang } from "~/i18n";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { findBlockedPhone } from "~/models/orders/blocklist.server";
import { getDraft, saveDraft, type DraftFields } from "~/models/orders/draft-order.server";
import { MAX_ORDER_TOTAL_PAISA } from "~/models/orders/place-order.server";
import { lastOrderOfPhone } from "~/models/orders/staff-order.server";
import { MAX_CART_LINES } from "~/rules/cart";
import { findDistrict } from "~/rules/districts";
import { parseTakaToPaisa } from "~/rules/money";
import { isOrderSource } from "~/rules/order-source";
import { normalizeBdMobile } from "~/rules/phone";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import type { StaffOrderView } from "./form-state";
import {
  buildView,
  chosenFeePaisa,
  countedLines,
  DISCOUNT_REASON_MAX,
  newCheckoutToken,
  quantityOf,
  readState,
  type StaffOrderState,
} from "./staff-order.server";
import { NOTE_MAX, placeStaffOrderForm, type StaffOrderArgs, type ViewAnswer } from "./staff-order-place.server";

/**
 * The form's action for `admin`: the button pressed is `intent` ("search", "lookup", "update",
 * "draft", "place", "add-<variant id>", "remove-<variant id>"). Answers the view (200; 400 with the
 * messages for a refusal; 403 for what only an owner may do), or a redirect: to the drafts after
 * saving one, to the order's page after placing it (with a toast, in the staff member's language).
 */
export async function staffOrderAction({ request, context, admin, form }: StaffOrderArgs) {
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
  // A staff member editing a draft keeps the delivery charge an owner set on it.
  if (admin.role !== "owner" && state.draftId !== null) {
    state.draftFeePaisa = (await getDraft(state.draftId))?.shippingFeePaisa ?? null;
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
    const fieldErrors = draftErrors(state, admin);
    if (Object.keys(fieldErrors).length > 0) {
      return answer(400, { formError: fieldErrors.lines ?? t("admin.staffOrder.fixErrors"), fieldErrors });
    }
    const id = await saveDraft(state.draftId, draftFields(state, admin), countedLines(state), admin);
    if (id === null) {
      // Deleted or placed in another tab meanwhile: what was typed stays, to save as a new draft.
      state.draftId = null;
      state.checkoutToken = newCheckoutToken();
      return answer(409, { formError: t("admin.staffOrder.draftGone") });
    }
    return redirectWithToast(request, "/admin/orders/drafts", {
      kind: "success",
      message: t("admin.staffOrder.draftSaved", { id }),
    });
  }
  if (intent === "place") return placeStaffOrderForm({ request, context, admin, form }, state, answer);
  return answer(200, { focus: intent === "search" ? "q" : null });
}

/** "Look up": the phone normalised, and the name and address of its last order filled in. */
async function lookUp(state: StaffOrderState, admin: AdminUser, answer: ViewAnswer) {
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

/**
 * What keeps the form from being saved as a draft, by field, in the staff member's language: a
 * quantity that is not 1 to 999, a discount or an owner's charge that is not an amount in taka or
 * is above what an order may total (MAX_ORDER_TOTAL_PAISA). Everything else is kept as typed.
 */
function draftErrors(state: StaffOrderState, admin: AdminUser): StaffOrderView["fieldErrors"] {
  const t = staffTranslator(admin);
  const errors: StaffOrderView["fieldErrors"] = {};
  if (countedLines(state).length !== state.lines.length) errors.lines = t("admin.staffOrder.quantityInvalid");
  const amountError = (typed: string, invalid: string) => {
    if (!typed.trim()) return null;
    const paisa = parseTakaToPaisa(typed);
    if (paisa === null) return invalid;
    return paisa > MAX_ORDER_TOTAL_PAISA ? t("admin.staffOrder.amountTooLarge") : null;
  };
  const discount = amountError(state.values.discount, t("admin.staffOrder.discountInvalid"));
  if (discount) errors.discount = discount;
  const fee = admin.role === "owner" ? amountError(state.values.shippingFee, t("admin.staffOrder.feeInvalid")) : null;
  if (fee) errors.shippingFee = fee;
  return errors;
}

/** A draft's fields from the form, as typed (its amounts checked first by `draftErrors`). */
function draftFields(state: StaffOrderState, admin: AdminUser): DraftFields {
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
    shippingFeePaisa: chosenFeePaisa(admin, state),
    discountPaisa: parseTakaToPaisa(values.discount) ?? 0,
    discountReason: values.discountReason.slice(0, DISCOUNT_REASON_MAX),
    note: values.note.slice(0, NOTE_MAX),
  };
}

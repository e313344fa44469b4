/**
 * The server half of /admin/orders/new: the form's state read from a post, the page's view built
 * from it (lines priced from the catalogue, the search's results, the totals), and each button's
 * answer (search, add, remove, look up the phone, update, save as draft, place).
 */
import crypto from "node:crypto";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { getDraft } from "~/models/orders/draft-order.server";
import {
  describeLines,
  hasDeliveredOrder,
  searchVariantsForStaff,
  staffOrderSettings,
} from "~/models/orders/staff-order.server";
import { advanceFor } from "~/rules/advance";
import type { CartLine } from "~/rules/cart";
import { discountedTotals } from "~/rules/discount-codes";
import { findDistrict, shippingMethodOf } from "~/rules/districts";
import { parseTakaToPaisa, unitPricePaisa } from "~/rules/money";
import { normalizeBdMobile, toAsciiDigits } from "~/rules/phone";
import { orderTotals } from "~/rules/pricing";
import { normalizeSearchQuery } from "~/rules/search";
import { localLineItemName } from "~/rules/variants";
import { staffLanguage } from "~/server/admin-i18n.server";
import { DEFAULT_SOURCE, STAFF_ORDER_FIELDS, type StaffOrderValues, type StaffOrderView } from "./form-state";

/** The form as posted: its values, its lines (quantities as typed) and its hidden fields. */
export type StaffOrderState = {
  values: StaffOrderValues;
  lines: { variantId: number; quantity: string }[];
  draftId: number | null;
  checkoutToken: string;
  /**
   * The delivery charge an owner set on the draft being edited, in paisa (null: the zone's). A
   * staff member's form has no charge field: the draft's charge stays, for the view, a save and
   * the placement (the action reads it from the draft, never from the form).
   */
  draftFeePaisa: number | null;
  /** The total, in paisa, the form showed when it was posted; null: not posted (a form from elsewhere). */
  expectedTotalPaisa: number | null;
};

/** The most characters of a discount's reason (the shopper reads it on the invoice). */
export const DISCOUNT_REASON_MAX = 60;

/** A form's checkout token: random, one per rendered new order (a double submit places one order). */
export const newCheckoutToken = () => crypto.randomBytes(18).toString("base64url");

/** An empty form: the shopper's language Bangla, the source DEFAULT_SOURCE. */
export function emptyState(): StaffOrderState {
  const values = Object.fromEntries(STAFF_ORDER_FIELDS.map((field) => [field, ""])) as unknown as StaffOrderValues;
  return {
    values: { ...values, language: "bn", source: DEFAULT_SOURCE, override: false },
    lines: [],
    draftId: null,
    checkoutToken: newCheckoutToken(),
    draftFeePaisa: null,
    expectedTotalPaisa: null,
  };
}

/** The form of draft `id` (its fields and lines as saved), or null when there is no such draft. */
export async function draftState(id: number): Promise<(StaffOrderState & { orderId: number | null }) | null> {
  const draft = await getDraft(id);
  if (!draft) return null;
  const state = emptyState();
  Object.assign(state.values, {
    phone: draft.customerPhone,
    name: draft.customerName,
    email: draft.customerEmail,
    address: draft.customerAddress,
    area: draft.area,
    district: draft.district,
    language: draft.language,
    source: draft.source,
    shippingFee: draft.shippingFeePaisa === null ? "" : formatMoneyInput(draft.shippingFeePaisa),
    discount: draft.discountPaisa > 0 ? formatMoneyInput(draft.discountPaisa) : "",
    discountReason: draft.discountReason,
    note: draft.note,
  });
  state.lines = draft.items.map((item) => ({ variantId: item.variantId, quantity: String(item.quantity) }));
  state.draftId = draft.id;
  state.checkoutToken = draftToken(draft.id);
  state.draftFeePaisa = draft.shippingFeePaisa;
  return { ...state, orderId: draft.orderId };
}

/** A draft's checkout token: the same from every tab, so the draft is placed once. */
export const draftToken = (id: number) => `draft-${id}`;

/** Paisa as a taka amount to type ("80", "80.50"). */
function formatMoneyInput(paisa: number): string {
  return paisa % 100 === 0 ? String(paisa / 100) : (paisa / 100).toFixed(2);
}

/** The form's state from a post: values trimmed to the fields', lines deduplicated in order. */
export function readState(form: FormData): StaffOrderState {
  const values = Object.fromEntries(
    STAFF_ORDER_FIELDS.map((field) => [field, String(form.get(field) ?? "").slice(0, 2000)]),
  ) as unknown as StaffOrderValues;
  values.override = form.get("override") === "on";
  const seen = new Set<number>();
  const lines: StaffOrderState["lines"] = [];
  for (const entry of form.getAll("line")) {
    const variantId = Number(entry);
    if (!Number.isSafeInteger(variantId) || variantId <= 0 || seen.has(variantId)) continue;
    seen.add(variantId);
    lines.push({ variantId, quantity: String(form.get(`quantity-${variantId}`) ?? "1") });
  }
  const draft = Number(form.get("draftId") ?? "");
  const draftId = Number.isSafeInteger(draft) && draft > 0 ? draft : null;
  const token = String(form.get("checkoutToken") ?? "");
  const expected = String(form.get("expectedTotalPaisa") ?? "");
  return {
    values,
    lines,
    draftId,
    checkoutToken: /^[A-Za-z0-9_-]{8,64}$/.test(token) ? token : newCheckoutToken(),
    draftFeePaisa: null,
    expectedTotalPaisa: /^\d{1,10}$/.test(expected) ? Number(expected) : null,
  };
}

/**
 * The delivery charge of `state` for `admin`, in paisa, null: the district's zone fee. An owner's
 * is the form's (null when it does not parse: the caller refuses it); a staff member's is the
 * charge an owner set on the draft (`draftFeePaisa`), never the form's.
 */
export function chosenFeePaisa(admin: AdminUser, state: StaffOrderState): number | null {
  if (admin.role !== "owner") return state.draftFeePaisa;
  return state.values.shippingFee.trim() ? parseTakaToPaisa(state.values.shippingFee) : null;
}

/** A typed quantity (any digits) as a whole number from 1 to 999, or null. */
export function quantityOf(typed: string): number | null {
  const text = toAsciiDigits(typed.trim());
  if (!/^\d{1,3}$/.test(text)) return null;
  const quantity = Number(text);
  return quantity >= 1 ? quantity : null;
}

/** The form's lines with a valid quantity (for totals and drafts). */
export function countedLines(state: StaffOrderState): CartLine[] {
  return state.lines.flatMap((line) => {
    const quantity = quantityOf(line.quantity);
    return quantity === null ? [] : [{ variantId: line.variantId, quantity }];
  });
}

/**
 * The page's view of `state` for `admin`: the lines named in the staff member's language and
 * priced now, the search's results for `values.q`, the totals (the district's zone and fee, or
 * the owner's fee; the discount; the shop's advance), and `extra` (messages, the override).
 */
export async function buildView(
  admin: AdminUser,
  state: StaffOrderState,
  extra: Partial<Pick<StaffOrderView, "formError" | "notice" | "fieldErrors" | "canOverride" | "focus">> = {},
): Promise<StaffOrderView> {
  const lang = staffLanguage(admin);
  const named = (variant: { name: string; nameBn: string; label: string; labelBn: string }) =>
    localLineItemName(
      {
        productName: variant.name,
        productNameBn: variant.nameBn,
        variantLabel: variant.label,
        variantLabelBn: variant.labelBn,
      },
      lang,
    );
  const described = await describeLines(
    state.lines.map((line) => ({ variantId: line.variantId, quantity: 1 })),
    lang,
  );
  const lines = state.lines.map((line, index) => {
    const { variant, name } = described[index]!;
    return {
      variantId: line.variantId,
      quantity: line.quantity,
      name: variant ? named(variant) : name,
      unitPricePaisa: variant ? unitPricePaisa(variant) : 0,
      available: variant?.available ?? null,
      missing: variant === null,
    };
  });
  const query = normalizeSearchQuery(state.values.q);
  const results = query
    ? (await searchVariantsForStaff(query)).map((variant) => ({
        variantId: variant.variantId,
        name: named(variant),
        sku: variant.sku,
        unitPricePaisa: unitPricePaisa(variant),
        available: variant.available,
      }))
    : null;
  const { fees, advance } = await staffOrderSettings();
  const subtotalPaisa = lines.reduce(
    (sum, line) => sum + (line.missing ? 0 : line.unitPricePaisa * (quantityOf(line.quantity) ?? 0)),
    0,
  );
  const zone = shippingMethodOf(findDistrict(state.values.district)?.name ?? "");
  const ownerFee = chosenFeePaisa(admin, state);
  const zoneFee = zone ? orderTotals(subtotalPaisa, zone, fees).shippingFeePaisa : 0;
  const discount = Math.min(parseTakaToPaisa(state.values.discount) ?? 0, subtotalPaisa);
  const totals = discountedTotals(subtotalPaisa, ownerFee ?? zoneFee, { discountPaisa: discount, freeDelivery: false });
  const phone = normalizeBdMobile(state.values.phone);
  const advancePaisa =
    subtotalPaisa > 0 && zone ? advanceFor(advance, totals, phone ? await hasDeliveredOrder(phone) : false) : 0;
  return {
    revision: crypto.randomBytes(6).toString("hex"),
    values: state.values,
    lines,
    results,
    totals: {
      zone,
      subtotalPaisa,
      discountPaisa: totals.discountPaisa,
      shippingFeePaisa: totals.shippingFeePaisa,
      totalPaisa: totals.totalPaisa,
      advancePaisa,
      cashPaisa: totals.totalPaisa - advancePaisa,
    },
    checkoutToken: state.checkoutToken,
    draftId: state.draftId,
    isOwner: admin.role === "owner",
    canOverride: extra.canOverride ?? false,
    formError: extra.formError ?? null,
    notice: extra.notice ?? null,
    fieldErrors: extra.fieldErrors ?? {},
    focus: extra.focus ?? null,
  };
}

/**
 * The staff order form's state, as the loader and the action answer it: every value as typed, the
 * lines with their catalogue names and prices, the search results, the totals and the messages.
 * Without JavaScript the page is this one form, posted and rendered again for each button.
 */
import type { OrderSource } from "~/rules/order-source";

/** The form's typed fields (the lines are apart). */
export const STAFF_ORDER_FIELDS = [
  "q",
  "phone",
  "name",
  "email",
  "address",
  "area",
  "district",
  "language",
  "source",
  "shippingFee",
  "discount",
  "discountReason",
  "note",
  "overrideNote",
] as const;

/** A typed field's name. */
export type StaffOrderField = (typeof STAFF_ORDER_FIELDS)[number];

/** The values as typed, by field; `override`: the owner's checkbox. */
export type StaffOrderValues = Record<StaffOrderField, string> & { override: boolean };

/** The source a new order starts with: most orders staff type in come from the shop's Facebook page. */
export const DEFAULT_SOURCE: OrderSource = "facebook";

/** A line as the form shows it; `missing`: no longer for sale (deleted, switched off or hidden). */
export type ViewLine = {
  variantId: number;
  quantity: string;
  name: string;
  unitPricePaisa: number;
  /** Units on hand; null: not tracked. */
  available: number | null;
  missing: boolean;
};

/** A variant a search found. */
export type ViewResult = {
  variantId: number;
  name: string;
  sku: string | null;
  unitPricePaisa: number;
  available: number | null;
};

/** The totals the form shows before placing, in paisa; `zone`: the district's, null without one. */
export type ViewTotals = {
  zone: string | null;
  subtotalPaisa: number;
  discountPaisa: number;
  shippingFeePaisa: number;
  totalPaisa: number;
  advancePaisa: number;
  cashPaisa: number;
};

/** Everything the page renders. */
export type StaffOrderView = {
  /** New for each answer: the form is drawn again with the answer's values. */
  revision: string;
  values: StaffOrderValues;
  lines: ViewLine[];
  /** null: no search yet. */
  results: ViewResult[] | null;
  totals: ViewTotals;
  checkoutToken: string;
  draftId: number | null;
  isOwner: boolean;
  /** The placement was refused for the blocklist or the limits and the reader is the owner. */
  canOverride: boolean;
  formError: string | null;
  notice: string | null;
  fieldErrors: Partial<Record<StaffOrderField | "lines", string>>;
  /**
   * The id of the field to take focus once the answer is on screen (with JavaScript, where the form
   * is drawn again in place): the line just added, the search after a removal, the name after a
   * look-up. null: none (a refusal's message takes it).
   */
  focus: string | null;
};

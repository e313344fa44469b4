/**
 * The order look-up of /orders/track: checks what the shopper typed, charges the tracking limits
 * (./tracking-limit.server.ts) and reads the order, answering "not found" alike whether the number
 * exists or the phone is wrong, after the same work.
 */
import crypto from "node:crypto";
import type { FieldErrors } from "~/forms/refusal";
import type { ServerTranslate } from "~/i18n";
import { getOrderForTracking } from "~/models/orders/order-for-shopper.server";
import { getShopSettings } from "~/models/settings.server";
import { parseOrderNumber } from "~/rules/order-number";
import { normalizeBdMobile } from "~/rules/phone";
import { returnTrackingFailure, takeTrackingLookup } from "./tracking-limit.server";

/** The look-up form's fields. */
export type TrackField = "order" | "phone";

/** The order as the shopper may see it (its phone is never sent back). */
export type TrackedOrder = Omit<NonNullable<Awaited<ReturnType<typeof getOrderForTracking>>>, "customerPhone">;

/**
 * A look-up's answer: its HTTP status, the order for a matching pair (else null), a message per
 * field for bad input, a message for the page otherwise, and for a refused look-up how many
 * seconds to wait (the Retry-After header).
 */
export type TrackingAnswer = {
  status: 200 | 400 | 404 | 429;
  order: TrackedOrder | null;
  fieldErrors: FieldErrors<TrackField>;
  formError: string | null;
  retryAfterSeconds?: number;
};

/** A phone compared when there is no order, so that a missing order costs the same work as a wrong phone. */
const NO_PHONE = "00000000000";

/**
 * Looks up the order typed (`order`, the order number, and `phone`) for a shopper at `address`
 * (the client address, keying the limits); messages through `t`.
 * @returns 200 with the order when the pair matches; 400 with a message per field when the number
 *   or the phone is not one; 429 with the wait when a tracking limit refuses; 404 otherwise.
 */
export async function lookUpOrder(
  typed: Record<TrackField, string>,
  address: string,
  t: ServerTranslate,
): Promise<TrackingAnswer> {
  const refused = (status: TrackingAnswer["status"], answer: Partial<TrackingAnswer>): TrackingAnswer => ({
    status,
    order: null,
    fieldErrors: {},
    formError: null,
    ...answer,
  });
  const orderId = parseOrderNumber(typed.order);
  const phone = normalizeBdMobile(typed.phone);
  const fieldErrors: FieldErrors<TrackField> = {};
  if (orderId === null) fieldErrors.order = typed.order.trim() ? t("track.orderInvalid") : t("track.orderRequired");
  if (phone === null) fieldErrors.phone = typed.phone.trim() ? t("checkout.phoneInvalid") : t("checkout.phoneRequired");
  if (orderId === null || phone === null) return refused(400, { fieldErrors });

  const verdict = await takeTrackingLookup(address, orderId);
  if (!verdict.allowed) {
    const minutes = Math.max(1, Math.ceil(verdict.waitMs / 60_000));
    return refused(429, {
      formError: t("track.tooMany", { minutes, phone: (await getShopSettings()).phone }),
      retryAfterSeconds: Math.ceil(verdict.waitMs / 1000),
    });
  }
  const order = await getOrderForTracking(orderId);
  const matches = samePhone(order?.customerPhone ?? NO_PHONE, phone) && order !== null;
  // The lookup was charged as a failure before the order was read; a match gives it back.
  if (!matches || !order) return refused(404, { formError: t("track.notFound") });
  await returnTrackingFailure(address, orderId);
  const { customerPhone: _phone, ...shown } = order;
  return { status: 200, order: shown, fieldErrors: {}, formError: null };
}

/** Whether two phones (11 digits) are equal, in time that does not depend on where they differ. */
function samePhone(stored: string, typed: string): boolean {
  const a = Buffer.from(stored.padEnd(16, " ").slice(0, 16));
  const b = Buffer.from(typed.padEnd(16, " ").slice(0, 16));
  return crypto.timingSafeEqual(a, b);
}

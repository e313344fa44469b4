/**
 * Staff-facing words for the courier hand-off's outcomes (app/models/orders/courier.server.ts), in the
 * staff member's language. The courier's own reason for refusing a parcel is its text, as it said it.
 */
import type { AdminTranslate } from "~/i18n/admin";
import {
  CourierError,
  CourierRedirectError,
  NoCourierAccountError,
  type HandOffResult,
  type RefreshResult,
} from "./courier";

/**
 * The message for a hand-off, refresh or check that failed as a whole (`error` as thrown), in the
 * staff member's language; null when `error` is not a courier's failure (the caller rethrows it).
 */
export function courierFailure(error: unknown, t: AdminTranslate): string | null {
  if (error instanceof NoCourierAccountError) return t("admin.courier.noAccount");
  if (error instanceof CourierRedirectError) {
    return error.target
      ? t("admin.courier.redirected", { status: error.status, target: error.target })
      : t("admin.courier.redirectedNowhere", { status: error.status });
  }
  if (!(error instanceof CourierError)) return null;
  switch (error.kind) {
    case "unreachable":
      return t("admin.courier.unreachable");
    case "timeout":
      return t("admin.courier.timeout");
    case "unauthorised":
      return t("admin.courier.unauthorised");
    case "refused":
    case "bad-answer":
    case "redirected":
      return t("admin.courier.refusedAll", { message: error.message });
  }
}

/** One message for a hand-off: what was sent, refused (with the courier's reason) and skipped. */
export function handOffMessage(
  result: HandOffResult,
  t: AdminTranslate,
): { kind: "success" | "info" | "error"; message: string } {
  const parts: string[] = [];
  if (result.sent.length === 1) {
    parts.push(t("admin.courier.sentOne", { id: result.sent[0]!.orderId, code: result.sent[0]!.trackingCode }));
  } else if (result.sent.length > 1) {
    parts.push(t("admin.courier.sentMany", { count: result.sent.length }));
  }
  for (const refusal of result.refused) {
    parts.push(t("admin.courier.refusedOne", { id: refusal.orderId, message: refusal.message }));
  }
  const list = (reason: HandOffResult["skipped"][number]["reason"]) =>
    result.skipped
      .filter((skip) => skip.reason === reason)
      .map((skip) => `#${skip.orderId}`)
      .join(", ");
  if (list("already-sent")) parts.push(t("admin.courier.skippedSent", { ids: list("already-sent") }));
  if (list("closed")) parts.push(t("admin.courier.skippedClosed", { ids: list("closed") }));
  if (list("not-found")) parts.push(t("admin.courier.skippedMissing", { ids: list("not-found") }));
  const kind = result.sent.length === 0 ? "error" : parts.length > 1 ? "info" : "success";
  return { kind, message: parts.join(" ") };
}

/** One message for a status refresh. */
export function refreshMessage(
  result: RefreshResult,
  t: AdminTranslate,
): { kind: "success" | "info"; message: string } {
  if (result.checked === 0 && result.failed.length === 0)
    return { kind: "info", message: t("admin.courier.nothingToRefresh") };
  const parts = [t("admin.courier.refreshed", { checked: result.checked, changed: result.changed })];
  for (const failure of result.failed) {
    parts.push(t("admin.courier.refreshFailed", { id: failure.orderId, message: failure.message }));
  }
  return { kind: result.failed.length > 0 ? "info" : "success", message: parts.join(" ") };
}

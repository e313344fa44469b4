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
 * staff member's language, naming `courier` ("steadfast", the default, or "pathao"); null when
 * `error` is not a courier's failure (the caller rethrows it).
 */
export function courierFailure(error: unknown, t: AdminTranslate, courier: string = "steadfast"): string | null {
  const pathao = courier === "pathao";
  if (error instanceof NoCourierAccountError) return t(pathao ? "admin.pathao.noAccount" : "admin.courier.noAccount");
  if (error instanceof CourierRedirectError) {
    if (pathao) return t("admin.pathao.redirected", { status: error.status, target: error.target ?? "—" });
    return error.target
      ? t("admin.courier.redirected", { status: error.status, target: error.target })
      : t("admin.courier.redirectedNowhere", { status: error.status });
  }
  if (!(error instanceof CourierError)) return null;
  switch (error.kind) {
    case "unreachable":
      return t(pathao ? "admin.pathao.unreachable" : "admin.courier.unreachable");
    case "timeout":
      return t(pathao ? "admin.pathao.timeout" : "admin.courier.timeout");
    case "unauthorised":
      return t(pathao ? "admin.pathao.unauthorised" : "admin.courier.unauthorised");
    case "refused":
    case "bad-answer":
    case "redirected":
      return t(pathao ? "admin.pathao.refusedAll" : "admin.courier.refusedAll", { message: error.message });
  }
}

/**
 * One message for a hand-off to `courier` ("steadfast", the default, or "pathao"): what was sent,
 * refused (with the courier's reason) and skipped.
 */
export function handOffMessage(
  result: HandOffResult,
  t: AdminTranslate,
  courier: string = "steadfast",
): { kind: "success" | "info" | "error"; message: string } {
  const pathao = courier === "pathao";
  const parts: string[] = [];
  if (result.sent.length === 1) {
    const sent = { id: result.sent[0]!.orderId, code: result.sent[0]!.trackingCode };
    parts.push(t(pathao ? "admin.pathao.sentOne" : "admin.courier.sentOne", sent));
  } else if (result.sent.length > 1) {
    parts.push(t(pathao ? "admin.pathao.sentMany" : "admin.courier.sentMany", { count: result.sent.length }));
  }
  for (const refusal of result.refused) {
    const refused = { id: refusal.orderId, message: refusal.message };
    parts.push(t(pathao ? "admin.pathao.refusedOne" : "admin.courier.refusedOne", refused));
  }
  const list = (reason: HandOffResult["skipped"][number]["reason"]) =>
    result.skipped
      .filter((skip) => skip.reason === reason)
      .map((skip) => `#${skip.orderId}`)
      .join(", ");
  const name = pathao ? "Pathao" : "Steadfast";
  for (const { orderId } of result.unknown ?? []) {
    parts.push(t("admin.courier.unanswered", { courier: name, id: orderId, invoice: `haat-${orderId}` }));
  }
  const notSent = (result.notSent ?? []).map((entry) => `#${entry.orderId}`).join(", ");
  if (notSent) parts.push(t("admin.courier.notSentStopped", { courier: name, ids: notSent }));
  for (const { orderId, trackingCode } of result.orphaned ?? []) {
    parts.push(t("admin.courier.orphan", { courier: name, id: orderId, code: trackingCode }));
  }
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

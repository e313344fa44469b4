/**
 * The order page's actions, one per `intent` (route.tsx dispatches): an internal note, the phone
 * confirmation mark, the order status, and a failed text message sent again. Each answers with a redirect and a message, or (a
 * refused note) the note's FormRefusal with status 400; each writes its line of the audit trail.
 */
import { data, redirect } from "@remix-run/node";
import { orderNoteSchema } from "~/forms/admin-schemas";
import { orderStatusSchema } from "~/forms/schemas";
import { fieldErrorsFrom } from "~/forms/refusal";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { addOrderNote } from "~/models/orders/order-note.server";
import { changeOrderStatus, setOrderConfirmation, undoStatusChange } from "~/models/orders/order-status.server";
import { sendAgain } from "~/models/sms/sms-messages.server";
import { orderStatusLabel } from "~/rules/order-status";
import { parseId } from "~/utils/params";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import type { NoteRefusal } from "./order-notes";
import { smsEventLabel } from "~/components/admin/sms-message";
import { CONFIRM_PARAM } from "./status-section";

/** What every action here is given: the request, its load context, who acts, the order and the form. */
type OrderAction = { request: Request; context: unknown; admin: AdminUser; id: number; form: FormData };

/** The order's page, where every action here goes back to. */
const orderUrl = (id: number) => `/admin/orders/view/${id}`;

/** The answer for an order that is gone: the list, with a message. */
const orderGone = (request: Request, admin: AdminUser) =>
  redirectWithToast(request, "/admin/orders", {
    kind: "error",
    message: staffTranslator(admin)("admin.order.notFound"),
  });

/**
 * `intent=note`: adds an internal note by `admin`. An empty note, or one longer than 1,000
 * characters, is refused (400) with the message and the text kept.
 */
export async function addNote({ request, context, admin, id, form }: OrderAction) {
  const t = staffTranslator(admin);
  const parsed = orderNoteSchema(t).safeParse({ body: form.get("body") ?? "" });
  if (!parsed.success) {
    const refusal: NoteRefusal = {
      values: { body: String(form.get("body") ?? "") },
      fieldErrors: { body: fieldErrorsFrom(parsed.error, ["body"]).body ?? t("admin.notes.required") },
    };
    return data(refusal, { status: 400 });
  }
  if (!(await addOrderNote(id, parsed.data.body, admin))) return orderGone(request, admin);
  await audit(context, admin, {
    action: "order.note-added",
    subjectType: "order",
    subjectId: id,
    summary: parsed.data.body.slice(0, 120),
  });
  return redirectWithToast(request, orderUrl(id), { kind: "success", message: t("admin.notes.added", { id }) });
}

/**
 * `intent=confirm` / `intent=unconfirm`: marks the order as confirmed with the shopper by phone
 * (who and when), or removes the mark (docs/decisions/028-checkout-limits-and-blocklist.md).
 */
export async function setConfirmation({ request, context, admin, id }: OrderAction, confirmed: boolean) {
  const t = staffTranslator(admin);
  if (!(await setOrderConfirmation(id, confirmed ? admin : null))) return orderGone(request, admin);
  await audit(context, admin, {
    action: confirmed ? "order.confirmed" : "order.unconfirmed",
    subjectType: "order",
    subjectId: id,
  });
  const message = t(confirmed ? "admin.confirm.marked" : "admin.confirm.unmarked", { id });
  return redirectWithToast(request, orderUrl(id), { kind: "success", message });
}

/**
 * `intent=sms-send-again`: queues the order's failed text message `message` again, as new (sent
 * within moments by the sender, never inside this request), with a line in the audit trail. A
 * message no longer failed (sent, or queued by another click) is left alone and the toast says so.
 */
export async function sendSmsAgain({ request, context, admin, id, form }: OrderAction) {
  const t = staffTranslator(admin);
  const messageId = parseId(String(form.get("message") ?? ""));
  const event = messageId === null ? null : await sendAgain(messageId, id);
  if (event === null) {
    return redirectWithToast(request, orderUrl(id), { kind: "error", message: t("admin.smsMessages.notFailed") });
  }
  await audit(context, admin, { action: "sms.message-resent", subjectType: "order", subjectId: id, summary: event });
  return redirectWithToast(request, orderUrl(id), {
    kind: "success",
    message: t("admin.smsMessages.sentAgain", { event: smsEventLabel(event, t), id }),
  });
}

/**
 * `intent=undo-status`: the Undo offered after a status change. `from` and `to` name the change the
 * page offered; it is undone (the order gets `from` again) only when it is still the order's latest
 * change, by `admin`, recent and moving no stock (`undoStatusChange`), so an Undo left open on a page
 * never overrides a later change. Otherwise nothing changes and the toast says so.
 */
export async function undoStatus({ request, context, admin, id, form }: OrderAction) {
  const t = staffTranslator(admin);
  const url = orderUrl(id);
  const offered = { from: String(form.get("from") ?? ""), to: String(form.get("to") ?? "") };
  const result = await undoStatusChange(id, offered, admin);
  switch (result.outcome) {
    case "changed":
      await audit(context, admin, {
        action: "order.status-changed",
        subjectType: "order",
        subjectId: id,
        summary: offered.from,
        details: { status: offered.from, undo: true },
      });
      return redirectWithToast(request, url, {
        kind: "success",
        message: t("admin.order.statusSaved", { status: orderStatusLabel(offered.from, t) }),
      });
    case "not-found":
      return orderGone(request, admin);
    default:
      return redirectWithToast(request, url, { kind: "error", message: t("admin.order.undoTooLate") });
  }
}

/**
 * The status form: changes the order status (any value from any other) and records who changed it
 * from what to what (decision 015). The same status again changes and records nothing. Cancelling
 * returns the order's stock; reinstating a cancelled order takes it again, or is refused with the
 * products that lack it (docs/decisions/027-stock.md). Because cancelling moves stock, it needs
 * `confirm=yes`: without it nothing changes and the answer is the order page's confirmation step
 * (`?confirm-status=cancelled`, saying what cancelling does), with or without JavaScript.
 */
export async function changeStatus({ request, context, admin, id, form }: OrderAction) {
  const t = staffTranslator(admin);
  const url = orderUrl(id);
  const parsed = orderStatusSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return redirectWithToast(request, url, { kind: "error", message: t("admin.order.statusFailed") });
  }
  if (parsed.data.status === "cancelled" && form.get("confirm") !== "yes") {
    return redirect(`${url}?${CONFIRM_PARAM}=cancelled`);
  }
  const status = orderStatusLabel(parsed.data.status, t);
  const result = await changeOrderStatus(id, parsed.data.status, admin);
  switch (result.outcome) {
    case "out-of-stock": {
      const items = result.shortages.map((shortage) => t("admin.stock.shortageItem", shortage)).join(", ");
      return redirectWithToast(request, url, { kind: "error", message: t("admin.order.outOfStock", { items }) });
    }
    case "changed":
      await audit(context, admin, {
        action: "order.status-changed",
        subjectType: "order",
        subjectId: id,
        summary: parsed.data.status,
        details: { ...parsed.data },
      });
      return redirectWithToast(request, url, { kind: "success", message: t("admin.order.statusSaved", { status }) });
    case "unchanged":
      return redirectWithToast(request, url, { kind: "info", message: t("admin.order.statusUnchanged", { status }) });
    case "not-found":
      return orderGone(request, admin);
    case "conflict":
      return redirectWithToast(request, url, { kind: "error", message: t("admin.order.statusFailed") });
  }
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMetaTranslator } from "~/components/admin/admin-meta";
import { getEnv } from "~/config/env.server";
import { isLang, localePath, type Lang } from "~/i18n";
import { shopperMessage } from "~/rules/shopper-message";
import { requireAdmin } from "~/server/auth/auth.server";
import { publicOrigin } from "~/utils/seo";
import { readFormData } from "~/server/form-data.server";
import { requireId } from "~/utils/params";
import { BkashPayments } from "./bkash-payments";
import { CashReceived } from "./cash-received";
import { CourierPanel } from "./courier-panel";
import { CustomerSection } from "./customer-section";
import { addNote, changeStatus, sendSmsAgain, setConfirmation, undoStatus } from "./order-actions.server";
import { decideSendMoney } from "./advance-actions.server";
import { AdvanceSection } from "./advance-section";
import { OrderDangerZone, OrderHeader } from "./order-header";
import { OrderInvoice } from "./order-invoice";
import { OrderItems } from "./order-items";
import { OrderNotes, type NoteRefusal } from "./order-notes";
import { orderPageData } from "./order-page.server";
import { pathaoChoiceFor } from "./pathao-choice.server";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { OrderStatusTimeline } from "./order-status-timeline";
import { PhoneConfirmation } from "./phone-confirmation";
import { ShopperMessage } from "./shopper-message";
import { OrderSmsMessages } from "./sms-messages";
import { StatusSection } from "./status-section";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = adminMetaTranslator(matches);
  return [{ title: data ? t("admin.order.title", { id: data.order.id }) : t("admin.order.notFound") }];
};

/**
 * The order, its status history and its invoice (one view model for the block and invoice.png, in
 * the order's language), and the message for the shopper: in `?message=en|bn`, else in the order's
 * language, with the tracking link on PUBLIC_URL (the request's origin without it).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const data = await orderPageData(requireId(params.id), admin);
  const url = new URL(request.url);
  const asked = url.searchParams.get("message");
  const lang: Lang = isLang(asked) ? asked : isLang(data.order.language) ? data.order.language : "en";
  const origin = publicOrigin(request, getEnv().PUBLIC_URL);
  const trackUrl = `${origin}${localePath(lang, "/orders/track")}?order=${data.order.id}`;
  const pathaoChoice =
    !data.order.consignmentId && data.couriers.ready.includes("pathao")
      ? await pathaoChoiceFor(data.order, url.searchParams, staffTranslator(admin), staffLanguage(admin))
      : null;
  return { ...data, pathaoChoice, message: { lang, text: shopperMessage(data.order, lang, trackUrl) } };
}

/**
 * One action per `intent` (order-actions.server.ts): `note` adds an internal note (400 with the
 * message and the text kept when it is empty or longer than 1,000 characters); `confirm` /
 * `unconfirm` marks the order as confirmed with the shopper by phone, or removes the mark;
 * `undo-status` undoes the admin's last status change while it may be undone; `verify-payment` /
 * `reject-payment` decides a Send Money towards the advance (advance-actions.server.ts);
 * `sms-send-again` queues a failed text message to the shopper again; without one, the
 * status form changes the order status. Each goes back to the order with a message.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = requireId(params.id);
  const form = await readFormData(request);
  const order = { request, context, admin, id, form };
  const intent = form.get("intent");
  if (intent === "note") return addNote(order);
  if (intent === "confirm" || intent === "unconfirm") return setConfirmation(order, intent === "confirm");
  if (intent === "undo-status") return undoStatus(order);
  if (intent === "verify-payment" || intent === "reject-payment")
    return decideSendMoney(order, intent === "verify-payment");
  if (intent === "sms-send-again") return sendSmsAgain(order);
  return changeStatus(order);
}

/** The order page: customer information, status, phone confirmation, courier, the shopper's message, the text messages sent, items and totals, notes, history, invoice. */
export default function AdminOrderPage() {
  const {
    order,
    history,
    undo,
    stock,
    notes,
    invoice,
    risk,
    blocked,
    courierEvents,
    edits,
    editable,
    couriers,
    pathaoChoice,
    trackingUrl,
    canForgetHandOff,
    isOwner,
    payments,
    bkashPayments,
    smsMessages,
    message,
    cash,
    payoutCharges,
  } = useLoaderData<typeof loader>();
  const noteRefusal = useActionData<typeof action>() as NoteRefusal | undefined;
  return (
    <article className="space-y-6">
      <OrderHeader order={order} editable={editable} />

      <div className="grid gap-6 md:grid-cols-2">
        <CustomerSection order={order} risk={risk} />
        <div className="space-y-6">
          <StatusSection order={order} undo={undo} />
          <CashReceived order={order} cash={cash} charges={payoutCharges} isOwner={isOwner} />
          <AdvanceSection order={order} payments={payments} />
          <PhoneConfirmation
            orderId={order.id}
            phone={order.customerPhone}
            confirmedAt={order.confirmedAt}
            confirmedByEmail={order.confirmedByEmail}
            blocked={blocked}
            canBlock={isOwner}
          />
          <CourierPanel
            order={order}
            trackingUrl={trackingUrl}
            couriers={couriers}
            pathaoChoice={pathaoChoice}
            canManageAccount={isOwner}
            canForget={canForgetHandOff}
          />
          <BkashPayments orderId={order.id} payments={bkashPayments} canRefund={isOwner} />
        </div>
      </div>

      <ShopperMessage orderId={order.id} lang={message.lang} text={message.text} />

      <OrderSmsMessages orderId={order.id} messages={smsMessages} />

      <OrderItems order={order} />

      <OrderNotes orderId={order.id} notes={notes} refusal={noteRefusal ?? null} />

      <OrderStatusTimeline
        courier={courierEvents}
        edits={edits}
        entries={history.entries}
        payments={payments}
        stock={stock}
        truncated={history.truncated}
        shown={history.shown}
      />

      <OrderInvoice invoice={invoice} />

      {isOwner ? <OrderDangerZone order={order} /> : null}
    </article>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "admin.order.notFound",
  backTo: "/admin/orders",
  backLabel: "admin.order.back",
});

/**
 * The order page's courier block (docs/decisions/029-courier-hand-off.md, 066-pathao.md): where
 * the parcel is with its courier (consignment, tracking link, the courier's charge, its last status
 * and when it was read) and a button to read it again; or, before the hand-off, a button per
 * courier the shop can use: "Send to Steadfast", and for Pathao its place choice (./pathao-choice.tsx)
 * with the price before sending. Plain forms posting to /admin/orders/courier: they work without
 * JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { courierDisplayName } from "~/rules/courier-names";
import { formatShopDateTime } from "~/i18n/format-date";
import { deliveryStateLabel } from "~/rules/delivery-state";
import { formatMoney } from "~/rules/money";
import { SubmitButton } from "~/components/admin/submit-button";
import { PathaoChoice } from "./pathao-choice";
import type { PathaoChoiceView } from "./pathao-choice.server";

export type CourierPanelOrder = {
  id: number;
  status: string;
  courier: string | null;
  consignmentId: string | null;
  trackingCode: string | null;
  courierStatus: string | null;
  deliveryState: string | null;
  sentToCourierAt: Date | null;
  courierCheckedAt: Date | null;
  /** The courier's quoted charge at hand-off, in paisa (Pathao's delivery_fee); null when it gave none. */
  courierFeePaisa: number | null;
};

/** The order page's courier block: see the module's comment. */
export function CourierPanel({
  order,
  trackingUrl,
  couriers,
  pathaoChoice,
  canManageAccount,
  canForget = false,
}: {
  order: CourierPanelOrder;
  /** The courier's public tracking page, when it has one. */
  trackingUrl: string | null;
  /** The couriers the shop can send with now, and the default one (offered first). */
  couriers: { ready: string[]; defaultCourier: string | null };
  /** Pathao's place choice when staff opened it (`?pathao=1`), else null. */
  pathaoChoice: PathaoChoiceView | null;
  /** Whether the staff member may save the courier keys (owners only: docs/decisions/033-staff-roles.md). */
  canManageAccount: boolean;
  /**
   * Whether the parcel's hand-off may be forgotten to send the order again (hand-off.server.ts
   * `canForgetHandOff`: Pathao cancelled the pickup); a claim whose answer never came always may.
   */
  canForget?: boolean;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const refreshing = usePending({ formAction: "/admin/orders/courier", intent: "refresh", state: "submitting" });
  const sending = usePending({ formAction: "/admin/orders/courier", intent: "send", state: "submitting" });
  const back = `/admin/orders/view/${order.id}`;
  const accountReady = couriers.ready.length > 0;
  const preference = couriers.defaultCourier === "pathao" ? ["pathao", "steadfast"] : ["steadfast", "pathao"];
  const offered = preference.filter((courier) => couriers.ready.includes(courier));
  const forgetting = usePending({ formAction: "/admin/orders/courier", intent: "forget", state: "submitting" });
  const forgettable = order.consignmentId !== null && canForget;
  const forgetForm = (
    <Form method="post" action="/admin/orders/courier" className="mt-3">
      <input type="hidden" name="intent" value="forget" />
      <input type="hidden" name="order" value={order.id} />
      <input type="hidden" name="back" value={back} />
      <SubmitButton pending={forgetting} look="primary-small">
        {t("admin.courier.forget")}
      </SubmitButton>
    </Form>
  );
  const button =
    "min-h-11 rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50 disabled:opacity-60";
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white p-5 print:hidden"
      aria-labelledby="courier-heading"
      data-testid="courier-panel"
    >
      <h2 id="courier-heading" className="mb-3 text-lg font-semibold">
        {t("admin.courier.panelTitle")}
      </h2>
      {order.consignmentId ? (
        <>
          <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
            <dt className="text-stone-600">{t("admin.courier.courier")}</dt>
            <dd data-testid="courier-name">{courierDisplayName(order.courier)}</dd>
            <dt className="text-stone-600">{t("admin.courier.consignment")}</dt>
            <dd data-testid="consignment-id" translate="no">
              {order.consignmentId}
            </dd>
            <dt className="text-stone-600">{t("admin.courier.trackingCode")}</dt>
            <dd>
              {trackingUrl ? (
                <a
                  href={trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline"
                  data-testid="tracking-link"
                >
                  <span translate="no">{order.trackingCode}</span>
                  <span className="sr-only"> {t("admin.courier.opensNewTab")}</span>
                </a>
              ) : (
                <span translate="no">{order.trackingCode}</span>
              )}
            </dd>
            {order.courierFeePaisa !== null ? (
              <>
                <dt className="text-stone-600">{t("admin.pathao.fee")}</dt>
                <dd data-testid="courier-fee">{formatMoney(order.courierFeePaisa, { lang })}</dd>
              </>
            ) : null}
            <dt className="text-stone-600">{t("admin.courier.status")}</dt>
            <dd data-testid="courier-status">
              {order.deliveryState ? deliveryStateLabel(order.deliveryState, t) : "—"}
              {order.courierStatus ? <span className="text-stone-600"> ({order.courierStatus})</span> : null}
              {order.courierCheckedAt ? (
                <span className="block text-xs text-stone-600">
                  {t("admin.courier.checkedAt", { when: formatShopDateTime(order.courierCheckedAt, lang) })}
                </span>
              ) : null}
            </dd>
          </dl>
          {forgettable ? (
            <>
              <p className="mt-4 text-sm text-amber-900" data-testid="courier-pickup-cancelled">
                {t("admin.courier.pickupCancelled", { courier: courierDisplayName(order.courier) })}
              </p>
              {forgetForm}
            </>
          ) : null}
          {accountReady ? (
            <Form method="post" action="/admin/orders/courier" className="mt-4">
              <input type="hidden" name="intent" value="refresh" />
              <input type="hidden" name="order" value={order.id} />
              <input type="hidden" name="back" value={back} />
              <button type="submit" disabled={refreshing} className={button}>
                {refreshing ? t("admin.courier.refreshing") : t("admin.courier.refreshOne")}
              </button>
            </Form>
          ) : null}
        </>
      ) : order.courier !== null && order.sentToCourierAt !== null ? (
        <>
          <p className="text-sm text-amber-900" data-testid="courier-claim-pending">
            {t("admin.courier.claimPending", {
              courier: courierDisplayName(order.courier),
              when: formatShopDateTime(order.sentToCourierAt, lang),
              invoice: `haat-${order.id}`,
            })}
          </p>
          {forgetForm}
        </>
      ) : order.status === "delivered" || order.status === "cancelled" ? (
        <p className="text-sm text-stone-600">{t("admin.courier.notSentClosed")}</p>
      ) : accountReady ? (
        <div className="space-y-4">
          <p className="text-sm text-stone-600">{t("admin.courier.notSent")}</p>
          {offered.map((courier) =>
            courier === "steadfast" ? (
              <Form key={courier} method="post" action="/admin/orders/courier">
                <input type="hidden" name="intent" value="send" />
                <input type="hidden" name="courier" value="steadfast" />
                <input type="hidden" name="order" value={order.id} />
                <input type="hidden" name="back" value={back} />
                <SubmitButton pending={sending} pendingLabel={t("admin.courier.sending")} look="primary-small">
                  {t("admin.courier.sendOne", { courier: "Steadfast" })}
                </SubmitButton>
              </Form>
            ) : pathaoChoice ? (
              <PathaoChoice key={courier} orderId={order.id} back={back} choice={pathaoChoice} />
            ) : (
              <Link
                key={courier}
                to={`${back}?pathao=1#courier-heading`}
                className="inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50"
                data-testid="pathao-open"
              >
                {t("admin.pathao.choosePlaces")}
              </Link>
            ),
          )}
        </div>
      ) : (
        <p className="text-sm text-stone-600">
          {t("admin.courier.noAccount")}{" "}
          {canManageAccount ? (
            <Link to="/admin/courier" className="font-medium text-amber-800 underline">
              {t("admin.courier.title")}
            </Link>
          ) : null}
        </p>
      )}
    </section>
  );
}

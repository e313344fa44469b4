/**
 * The status history of an order as a timeline (decision 015): an ordered list, oldest first,
 * each entry saying what changed (from → to), who changed it (the admin's e-mail as it was then)
 * and when (`<time datetime>`, shown in Asia/Dhaka time). The stock the order took or returned
 * (docs/decisions/027-stock.md) and the parcel's steps with its courier (docs/decisions/029) are in
 * the same timeline, in time order, with the Send Money payments towards the advance (reported by
 * the shopper, verified or not by staff; docs/decisions/062-advance-payment.md).
 */
import type { ReactNode } from "react";
import { courierDisplayName } from "~/rules/courier-names";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { orderStatusLabel } from "~/rules/order-status";
import { stockChangeText, stockReasonLabel } from "~/rules/stock";
import { deliveryStateLabel } from "~/rules/delivery-state";
import { formatMoney } from "~/rules/money";
import type { OrderEditChange } from "~/rules/order-edit";
import { localLineItemName } from "~/rules/variants";
import { formatShopDateTime } from "~/i18n/format-date";
import { localDigits } from "~/i18n/format";
import { isAdvanceLapse, isSendMoneyMethod } from "~/rules/advance";
import { paymentMethodLabel, type AdvancePaymentRow } from "./advance-section";

/** One history entry as the order page's loader returns it. */
export type OrderStatusTimelineEntry = {
  id: number;
  fromStatus: string | null;
  toStatus: string;
  changedByEmail: string | null;
  /** The courier whose status report made the change; null for staff or the shopper. */
  courier: string | null;
  createdAt: Date;
};

/** One step of the parcel with its courier, as app/models/orders/courier.server.ts `getOrderCourierEvents` returns it. */
export type CourierTimelineEntry = {
  id: number;
  courier: string;
  courierStatus: string;
  deliveryState: string;
  changedByEmail: string | null;
  createdAt: Date;
};

/** One edit of the order, as app/models/orders/order-edit.server.ts `getOrderEdits` returns it. */
export type EditTimelineEntry = {
  id: number;
  changes: OrderEditChange[];
  changedByEmail: string | null;
  createdAt: Date;
};

/** One stock ledger entry of the order, as app/models/catalogue/stock.server.ts `getOrderStockMovements` returns it. */
export type StockTimelineEntry = {
  id: number;
  /** The product's name when the entry was written, and its Bangla name ("" for none). */
  productName: string;
  productNameBn: string;
  /** The variant's label when the entry was written ("56″ / Brown"), and its Bangla label; "" for a product without options. */
  variantLabel: string;
  variantLabelBn: string;
  /** Units added (positive) or taken (negative). */
  change: number;
  /** Units on hand after the change. */
  balance: number;
  reason: string;
  changedByEmail: string | null;
  createdAt: Date;
};

/** A step of a Send Money payment: reported (at its creation) or decided (verified or not). */
type PaymentStep = { id: number; step: "reported" | "decided"; payment: AdvancePaymentRow; createdAt: Date };

type TimelineItem =
  | { kind: "status"; entry: OrderStatusTimelineEntry }
  | { kind: "payment"; entry: PaymentStep }
  | { kind: "stock"; entry: StockTimelineEntry }
  | { kind: "courier"; entry: CourierTimelineEntry }
  | { kind: "edit"; entry: EditTimelineEntry };

/** Within one moment: the courier's report, then the status it caused, then the stock that moved. */
const KIND_ORDER: Record<TimelineItem["kind"], number> = { courier: 0, edit: 1, payment: 2, status: 3, stock: 4 };

/** The timeline's steps of the Send Money payments among `payments`: each reported, then decided. */
function paymentSteps(payments: AdvancePaymentRow[]): PaymentStep[] {
  return payments
    .filter((payment) => isSendMoneyMethod(payment.method))
    .flatMap((payment) => [
      { id: payment.id * 2, step: "reported" as const, payment, createdAt: payment.createdAt },
      ...(payment.verifiedAt
        ? [{ id: payment.id * 2 + 1, step: "decided" as const, payment, createdAt: payment.verifiedAt }]
        : []),
    ]);
}

export function OrderStatusTimeline({
  entries: statusEntries,
  stock = [],
  courier = [],
  edits = [],
  payments = [],
  truncated,
  shown,
}: {
  entries: OrderStatusTimelineEntry[];
  stock?: StockTimelineEntry[];
  courier?: CourierTimelineEntry[];
  edits?: EditTimelineEntry[];
  payments?: AdvancePaymentRow[];
  truncated: boolean;
  shown: number;
}) {
  const t = useAdminT();
  const entries: TimelineItem[] = [
    ...statusEntries.map((entry) => ({ kind: "status" as const, entry })),
    ...stock.map((entry) => ({ kind: "stock" as const, entry })),
    ...courier.map((entry) => ({ kind: "courier" as const, entry })),
    ...edits.map((entry) => ({ kind: "edit" as const, entry })),
    ...paymentSteps(payments).map((entry) => ({ kind: "payment" as const, entry })),
  ].sort(
    (a, b) =>
      a.entry.createdAt.getTime() - b.entry.createdAt.getTime() ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.entry.id - b.entry.id,
  );
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white p-5 print:hidden"
      aria-labelledby="history-heading"
      data-testid="status-history"
    >
      <h2 id="history-heading" className="mb-3 text-lg font-semibold">
        {t("admin.order.history")}
      </h2>
      {truncated ? (
        <p className="mb-2 text-sm text-stone-600">{t("admin.order.historyTruncated", { count: shown })}</p>
      ) : null}
      {entries.length === 0 ? (
        <p className="text-sm text-stone-600">{t("admin.order.historyEmpty")}</p>
      ) : (
        <ol className="relative ml-2 space-y-4 border-l-2 border-stone-200 pl-5">
          {entries.map((item) => {
            if (item.kind === "stock") return <StockEntry key={`stock-${item.entry.id}`} entry={item.entry} />;
            if (item.kind === "courier") return <CourierEntry key={`courier-${item.entry.id}`} entry={item.entry} />;
            if (item.kind === "edit") return <EditEntry key={`edit-${item.entry.id}`} entry={item.entry} />;
            if (item.kind === "payment") return <PaymentEntry key={`payment-${item.entry.id}`} entry={item.entry} />;
            const entry = item.entry;
            const by =
              entry.fromStatus === null
                ? t("admin.order.historyByCustomer")
                : entry.courier
                  ? t("admin.order.historyByCourier", { courier: courierName(entry.courier) })
                  : entry.changedByEmail
                    ? t("admin.order.historyBy", { email: entry.changedByEmail })
                    : isAdvanceLapse(entry)
                      ? t("admin.advance.byLapse")
                      : t("admin.order.historyByUnknown");
            return (
              <TimelineEntry
                key={`status-${entry.id}`}
                testId="status-history-entry"
                dot="bg-amber-700"
                by={by}
                at={entry.createdAt}
              >
                <p className="font-medium">
                  {entry.fromStatus === null ? (
                    t("admin.order.historyPlaced", { status: orderStatusLabel(entry.toStatus, t) })
                  ) : (
                    <>
                      <span aria-hidden="true">
                        {t("admin.order.historyChanged", {
                          from: orderStatusLabel(entry.fromStatus, t),
                          to: orderStatusLabel(entry.toStatus, t),
                        })}
                      </span>
                      <span className="sr-only">
                        {t("admin.order.historyChangedLabel", {
                          from: orderStatusLabel(entry.fromStatus, t),
                          to: orderStatusLabel(entry.toStatus, t),
                        })}
                      </span>
                    </>
                  )}
                </p>
              </TimelineEntry>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/**
 * One entry of the timeline: a dot in the entry's colour (`dot`, a background class) on the line,
 * what happened (`children`), then who (`by`) and when (`at`, in the shop's time zone).
 */
function TimelineEntry({
  testId,
  dot,
  by,
  at,
  children,
}: {
  testId: string;
  dot: string;
  by: string;
  at: Date;
  children: ReactNode;
}) {
  const lang = useAdminLang();
  return (
    <li className="relative text-sm" data-testid={testId}>
      <span
        aria-hidden="true"
        className={`absolute -left-[1.72rem] top-1 h-3 w-3 rounded-full border-2 border-white ${dot}`}
      />
      {children}
      <p className="text-stone-600">
        {by}, <time dateTime={at.toISOString()}>{formatShopDateTime(at, lang)}</time>
      </p>
    </li>
  );
}

/** A stock movement in the timeline: why, which product (and variant) by how many units, who and when. */
function StockEntry({ entry }: { entry: StockTimelineEntry }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const reason = stockReasonLabel(entry.reason, t);
  const params = {
    name: localLineItemName(entry, lang),
    change: stockChangeText(entry.change, t),
    balance: entry.balance,
  };
  const by = entry.changedByEmail
    ? t("admin.order.historyBy", { email: entry.changedByEmail })
    : t("admin.order.historyByCustomer");
  return (
    <TimelineEntry testId="stock-history-entry" dot="bg-stone-400" by={by} at={entry.createdAt}>
      <p className="font-medium">{reason}</p>
      <p>
        <span aria-hidden="true">{t("admin.stock.entry", params)}</span>
        <span className="sr-only">{t("admin.stock.entryLabel", params)}</span>
      </p>
    </TimelineEntry>
  );
}

/** A courier's display name: a brand, the same in every language. */
export function courierName(courier: string): string {
  return courierDisplayName(courier);
}

/** A step of the parcel with its courier: handed over, or a new status the courier reported. */
function CourierEntry({ entry }: { entry: CourierTimelineEntry }) {
  const t = useAdminT();
  const courier = courierName(entry.courier);
  const by = entry.changedByEmail
    ? t("admin.order.historyBy", { email: entry.changedByEmail })
    : t("admin.courier.bySchedule");
  return (
    <TimelineEntry testId="courier-history-entry" dot="bg-sky-700" by={by} at={entry.createdAt}>
      <p className="font-medium">
        {t("admin.courier.historyEntry", {
          courier,
          state: deliveryStateLabel(entry.deliveryState, t),
          status: entry.courierStatus,
        })}
      </p>
    </TimelineEntry>
  );
}

/** An edit of the order: each change (line items, address, shipping, total), who and when. */
function EditEntry({ entry }: { entry: EditTimelineEntry }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const money = (paisa: number) => formatMoney(paisa, { lang });
  const describe = (change: OrderEditChange): string => {
    switch (change.kind) {
      case "quantity":
        return t("admin.edit.change.quantity", change);
      case "removed":
        return t("admin.edit.change.removed", change);
      case "added":
        return t("admin.edit.change.added", change);
      case "address":
        return t("admin.edit.change.address", change);
      case "shipping":
        return t("admin.edit.change.shipping", change);
      case "total":
        return t("admin.edit.change.total", { from: money(change.from), to: money(change.to) });
    }
  };
  return (
    <TimelineEntry
      testId="edit-history-entry"
      dot="bg-violet-700"
      by={
        entry.changedByEmail
          ? t("admin.order.historyBy", { email: entry.changedByEmail })
          : t("admin.order.historyByUnknown")
      }
      at={entry.createdAt}
    >
      <p className="font-medium">{t("admin.edit.history")}</p>
      <ul className="list-inside list-disc">
        {entry.changes.map((change, index) => (
          <li key={index}>{describe(change)}</li>
        ))}
      </ul>
    </TimelineEntry>
  );
}

/** A Send Money step: reported by the shopper (TrxID, sender), or verified / not verified by staff (with the reason). */
function PaymentEntry({ entry }: { entry: PaymentStep }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const { payment } = entry;
  const params = {
    method: paymentMethodLabel(payment.method, t),
    amount: formatMoney(payment.amountPaisa, { lang }),
    trxId: payment.trxId ?? "",
    number: localDigits(payment.senderNumber ?? "", lang),
    reason: payment.reason,
  };
  const text =
    entry.step === "reported"
      ? t("admin.advance.historyReported", params)
      : payment.status === "verified"
        ? t("admin.advance.historyVerified", params)
        : t("admin.advance.historyRejected", params);
  const by =
    entry.step === "reported"
      ? t("admin.advance.byShopper")
      : payment.verifiedByEmail
        ? t("admin.order.historyBy", { email: payment.verifiedByEmail })
        : t("admin.order.historyByUnknown");
  return (
    <TimelineEntry testId="payment-history-entry" dot="bg-emerald-700" by={by} at={entry.createdAt}>
      <p className="font-medium">{text}</p>
    </TimelineEntry>
  );
}

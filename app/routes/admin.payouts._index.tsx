import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminTable } from "~/components/admin/admin-table";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminField } from "~/components/admin/form-field";
import { AdminPageHeader } from "~/components/admin/page-header";
import { payoutCourierName } from "~/components/admin/payout-courier";
import { Pagination } from "~/components/pagination";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { formatInteger } from "~/i18n/format";
import { formatShopDateTime, formatDayMonth } from "~/i18n/format-date";
import { getCourierAccountRow } from "~/models/orders/courier.server";
import { listOverdueCash, listPayouts } from "~/models/payouts/payouts.server";
import { getShopSettings, savePayoutOverdueDays } from "~/models/settings.server";
import { formatMoney } from "~/rules/money";
import { parsePage } from "~/rules/pagination";
import { toAsciiDigits } from "~/rules/phone";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireOwner } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { audit } from "~/server/audit.server";
import { auditPayout } from "~/server/payouts/payout-import.server";
import {
  payoutReadFailure,
  readSteadfastPayouts,
  skippedPaymentMessage,
} from "~/server/payouts/steadfast-payouts.server";
import { redirectWithToast } from "~/server/toast-cookie.server";

export const meta = adminTitle("admin.payouts.title");

/** The days after delivery a parcel's cash may take before it is overdue (the setting's bounds). */
const OVERDUE_DAYS = { min: 1, max: 90 };

/**
 * The owner's payouts page: the delivered orders whose cash is overdue (with the setting), whether
 * Steadfast's payouts can be read (keys saved), and the payouts recorded (newest first, `?page=`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const settings = await getShopSettings();
  const days = settings.payoutOverdueDays;
  const [overdue, payouts, steadfast] = await Promise.all([
    listOverdueCash(new Date(), days),
    listPayouts(parsePage(new URL(request.url).searchParams)),
    getCourierAccountRow("steadfast"),
  ]);
  return { days, overdue, payouts, steadfastReady: steadfast !== null };
}

/** A refused overdue-days setting (400): the message and the number as typed. */
type DaysRefusal = { days: string; error: string };

/**
 * `intent=read-steadfast`: reads Steadfast's payments and records the new ones (the toast counts
 * them, or says why Steadfast could not be read; nothing of a failing payment is written).
 * `intent=overdue-days`: sets the days after delivery when cash is overdue (1–90; 400 otherwise),
 * in the activity trail (`settings.payout-overdue-days`, the days as its summary).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireOwner(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const url = "/admin/payouts";
  if (form.get("intent") === "overdue-days") {
    const typed = String(form.get("days") ?? "").trim();
    const days = /^\d{1,2}$/.test(toAsciiDigits(typed)) ? Number(toAsciiDigits(typed)) : NaN;
    if (!(days >= OVERDUE_DAYS.min && days <= OVERDUE_DAYS.max)) {
      return data<DaysRefusal>({ days: typed, error: t("admin.payouts.overdueDaysInvalid") }, { status: 400 });
    }
    await savePayoutOverdueDays(days);
    await audit(context, admin, {
      action: "settings.payout-overdue-days",
      subjectType: "settings",
      summary: String(days),
      details: { payoutOverdueDays: days },
    });
    return redirectWithToast(request, url, { kind: "success", message: t("admin.payouts.overdueDaysSaved", { days }) });
  }
  if (form.get("intent") !== "read-steadfast") {
    return redirectWithToast(request, url, { kind: "error", message: t("error.generic") });
  }
  try {
    const read = await readSteadfastPayouts(admin);
    for (const payout of read.recorded) await auditPayout(context, admin, { courier: "steadfast", ...payout });
    const skipped = read.skipped.map((payment) => skippedPaymentMessage(payment, t));
    if (read.recorded.length === 0 && skipped.length === 0) {
      return redirectWithToast(request, url, {
        kind: "info",
        message: t("admin.payouts.readNone", { listed: read.listed }),
      });
    }
    const total = (key: "matched" | "unmatched" | "duplicate" | "charge" | "chargedAgain") =>
      read.recorded.reduce((sum, payout) => sum + payout[key], 0);
    const parts: string[] = [];
    if (read.recorded.length > 0) {
      parts.push(
        t("admin.payouts.readSome", {
          count: read.recorded.length,
          matched: total("matched"),
          unmatched: total("unmatched"),
          duplicate: total("duplicate"),
        }),
      );
      if (total("charge") > 0) parts.push(t("admin.payouts.importedCharges", { count: total("charge") }));
      if (total("chargedAgain") > 0) {
        parts.push(t("admin.payouts.importedChargedAgain", { count: total("chargedAgain") }));
      }
    }
    parts.push(...skipped);
    if (read.waiting > 0) parts.push(t("admin.payouts.readWaiting", { waiting: read.waiting }));
    const kind = skipped.length === 0 ? "success" : read.recorded.length > 0 ? "info" : "error";
    return redirectWithToast(request, url, { kind, message: parts.join(" ") });
  } catch (error) {
    const message = payoutReadFailure(error, t);
    if (message === null) throw error;
    return redirectWithToast(request, url, { kind: "error", message });
  }
}

/** /admin/payouts: what the couriers paid back, and the cash still out. */
export default function PayoutsPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { days, overdue, payouts, steadfastReady } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as DaysRefusal | undefined;
  const reading = usePending({ intent: "read-steadfast" });
  const savingDays = usePending({ intent: "overdue-days" });
  const money = (paisa: number) => formatMoney(paisa, { lang });
  return (
    <section aria-labelledby="payouts-title" className="max-w-5xl space-y-8">
      <AdminPageHeader id="payouts-title" title={t("admin.payouts.title")} subtitle={t("admin.payouts.subtitle")} />

      <div className="flex flex-wrap items-start gap-4 rounded-lg border border-stone-200 bg-white p-5">
        {steadfastReady ? (
          <Form method="post" className="space-y-1">
            <input type="hidden" name="intent" value="read-steadfast" />
            <SubmitButton pending={reading} pendingLabel={t("admin.payouts.reading")} look="primary-small">
              {t("admin.payouts.readSteadfast")}
            </SubmitButton>
            <p className="text-sm text-stone-600">{t("admin.payouts.readSteadfastHint")}</p>
          </Form>
        ) : (
          <p className="text-sm text-stone-700" data-testid="payouts-no-steadfast">
            {t("admin.payouts.noSteadfast")}{" "}
            <Link to="/admin/courier" className="font-medium text-amber-800 underline">
              {t("admin.courier.title")}
            </Link>
          </p>
        )}
        <div className="space-y-1">
          <Link
            to="/admin/payouts/import"
            className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-50"
          >
            {t("admin.payouts.importLink")}
          </Link>
          <p className="text-sm text-stone-600">{t("admin.payouts.pathaoFile")}</p>
        </div>
      </div>

      <section aria-labelledby="overdue-title" className="space-y-3" data-testid="payouts-overdue">
        <h2 id="overdue-title" className="text-lg font-semibold">
          {t("admin.payouts.overdue")}
        </h2>
        <p data-testid="overdue-summary">
          {overdue.count === 0
            ? t("admin.payouts.overdueEmpty", { days })
            : t("admin.payouts.overdueSummary", { count: overdue.count, amount: money(overdue.expectedPaisa), days })}
          {overdue.count > overdue.orders.length
            ? ` ${t("admin.payouts.overdueMore", { shown: overdue.orders.length })}`
            : ""}
        </p>
        {overdue.orders.length > 0 ? (
          <AdminTable
            testId="overdue-table"
            columns={[
              { label: t("admin.payouts.col.order") },
              { label: t("admin.payouts.col.customer") },
              { label: t("admin.payouts.col.courier") },
              { label: t("admin.payouts.col.deliveredOn") },
              { label: t("admin.payouts.col.daysOut"), align: "right" },
              { label: t("admin.payouts.col.expected"), align: "right", card: "value" },
            ]}
          >
            {overdue.orders.map((order) => (
              <tr key={order.id} data-testid="overdue-row" data-order-id={order.id}>
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/orders/view/${order.id}`}
                    className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
                  >
                    {t("admin.payouts.orderLink", { id: order.id })}
                  </Link>
                </td>
                <td className="px-4 py-3">{order.customerName}</td>
                <td className="px-4 py-3">{payoutCourierName(order.courier ?? "", t)}</td>
                <td className="px-4 py-3">{formatDayMonth(order.deliveredDay, lang)}</td>
                <td className="px-4 py-3 text-right tabular-nums">
                  {t("admin.payouts.daysCount", { days: order.daysOut })}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{money(order.expectedPaisa)}</td>
              </tr>
            ))}
          </AdminTable>
        ) : null}
        <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="overdue-days" />
          <div className="w-56">
            <AdminField
              name="days"
              label={t("admin.payouts.overdueDays")}
              hint={t("admin.payouts.overdueDaysHint")}
              inputMode="numeric"
              maxLength={2}
              required
              defaultValue={refusal?.days ?? formatInteger(days, lang)}
              error={refusal?.error}
            />
          </div>
          <SubmitButton pending={savingDays} look="secondary" className="mb-6">
            {t("admin.payouts.overdueDaysSave")}
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="payout-list-title" className="space-y-3">
        <h2 id="payout-list-title" className="text-lg font-semibold">
          {t("admin.payouts.list")}
        </h2>
        {payouts.total === 0 ? (
          <p className="text-stone-600" data-testid="payouts-empty">
            {t("admin.payouts.empty")}
          </p>
        ) : (
          <AdminTable
            testId="payouts-table"
            columns={[
              { label: t("admin.payouts.col.reference") },
              { label: t("admin.payouts.col.courier") },
              { label: t("admin.payouts.col.date") },
              { label: t("admin.payouts.col.collected"), align: "right" },
              { label: t("admin.payouts.col.charges"), align: "right" },
              { label: t("admin.payouts.col.paid"), align: "right" },
              { label: t("admin.payouts.col.lines"), card: "value" },
            ]}
          >
            {payouts.items.map((payout) => (
              <tr key={payout.id} data-testid="payout-row">
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/payouts/${payout.id}`}
                    className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
                  >
                    <span translate="no">{payout.reference}</span>
                  </Link>
                </td>
                <td className="px-4 py-3">{payoutCourierName(payout.courier, t)}</td>
                <td className="px-4 py-3">{formatShopDateTime(new Date(payout.paidAt ?? payout.createdAt), lang)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{money(payout.collectedPaisa)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{money(payout.chargesPaisa)}</td>
                <td className="px-4 py-3 text-right font-medium tabular-nums">{money(payout.paidPaisa)}</td>
                <td className="px-4 py-3 text-sm">
                  {t("admin.payouts.lineCounts", {
                    matched: payout.matched,
                    charge: payout.charge,
                    unmatched: payout.unmatched,
                    duplicate: payout.duplicate,
                  })}
                  {payout.chargedAgain > 0
                    ? ` · ${t("admin.payouts.lineChargedAgain", { count: payout.chargedAgain })}`
                    : null}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
        <Pagination page={payouts.page} pageCount={payouts.pageCount} />
      </section>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backLabel: "admin.shell.nav.dashboard" });

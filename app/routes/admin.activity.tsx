import type { LoaderFunctionArgs } from "@remix-run/node";
import { TZDate } from "@date-fns/tz";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { DashboardErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ActivityList, FromAddress } from "~/components/admin/activity-list";
import { ActivityActor, ActivitySummary } from "~/components/admin/activity-summary";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import type { MessageKey } from "~/i18n/admin";
import { formatInteger, SHOP_TIME_ZONE } from "~/i18n/format";
import { formatShopDateTime } from "~/i18n/format-date";
import { AUDIT_PAGE_SIZE, listAuditActors, listAuditEvents } from "~/models/audit-trail.server";
import { actionsOf, AUDIT_GROUPS, isAuditAction, type AuditGroup } from "~/rules/audit-actions";
import { parsePage } from "~/rules/pagination";
import { requireOwner } from "~/server/auth/auth.server";
import { readableAddress } from "~/server/client-address.server";
import { parseId } from "~/utils/params";

export const meta = adminTitle("admin.activity.title");

/** A `YYYY-MM-DD` day of the filter, or "" when absent or not a real date. */
function day(value: string | null): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : "";
}

/** The start of `isoDay` in the shop's time zone (Asia/Dhaka), `endOfDay` its last millisecond. */
function dhakaDay(isoDay: string, endOfDay = false): Date {
  const [year, month, date] = isoDay.split("-").map(Number) as [number, number, number];
  const start = new TZDate(year, month - 1, date, SHOP_TIME_ZONE);
  return new Date(start.getTime() + (endOfDay ? 24 * 60 * 60 * 1000 - 1 : 0));
}

/**
 * The audit trail for the owner (docs/decisions/035-audit-trail.md), newest first, 50 a page,
 * filtered by the query: `who` (an account id), `what` (a group of actions), `from` and `to` (days
 * in the shop's time zone, inclusive). A bad filter value is dropped, so a hand-edited URL still
 * shows a list.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const params = new URL(request.url).searchParams;
  const who = parseId(params.get("who"));
  const what = AUDIT_GROUPS.find((group) => group === params.get("what")) ?? null;
  const from = day(params.get("from"));
  const to = day(params.get("to"));
  const page = parsePage(params);
  const [{ rows, total }, actors] = await Promise.all([
    listAuditEvents(
      {
        ...(who !== null ? { actorId: who } : {}),
        ...(what ? { actions: actionsOf(what) } : {}),
        ...(from ? { from: dhakaDay(from) } : {}),
        ...(to ? { to: dhakaDay(to, true) } : {}),
      },
      page,
    ),
    listAuditActors(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, address: row.address ? readableAddress(row.address) : null })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    actors,
    filters: { who: who === null ? "" : String(who), what: what ?? "", from, to },
  };
}

const GROUP_LABELS: Record<AuditGroup, MessageKey> = {
  "sign-in": "admin.activity.group.sign-in",
  catalogue: "admin.activity.group.catalogue",
  orders: "admin.activity.group.orders",
  settings: "admin.activity.group.settings",
  staff: "admin.activity.group.staff",
};

/** /admin/activity: who did what, when and from where, with filters. */
export default function ActivityPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { rows, total, page, pageCount, actors, filters } = useLoaderData<typeof loader>();
  const filtered = Object.values(filters).some((value) => value !== "");
  const field = "mt-1 block w-full rounded-md border border-stone-300 px-3 py-2";
  return (
    <section aria-labelledby="activity-title" className="space-y-6">
      <AdminPageHeader id="activity-title" title={t("admin.activity.title")} subtitle={t("admin.activity.subtitle")} />
      <p>
        {/* Unknown e-mails and attempts refused by a limit are kept apart, in a bounded table. */}
        <Link to="/admin/activity/refused" className="text-amber-800 underline">
          {t("admin.activity.refusedLink")}
        </Link>
      </p>

      <Form
        method="get"
        className="grid gap-4 rounded-lg border border-stone-200 bg-white p-5 sm:grid-cols-5 sm:items-end"
      >
        <FilterField id="who" label={t("admin.activity.who")}>
          <select id="who" name="who" defaultValue={filters.who} className={field}>
            <option value="">{t("admin.activity.everyone")}</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.email}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="what" label={t("admin.activity.what")}>
          <select id="what" name="what" defaultValue={filters.what} className={field}>
            <option value="">{t("admin.activity.everything")}</option>
            {AUDIT_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t(GROUP_LABELS[group])}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="from" label={t("admin.activity.from")}>
          <input id="from" name="from" type="date" defaultValue={filters.from} className={field} />
        </FilterField>
        <FilterField id="to" label={t("admin.activity.to")}>
          <input id="to" name="to" type="date" defaultValue={filters.to} className={field} />
        </FilterField>
        <button type="submit" className="rounded-md bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800">
          {t("admin.activity.filter")}
        </button>
      </Form>

      <ActivityList
        name="activity"
        rows={rows}
        empty={t(filtered ? "admin.activity.noneMatching" : "admin.activity.empty")}
        count={t("admin.activity.count", { count: total })}
        page={page}
        pageCount={pageCount}
        columns={[
          { label: t("admin.activity.what") },
          { label: t("admin.activity.who") },
          { label: t("admin.activity.colWhen") },
          { label: t("admin.activity.details"), card: "value" },
        ]}
      >
        {(row) => (
          <>
            <td className="px-4 py-3">
              <strong data-testid="activity-action">
                {isAuditAction(row.action) ? t(`admin.activity.action.${row.action}` as MessageKey) : row.action}
              </strong>
              {row.subjectType === "order" && row.subjectId !== null ? ` #${formatInteger(row.subjectId, lang)}` : null}
              <ActivitySummary action={row.action} summary={row.summary} t={t} lang={lang} />
            </td>
            <td className="break-all px-4 py-3" data-testid="activity-who">
              <ActivityActor actorId={row.actorId} actorEmail={row.actorEmail} t={t} />
            </td>
            <td className="px-4 py-3">
              <time dateTime={row.createdAt.toISOString()}>{formatShopDateTime(row.createdAt, lang)}</time>
              {row.address ? <FromAddress address={row.address} /> : null}
            </td>
            <td className="px-4 py-3">
              {row.details !== "{}" ? (
                <details>
                  <summary className="cursor-pointer text-amber-800 underline">{t("admin.activity.details")}</summary>
                  <pre
                    className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-stone-50 p-2 text-xs"
                    translate="no"
                  >
                    {JSON.stringify(JSON.parse(row.details), null, 2)}
                  </pre>
                </details>
              ) : (
                "—"
              )}
            </td>
          </>
        )}
      </ActivityList>
    </section>
  );
}

/** One filter of the list: its label above its control (whose id is `id`). */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;

import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useAdminT } from "~/hooks/use-admin-t";
import { getReports } from "~/models/reports/reports.server";
import { parseReportQuery, presetQuery, REPORT_PRESETS, reportSearch } from "~/rules/report-range";
import { requireOwner } from "~/server/auth/auth.server";
import { RangeForm } from "./range-form";
import { ReportSections } from "./sections";

export const meta = adminTitle("admin.reports.title");

/**
 * GET /admin/reports?from=&to=&group=: the owner's reports of the orders placed from `from` to `to`
 * (Dhaka days, both included; the last 30 days by default), the sales grouped by day, week or
 * month (app/models/reports/reports.server.ts). A range the page refuses (not dates, reversed,
 * longer than two years: app/rules/report-range.ts) is shown back with `error` and nothing read.
 * The owner only (403 for staff).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const now = new Date();
  const parsed = parseReportQuery(new URL(request.url).searchParams, now);
  const group = parsed.ok ? parsed.range.group : parsed.query.group;
  const presets = REPORT_PRESETS.map((preset) => {
    const query = presetQuery(preset, now, group);
    return { preset, ...query, search: reportSearch(query) };
  });
  if (!parsed.ok) return { query: parsed.query, days: 0, error: parsed.error, reports: null, presets };
  const { from, to, days } = parsed.range;
  return { query: { from, to, group }, days, error: null, reports: await getReports(parsed.range), presets };
}

/**
 * /admin/reports: the range form and its presets, then the reports (sales over time, best sellers,
 * categories, districts, couriers, codes and advances, cash from couriers), each a table with its
 * CSV download. A GET form and links: it all works without JavaScript, and a URL shares a report.
 */
export default function AdminReportsPage() {
  const t = useAdminT();
  const { query, days, error, reports, presets } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="reports-title" className="space-y-8">
      <AdminPageHeader id="reports-title" title={t("admin.reports.title")} subtitle={t("admin.reports.subtitle")} />
      <RangeForm query={query} days={days} error={error} presets={presets} />
      {reports ? <ReportSections reports={reports} query={query} /> : null}
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary();

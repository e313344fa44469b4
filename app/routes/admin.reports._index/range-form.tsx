import { Form, Link } from "@remix-run/react";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatInteger } from "~/i18n/format";
import { formatDayMonth } from "~/i18n/format-date";
import {
  MAX_REPORT_DAYS,
  REPORT_GROUPS,
  type ReportPreset,
  type ReportQuery,
  type ReportRangeError,
} from "~/rules/report-range";

/** A preset's link: its range as a query string. */
type PresetLink = ReportQuery & { preset: ReportPreset; search: string };

/** The look of the form's fields: a thumb's height. */
const FIELD = "mt-1 block min-h-11 w-full rounded-md border border-stone-300 px-3 py-2";

/** One of the range's days, labelled, as typed; marked invalid (and described by the reason) when refused. */
function DayField({ name, label, value, invalid }: { name: string; label: string; value: string; invalid: boolean }) {
  return (
    <label className="min-w-36 flex-1 text-sm font-medium sm:flex-none">
      {label}
      <input
        type="date"
        name={name}
        defaultValue={value}
        required
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? "reports-error" : undefined}
        className={FIELD}
      />
    </label>
  );
}

/** A day as "10 Nov 2026" in the page's language. */
function dayWithYear(day: string, lang: "en" | "bn"): string {
  return `${formatDayMonth(day, lang)} ${formatInteger(Number(day.slice(0, 4)), lang)}`;
}

/**
 * The reports' range: a GET form of two Dhaka days and the grouping (shown back as typed, with
 * the reason when refused), the preset links (the current one marked), and the range in words.
 */
export function RangeForm({
  query,
  days,
  error,
  presets,
}: {
  query: ReportQuery;
  days: number;
  error: ReportRangeError | null;
  presets: PresetLink[];
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-labelledby="reports-range">
        <h2 id="reports-range" className="sr-only">
          {t("admin.reports.range")}
        </h2>
        <DayField name="from" label={t("admin.reports.from")} value={query.from} invalid={error !== null} />
        <DayField name="to" label={t("admin.reports.to")} value={query.to} invalid={error !== null} />
        <label className="min-w-36 flex-1 text-sm font-medium sm:flex-none">
          {t("admin.reports.group")}
          <select name="group" defaultValue={query.group} className={FIELD}>
            {REPORT_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t(`admin.reports.group.${group}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="min-h-11 rounded-md bg-amber-700 px-5 text-sm font-medium text-white hover:bg-amber-800"
        >
          {t("admin.reports.show")}
        </button>
      </Form>
      {error ? (
        <p
          id="reports-error"
          role="alert"
          className="rounded-md bg-red-50 p-3 text-sm text-red-800"
          data-testid="reports-error"
        >
          {t(`admin.reports.error.${error}`, { max: formatInteger(MAX_REPORT_DAYS, lang) })}
        </p>
      ) : (
        <p className="text-sm text-stone-700" data-testid="reports-showing">
          {t("admin.reports.showing", {
            from: dayWithYear(query.from, lang),
            to: dayWithYear(query.to, lang),
            days: formatInteger(days, lang),
          })}
        </p>
      )}
      <nav aria-label={t("admin.reports.presets")}>
        <ul className="flex flex-wrap gap-2">
          {presets.map((preset) => {
            const current = preset.from === query.from && preset.to === query.to;
            return (
              <li key={preset.preset}>
                <Link
                  to={preset.search}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm ${
                    current
                      ? "border-amber-700 bg-amber-50 font-semibold text-amber-900"
                      : "border-stone-300 text-stone-700 hover:bg-stone-50"
                  }`}
                >
                  {t(`admin.reports.preset.${preset.preset}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

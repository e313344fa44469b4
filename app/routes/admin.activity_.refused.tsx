import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ActivityList, FromAddress } from "~/components/admin/activity-list";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import type { MessageKey } from "~/i18n/admin";
import { formatShopDateTime } from "~/i18n/format-date";
import {
  listRefusedSignIns,
  REFUSED_SIGN_IN_PAGE_SIZE,
  type RefusedSignInRow,
} from "~/models/auth/refused-sign-in.server";
import { parsePage } from "~/rules/pagination";
import { requireOwner } from "~/server/auth/auth.server";
import { readableAddress } from "~/server/client-address.server";

export const meta = adminTitle("admin.refused.title");

/**
 * The refused sign-in attempts for the owner (docs/decisions/041-refused-sign-ins.md): unknown
 * e-mails, attempts refused by a limit, and summaries of attempts not listed one by one; newest
 * first, 50 a page. The table keeps only the newest 1,000 rows of the last 30 days.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  const page = parsePage(new URL(request.url).searchParams);
  const { rows, total, attempts } = await listRefusedSignIns(page);
  return {
    rows: rows.map((row) => ({ ...row, address: readableAddress(row.address) })),
    total,
    attempts,
    page,
    pageCount: Math.max(1, Math.ceil(total / REFUSED_SIGN_IN_PAGE_SIZE)),
  };
}

/** The limits that refuse a sign-in (app/server/auth/sign-in-limits.server.ts, two-factor.server.ts), by the key logged. */
const LIMIT_LABELS: Record<string, MessageKey> = {
  account: "admin.refused.limit.account",
  address: "admin.refused.limit.address",
  "address+email": "admin.refused.limit.address+email",
  "two-factor": "admin.refused.limit.two-factor",
};

/** /admin/activity/refused: the refused sign-ins that are not in the activity list. */
export default function RefusedSignInsPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { rows, total, attempts, page, pageCount } = useLoaderData<typeof loader>();
  const what = (row: Pick<RefusedSignInRow, "outcome" | "reason" | "count">) => {
    if (row.outcome === "suppressed") {
      // "all-addresses": SUPPRESSED_ALL of the model, the summary of the limit on all addresses together.
      return t(row.reason === "all-addresses" ? "admin.refused.suppressedAll" : "admin.refused.suppressed", {
        count: row.count,
      });
    }
    if (row.outcome === "locked-out") {
      const limit = LIMIT_LABELS[row.reason];
      return limit ? t(limit) : t("admin.activity.action.sign-in.locked-out");
    }
    return t("admin.refused.unknownEmail");
  };
  return (
    <section aria-labelledby="refused-title" className="space-y-6">
      <AdminPageHeader id="refused-title" title={t("admin.refused.title")} subtitle={t("admin.refused.subtitle")} />
      <p>
        <Link to="/admin/activity" className="text-amber-800 underline">
          {t("admin.refused.back")}
        </Link>
      </p>
      <ActivityList
        name="refused"
        rows={rows}
        empty={t("admin.refused.empty")}
        count={t("admin.refused.count", { count: total, attempts })}
        page={page}
        pageCount={pageCount}
        columns={[
          { label: t("admin.activity.what") },
          { label: t("admin.activity.colEmail") },
          { label: t("admin.activity.colWhen"), card: "value" },
        ]}
      >
        {(row) => (
          <>
            <td className="px-4 py-3">
              <strong data-testid="refused-what">{what(row)}</strong>
            </td>
            <td className="break-all px-4 py-3" translate={row.email ? "no" : undefined}>
              {row.email || "—"}
            </td>
            <td className="px-4 py-3">
              <time dateTime={row.createdAt.toISOString()}>{formatShopDateTime(row.createdAt, lang)}</time>
              <FromAddress address={row.address} />
            </td>
          </>
        )}
      </ActivityList>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backTo: "/admin/activity", backLabel: "admin.refused.back" });

import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useAdminT } from "~/hooks/use-admin-t";
import { type MessageKey } from "~/i18n/admin";

/**
 * What an admin page shows instead of its content when its record is missing or could not be
 * loaded ('Product not found', 'Failed to load data. Please try again.',
 * 'Category not found', 'Order not found', …): the message as the page's heading, announced as an
 * alert, and the way back to the list ('Back to Products', 'Back to Orders', …).
 */
function AdminLoadProblem({
  title,
  detail,
  backTo,
  backLabel,
}: {
  title: string;
  detail?: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-6 text-center text-red-800">
      <h1 className="text-xl font-semibold">{title}</h1>
      {detail ? <p className="mx-auto mt-2 max-w-prose">{detail}</p> : null}
      <Link
        to={backTo}
        className="mt-4 inline-block rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-900"
      >
        {backLabel}
      </Link>
    </div>
  );
}

/** The messages of one admin page's problems, and its way back. */
export type AdminProblems = {
  /** Shown for a 404 (a record id that names nothing). */
  notFound: MessageKey;
  /** Shown for any other failure (a 500): the page could not be loaded or saved. */
  failed: MessageKey;
  /** Where 'back' goes, and its label. */
  backTo: string;
  backLabel: MessageKey;
};

/** The admin layout's own problems: any page without a boundary of its own lands here. */
const ADMIN_PROBLEMS: AdminProblems = {
  notFound: "error.notFoundTitle",
  failed: "error.generic",
  backTo: "/admin/dashboard",
  backLabel: "admin.error.backToDashboard",
};

/**
 * The one admin ErrorBoundary: 404 → `problems.notFound`, 403 → 'You do not have permission…' and
 * why (only the owner may), anything else → `problems.failed`, each with the way back. A page
 * names only what differs from the admin layout's problems ('Not found', 'Something went wrong',
 * back to the dashboard): `adminErrorBoundary({ backTo: "/admin/orders", backLabel: … })`.
 */
export function adminErrorBoundary(own: Partial<AdminProblems> = {}) {
  const problems: AdminProblems = { ...ADMIN_PROBLEMS, ...own };
  return function AdminErrorBoundary() {
    const t = useAdminT();
    const error = useRouteError();
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const title =
      status === 404 ? t(problems.notFound) : status === 403 ? t("admin.error.forbidden") : t(problems.failed);
    // A 403 is a staff account on an owner's page (requireOwner): the page says why.
    const detail = status === 403 ? t("admin.error.ownerOnly") : undefined;
    return (
      <AdminLoadProblem title={title} detail={detail} backTo={problems.backTo} backLabel={t(problems.backLabel)} />
    );
  };
}

/**
 * The boundary of the admin layout and of every page whose problems are the layout's (a not-found
 * or failed page, with the way back to the dashboard).
 */
export const DashboardErrorBoundary = adminErrorBoundary();

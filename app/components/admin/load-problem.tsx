import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { t } from "~/i18n/admin";

/**
 * What an admin page shows instead of its content when its record is missing or could not be
 * loaded (spec sections 2 and 8: 'Product not found', 'Failed to load data. Please try again.',
 * 'Category not found', 'Order not found', …): the message as the page's heading, announced as an
 * alert, and the way back to the list ('Back to Products', 'Back to Orders', …).
 */
export function AdminLoadProblem({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-6 text-center text-red-800">
      <h1 className="text-xl font-semibold">{title}</h1>
      <Link
        to={backTo}
        className="mt-4 inline-block rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-900"
      >
        {backLabel}
      </Link>
    </div>
  );
}

/** The ErrorBoundary of an order page (view, delete): 'Order not found' for a 404, else the generic failure. */
export function OrderErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminLoadProblem
      title={notFound ? t("admin.order.notFound") : t("error.generic")}
      backTo="/admin/orders"
      backLabel={t("admin.order.back")}
    />
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { orderSelectionSchema } from "~/forms/admin-schemas";
import { useAdminT } from "~/hooks/use-admin-t";
import type { MessageKey } from "~/i18n/admin";
import { getShopSettings } from "~/models/settings.server";
import { CSV_COLUMNS, CSV_HEADINGS, parseCsvColumns, type CsvColumn } from "~/rules/courier-csv";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { redirectWithToast } from "~/server/toast-cookie.server";

export const meta = adminTitle("admin.export.title");

/** Each column's line in the picker: what it holds, in the staff member's language. */
const COLUMN_HINTS: Record<CsvColumn, MessageKey> = {
  invoice: "admin.export.col.invoice",
  name: "admin.export.col.name",
  address: "admin.export.col.address",
  phone: "admin.export.col.phone",
  amount: "admin.export.col.amount",
  note: "admin.export.col.note",
  order: "admin.export.col.order",
  date: "admin.export.col.date",
  street: "admin.export.col.street",
  area: "admin.export.col.area",
  district: "admin.export.col.district",
  itemCount: "admin.export.col.itemCount",
  shippingMethod: "admin.export.col.shippingMethod",
  sku: "admin.export.col.sku",
  discountCode: "admin.export.col.discountCode",
  discount: "admin.export.col.discount",
};

/** The picker's rows: the chosen columns first in their order, then the others. */
function pickerRows(chosen: CsvColumn[]) {
  const rest = CSV_COLUMNS.filter((column) => !chosen.includes(column));
  return [...chosen, ...rest].map((column, index) => ({
    column,
    position: index + 1,
    checked: chosen.includes(column),
  }));
}

/**
 * GET /admin/orders/export?order=…: the column picker for the ticked orders, with the columns
 * chosen last time (ShopSettings.courierCsvColumns; the Steadfast file's columns at first). No
 * order ticked: back to the list with a message. The form posts to /admin/orders/export.csv.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const parsed = orderSelectionSchema(t).safeParse(new URL(request.url).searchParams.getAll("order"));
  if (!parsed.success) {
    throw await redirectWithToast(request, "/admin/orders", {
      kind: "error",
      message: parsed.error.issues[0]!.message,
    });
  }
  const settings = await getShopSettings();
  return { orderIds: parsed.data, rows: pickerRows(parseCsvColumns(settings.courierCsvColumns)) };
}

/** /admin/orders/export: choose and order the file's columns, then download it. */
export default function OrderExportPage() {
  const t = useAdminT();
  const { orderIds, rows } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="export-title" className="max-w-3xl space-y-6">
      <AdminPageHeader
        id="export-title"
        title={t("admin.export.title")}
        subtitle={t("admin.export.subtitle", { count: orderIds.length })}
      />
      <p className="text-sm text-stone-700" data-testid="export-orders">
        {orderIds.map((id) => `#${id}`).join(", ")}
      </p>
      {/* A native submission to the file's route: the answer is a file the browser downloads. */}
      <Form
        method="post"
        action="/admin/orders/export.csv"
        reloadDocument
        className="space-y-4 rounded-lg border border-stone-200 bg-white p-5"
      >
        {orderIds.map((id) => (
          <input key={id} type="hidden" name="order" value={id} />
        ))}
        <fieldset>
          <legend className="font-medium">{t("admin.export.columns")}</legend>
          <p className="text-sm text-stone-600">{t("admin.export.columnsHint")}</p>
          <ul className="mt-3 divide-y divide-stone-100">
            {rows.map((row) => (
              <li key={row.column} className="flex items-center gap-3 py-2">
                <input
                  id={`column-${row.column}`}
                  type="checkbox"
                  name="column"
                  value={row.column}
                  defaultChecked={row.checked}
                  className="h-5 w-5"
                />
                <label htmlFor={`column-${row.column}`} className="flex-1">
                  <span className="font-medium">{CSV_HEADINGS[row.column]}</span>
                  <span className="block text-sm text-stone-600">{t(COLUMN_HINTS[row.column])}</span>
                </label>
                <label htmlFor={`position-${row.column}`} className="sr-only">
                  {t("admin.export.position", { column: CSV_HEADINGS[row.column] })}
                </label>
                <input
                  id={`position-${row.column}`}
                  name={`position-${row.column}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={CSV_COLUMNS.length}
                  defaultValue={row.position}
                  className="w-16 rounded-md border border-stone-300 px-2 py-1 text-right"
                />
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="flex items-center gap-2">
          <input id="forExcel" name="forExcel" type="checkbox" className="h-5 w-5" />
          <label htmlFor="forExcel">{t("admin.export.forExcel")}</label>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            className="rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800"
          >
            {t("admin.export.download")}
          </button>
          <Link to="/admin/orders" className="text-sm font-medium text-amber-800 underline">
            {t("admin.order.back")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backTo: "/admin/orders", backLabel: "admin.order.back" });

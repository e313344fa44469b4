import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { orderSelectionSchema } from "~/forms/admin-schemas";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { chosenCsvColumns, courierCsvDownload } from "~/server/couriers/csv-export.server";

/** GET has no file to give: the picker (/admin/orders/export) is where the columns are chosen. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/orders");
}

/**
 * POST /admin/orders/export.csv from the column picker (docs/decisions/029-courier-hand-off.md): the
 * CSV file of the ticked `order`s in the ticked `column`s, ordered by their `position-<column>`
 * numbers (ties and blanks keep the picker's order), as a download; the choice is remembered for
 * next time. A resource route, because a page's action cannot answer a form with a file. No column
 * ticked: back to the picker with a message (the remembered choice unchanged).
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const ids = orderSelectionSchema(t).safeParse(form.getAll("order").map(String));
  if (!ids.success) {
    return redirectWithToast(request, "/admin/orders", { kind: "error", message: ids.error.issues[0]!.message });
  }
  const columns = chosenCsvColumns(form);
  if (columns.length === 0) {
    const picker = `/admin/orders/export?${ids.data.map((id) => `order=${id}`).join("&")}`;
    return redirectWithToast(request, picker, { kind: "error", message: t("admin.export.noColumns") });
  }
  return courierCsvDownload(ids.data, columns, { forExcel: form.get("forExcel") === "on" });
}

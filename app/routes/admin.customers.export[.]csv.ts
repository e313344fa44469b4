import type { LoaderFunctionArgs } from "@remix-run/node";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { SHOP_TIME_ZONE } from "~/i18n/format";
import { allCustomers } from "~/models/customers/customer-list.server";
import { parseCustomerQuery } from "~/rules/customers";
import { formatTakaInput } from "~/rules/money";
import { requireAdmin } from "~/server/auth/auth.server";
import { spreadsheetCsv } from "~/server/spreadsheet-csv.server";

/** The file's columns, in English (a file is read by other programs as much as by people). */
const HEADER = [
  "phone",
  "name",
  "district",
  "orders",
  "delivered",
  "returned",
  "cancelled",
  "total_spent_taka",
  "last_order_at",
] as const;

/**
 * GET /admin/customers/export.csv?q=&sort=: every customer the list's search selects, in its sort,
 * as a CSV download (haat-customers-<UTC yyyymmddhhmm>.csv): phone, latest name and district,
 * orders by outcome, total spent in taka (delivered orders' totals, two decimals) and the last
 * order's time in the shop's time zone (yyyy-MM-dd HH:mm). Written by the shop's one CSV writer
 * (spreadsheet-csv.server.ts: no cell opens as a formula), with a byte-order mark so that Excel
 * shows Bangla names, and CRLF line ends. Any staff member; never stored by a cache.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const customers = await allCustomers(parseCustomerQuery(new URL(request.url).searchParams));
  const rows = customers.map((customer) => [
    customer.phone,
    customer.name,
    customer.district ?? "",
    String(customer.orders),
    String(customer.delivered),
    String(customer.returned),
    String(customer.cancelled),
    formatTakaInput(customer.spentPaisa),
    format(new TZDate(customer.lastOrderAt.getTime(), SHOP_TIME_ZONE), "yyyy-MM-dd HH:mm"),
  ]);
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, "");
  return new Response(spreadsheetCsv([[...HEADER], ...rows], { bom: true, crlf: true }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="haat-customers-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

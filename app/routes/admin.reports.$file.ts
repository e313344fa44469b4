import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportFileRows } from "~/models/reports/report-files.server";
import { parseReportQuery } from "~/rules/report-range";
import { requireOwner } from "~/server/auth/auth.server";
import { spreadsheetCsv } from "~/server/spreadsheet-csv.server";

/**
 * GET /admin/reports/<table>.csv?from=&to=&group=: one of the reports page's tables for the same
 * range (app/models/reports/report-files.server.ts: sales, products, variants, categories,
 * districts, couriers, codes, advances, cash), every row, as a download named
 * haat-<table>-<from>-<to>.csv. Written by the shop's one CSV writer (no cell opens as a formula),
 * with a byte-order mark so that Excel shows Bangla names, and CRLF line ends. The owner only;
 * never stored by a cache.
 * @throws {Response} 404 for a name that is not a table; 400 for a range the page refuses.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOwner(request);
  const name = /^([a-z]+)\.csv$/.exec(params.file ?? "")?.[1] ?? "";
  const parsed = parseReportQuery(new URL(request.url).searchParams, new Date());
  if (!parsed.ok) throw new Response(`This range cannot be read: ${parsed.error}`, { status: 400 });
  const rows = await reportFileRows(name, parsed.range);
  if (!rows) throw new Response("Not found", { status: 404 });
  const { from, to } = parsed.range;
  return new Response(spreadsheetCsv(rows, { bom: true, crlf: true }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="haat-${name}-${from}-${to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

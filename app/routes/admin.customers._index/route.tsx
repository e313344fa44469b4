import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/pagination";
import { useAdminT } from "~/hooks/use-admin-t";
import { listCustomers } from "~/models/customers/customer-list.server";
import { parseCustomerQuery } from "~/rules/customers";
import { parsePage } from "~/rules/pagination";
import { requireAdmin } from "~/server/auth/auth.server";
import { CustomerSearch, CustomerSortLinks, customersUrl } from "./customer-search";
import { CustomersTable } from "./customers-table";

export const meta = adminTitle("admin.customers.title");

/**
 * GET /admin/customers?q=&sort=&page=: one page of customers, a row per phone number
 * (app/models/customers/customer-list.server.ts), searched by phone in any form checkout accepts,
 * part of a number or part of a name, in the chosen sort (last order by default). Staff and owner.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const query = parseCustomerQuery(searchParams);
  return { customers: await listCustomers(parsePage(searchParams), query), query };
}

/**
 * The customers list: the search, the sort links, the count and the CSV of what is shown, the table
 * (a card per customer on a phone), a page at a time. Links and a GET form: all of it works
 * without JavaScript.
 */
export default function AdminCustomersPage() {
  const t = useAdminT();
  const { customers, query } = useLoaderData<typeof loader>();
  const searched = query.q !== "";
  return (
    <section aria-labelledby="customers-title">
      <AdminPageHeader
        id="customers-title"
        title={t("admin.customers.title")}
        subtitle={t("admin.customers.subtitle")}
        className="mb-6"
      />
      <CustomerSearch q={query.q} sort={query.sort} />
      {customers.total === 0 ? (
        <p
          className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center"
          data-testid="customers-empty"
        >
          {searched ? t("admin.customers.noMatch") : t("admin.customers.empty")}
        </p>
      ) : (
        <>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-stone-600" role="status" data-testid="customers-count">
              {t(searched ? "admin.customers.resultCount" : "admin.customers.count", { count: customers.total })}
            </p>
            <a
              href={customersUrl("/admin/customers/export.csv", query)}
              download
              aria-describedby="customers-export-hint"
              className="inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-50"
            >
              {t("admin.customers.export")}
            </a>
            <p id="customers-export-hint" className="sr-only">
              {t("admin.customers.exportHint")}
            </p>
          </div>
          <CustomerSortLinks query={query} />
          <CustomersTable customers={customers.items} />
          <p className="mt-3 text-sm text-stone-600" data-testid="customers-spent-hint">
            {t("admin.customers.spentHint")}
          </p>
        </>
      )}
      <Pagination page={customers.page} pageCount={customers.pageCount} />
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ backTo: "/admin/customers", backLabel: "admin.customer.back" });

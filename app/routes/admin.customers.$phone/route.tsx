import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMetaLang, adminMetaTranslator } from "~/components/admin/admin-meta";
import { localDigits } from "~/i18n/format";
import { orderNoteSchema } from "~/forms/admin-schemas";
import { fieldErrorsFrom } from "~/forms/refusal";
import { addCustomerNote, getCustomerPage } from "~/models/customers/customer-page.server";
import { findCustomer } from "~/models/customers/customer-list.server";
import { parsePage } from "~/rules/pagination";
import { normalizeBdMobile } from "~/rules/phone";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { notFound } from "~/utils/params";
import { CustomerAddresses } from "./customer-addresses";
import { CustomerFigures } from "./customer-figures";
import { CustomerNotes, type CustomerNoteRefusal } from "./customer-notes";
import { CustomerOrders } from "./customer-orders";

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => {
  const t = adminMetaTranslator(matches);
  return [
    {
      title: page
        ? t("admin.customer.title", { phone: localDigits(page.figures.phone, adminMetaLang(matches)) })
        : t("admin.customer.notFound"),
    },
  ];
};

/**
 * The phone the URL names as stored (01XXXXXXXXX): any form checkout accepts is read; a URL that
 * names no mobile number answers 404.
 */
function phoneOf(param: string | undefined): string {
  const phone = normalizeBdMobile(param ?? "");
  if (!phone) throw notFound();
  return phone;
}

/**
 * GET /admin/customers/:phone?page=: the customer's page (app/models/customers/customer-page.server.ts).
 * A phone typed in another form (+880…, Bengali digits) is redirected to its stored form; a phone
 * with no order answers 404. Staff and owner; `isOwner` shows the link to the blocklist.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const phone = phoneOf(params.phone);
  const url = new URL(request.url);
  if (params.phone !== phone) throw redirect(`/admin/customers/${phone}${url.search}`);
  const page = await getCustomerPage(phone, parsePage(url.searchParams));
  if (!page) throw notFound();
  return { ...page, isOwner: admin.role === "owner" };
}

/**
 * POST `body`: adds staff's note about the customer (trimmed, 1 to 1,000 characters, the same rule
 * as an order's note), records it in the audit trail and goes back to the page with a message. A
 * refused note answers 400 with the message and the text kept; a phone with no order, 404.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const phone = phoneOf(params.phone);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  if (!(await findCustomer(phone))) throw notFound();
  const parsed = orderNoteSchema(t).safeParse({ body: form.get("body") ?? "" });
  if (!parsed.success) {
    const refusal: CustomerNoteRefusal = {
      values: { body: String(form.get("body") ?? "") },
      fieldErrors: { body: fieldErrorsFrom(parsed.error, ["body"]).body ?? t("admin.notes.required") },
    };
    return data(refusal, { status: 400 });
  }
  await addCustomerNote(phone, parsed.data.body, admin);
  await audit(context, admin, { action: "customer.note-added", subjectType: "phone", summary: phone });
  return redirectWithToast(request, `/admin/customers/${phone}`, {
    kind: "success",
    message: t("admin.customer.noteAdded"),
  });
}

/**
 * A customer's page: who they are and their figures (blocked or not), their orders with each one's
 * fake-order signals, the addresses they used and staff's notes about them.
 */
export default function AdminCustomerPage() {
  const { figures, orders, risks, addresses, notes, blocked, isOwner } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() as CustomerNoteRefusal | undefined;
  return (
    <article className="space-y-6">
      <CustomerFigures figures={figures} blocked={blocked} isOwner={isOwner} />
      <CustomerOrders orders={orders} risks={risks} />
      <div className="grid gap-6 md:grid-cols-2">
        <CustomerAddresses addresses={addresses} />
        <CustomerNotes phone={figures.phone} notes={notes} refusal={refusal ?? null} />
      </div>
    </article>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "admin.customer.notFound",
  backTo: "/admin/customers",
  backLabel: "admin.customer.back",
});

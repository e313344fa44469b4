import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { adminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminMetaTranslator } from "~/components/admin/admin-meta";
import { FormAlert } from "~/components/admin/form-field";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { requireAdmin } from "~/server/auth/auth.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { notFound, requireId } from "~/utils/params";
import type { StaffOrderView } from "./form-state";
import { DeliveryFields, OrderTotals, OverrideFields, ShopperFields } from "./order-details";
import { OrderItems } from "./order-items";
import { staffOrderAction } from "./staff-order-action.server";
import { buildView, draftState, emptyState } from "./staff-order.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = adminMetaTranslator(matches);
  return [
    {
      title: data?.draftId ? t("admin.staffOrder.draftTitle", { id: data.draftId }) : t("admin.staffOrder.title"),
    },
  ];
};

/**
 * A new order's empty form, or with `?draft=<id>` the draft's (404 when there is none; a draft
 * already placed goes to its order's page).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const draftParam = new URL(request.url).searchParams.get("draft");
  if (draftParam === null) return buildView(admin, emptyState());
  const draft = await draftState(requireId(draftParam));
  if (!draft) throw notFound();
  if (draft.orderId !== null) {
    return redirectWithToast(request, `/admin/orders/view/${draft.orderId}`, {
      kind: "info",
      message: staffTranslator(admin)("admin.staffOrder.draftPlaced", { id: draft.draftId ?? 0, order: draft.orderId }),
    });
  }
  return buildView(admin, draft);
}

/** Every button of the form (staff-order-action.server.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return staffOrderAction({ request, context, admin, form: await readFormData(request) });
}

/**
 * /admin/orders/new: an order staff take from Facebook, the phone or the counter. One form, drawn
 * again with the server's answer for each button, so it works without JavaScript.
 */
export default function NewOrderPage() {
  const t = useAdminT();
  const loaded = useLoaderData<typeof loader>() as StaffOrderView;
  const answered = useActionData<typeof action>() as StaffOrderView | undefined;
  const view = answered ?? loaded;
  const placing = usePending({ intent: "place" });
  // The form is drawn again for each answer: focus goes where the staff member continues.
  useEffect(() => {
    if (answered?.focus && !answered.formError) document.getElementById(answered.focus)?.focus();
  }, [answered]);
  const title = view.draftId ? t("admin.staffOrder.draftTitle", { id: view.draftId }) : t("admin.staffOrder.title");
  return (
    <section aria-labelledby="new-order-title" className="max-w-3xl space-y-6">
      <AdminPageHeader id="new-order-title" title={title} subtitle={t("admin.staffOrder.subtitle")} />
      <Link
        to="/admin/orders/drafts"
        className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
      >
        {t("admin.drafts.title")}
      </Link>
      <Form method="post" noValidate key={view.revision} className="space-y-6">
        <input type="hidden" name="checkoutToken" value={view.checkoutToken} />
        {/* The total staff last saw: placing at another one shows the new total first. */}
        <input type="hidden" name="expectedTotalPaisa" value={view.totals.totalPaisa} />
        {view.draftId ? <input type="hidden" name="draftId" value={view.draftId} /> : null}
        <FormAlert message={view.formError ?? undefined} testId="staff-order-error" refusal={answered} />
        {view.notice ? (
          <p
            role="status"
            className="rounded-md border border-stone-300 bg-stone-50 px-4 py-3 text-sm"
            data-testid="staff-order-notice"
          >
            {view.notice}
          </p>
        ) : null}
        <OrderItems view={view} />
        <ShopperFields view={view} />
        <DeliveryFields view={view} />
        <OrderTotals view={view} />
        <OverrideFields view={view} />
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pending={placing} pendingLabel={t("admin.staffOrder.placing")} name="intent" value="place">
            {t("admin.staffOrder.place")}
          </SubmitButton>
          <SubmitButton pending={false} look="secondary" name="intent" value="draft">
            {t("admin.staffOrder.saveDraft")}
          </SubmitButton>
        </div>
        <p className="text-sm text-stone-600">{t("admin.staffOrder.draftHint")}</p>
      </Form>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({
  notFound: "admin.staffOrder.draftNotFound",
  backTo: "/admin/orders/drafts",
  backLabel: "admin.drafts.title",
});

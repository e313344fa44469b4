import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DashboardErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminTable } from "~/components/admin/admin-table";
import { ROW_ACTION, ROW_ACTION_DESTRUCTIVE } from "~/components/admin/catalogue-row-actions";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import type { AdminTranslate } from "~/i18n/admin";
import { formatDecimal, formatInteger } from "~/i18n/format";
import { formatShopDateTime } from "~/i18n/format-date";
import type { Lang } from "~/i18n/lang";
import {
  deleteDiscountCode,
  listDiscountCodes,
  setDiscountCodeActive,
  type DiscountCodeRow,
} from "~/models/discounts/discount-admin.server";
import { FULL_PERCENT_BASIS_POINTS } from "~/rules/discount-codes";
import { formatMoney } from "~/rules/money";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireOwner } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";

export const meta = adminTitle("admin.discounts.title");

/** The owner's campaign codes, newest first, with their figures (docs/decisions/060-campaign-codes.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return { codes: await listDiscountCodes() };
}

/**
 * A row's buttons: `intent=activate` or `deactivate` switches code `id` on or off; `intent=delete`
 * deletes it when no order used it (else says to deactivate it). Each is recorded in the audit
 * trail and answered with a message on this page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireOwner(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const id = Number(form.get("id"));
  const intent = form.get("intent");
  const back = "/admin/discounts";
  const missing = () => redirectWithToast(request, back, { kind: "error", message: t("admin.discounts.missing") });
  if (!Number.isSafeInteger(id) || id < 1) return missing();
  if (intent === "activate" || intent === "deactivate") {
    const code = await setDiscountCodeActive(id, intent === "activate");
    if (!code) return missing();
    await audit(context, admin, {
      action: intent === "activate" ? "discount.activated" : "discount.deactivated",
      subjectType: "discount-code",
      subjectId: id,
      summary: code,
    });
    const message = t(intent === "activate" ? "admin.discounts.activated" : "admin.discounts.deactivated", { code });
    return redirectWithToast(request, back, { kind: "success", message });
  }
  if (intent === "delete") {
    const deleted = await deleteDiscountCode(id);
    if (deleted.outcome !== "deleted") {
      if (deleted.outcome === "not-found") return missing();
      return redirectWithToast(request, back, { kind: "error", message: t("admin.discounts.inUse") });
    }
    await audit(context, admin, {
      action: "discount.deleted",
      subjectType: "discount-code",
      subjectId: id,
      summary: deleted.code,
    });
    return redirectWithToast(request, back, {
      kind: "success",
      message: t("admin.discounts.deleted", { code: deleted.code }),
    });
  }
  return redirectWithToast(request, back, { kind: "error", message: t("error.generic") });
}

/**
 * A code's saving in words: "10% off, at most ৳500.00", "৳100.00 off", "Free delivery", with the
 * minimum order when it has one.
 */
function describeSaving(
  code: Pick<DiscountCodeRow, "kind" | "value" | "maxDiscountPaisa">,
  t: AdminTranslate,
  lang: Lang,
): string {
  if (code.kind === "free-delivery") return t("admin.discounts.freeDelivery");
  if (code.kind === "fixed") return t("admin.discounts.amountOff", { amount: formatMoney(code.value, { lang }) });
  const percent = formatDecimal(code.value / (FULL_PERCENT_BASIS_POINTS / 100), lang, code.value % 100 === 0 ? 0 : 2);
  return code.maxDiscountPaisa === null
    ? t("admin.discounts.percentOff", { percent })
    : t("admin.discounts.percentOffCapped", { percent, amount: formatMoney(code.maxDiscountPaisa, { lang }) });
}

/** When a code may be used, in Dhaka time: "From …", "Until …", both, or "Any time". */
function describeDates(code: Pick<DiscountCodeRow, "startsAt" | "endsAt">, t: AdminTranslate, lang: Lang): string {
  const parts = [
    code.startsAt ? t("admin.discounts.from", { date: formatShopDateTime(new Date(code.startsAt), lang) }) : null,
    code.endsAt ? t("admin.discounts.until", { date: formatShopDateTime(new Date(code.endsAt), lang) }) : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? t("admin.discounts.anyTime") : parts.join(" · ");
}

/**
 * /admin/discounts: the shop's campaign codes (a table, cards on a phone) with their saving, dates,
 * uses against the limit, orders, revenue and discount given, and each one's Edit, Activate or
 * Deactivate, and Delete; an empty state with the way to create the first.
 */
export default function DiscountCodesPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { codes } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="discounts-title" className="space-y-6">
      <AdminPageHeader
        id="discounts-title"
        title={t("admin.discounts.title")}
        subtitle={t("admin.discounts.subtitle")}
        action={{ to: "/admin/discounts/new", label: t("admin.discounts.new") }}
      />
      {codes.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center"
          data-testid="discounts-empty"
        >
          {t("admin.discounts.empty")}
        </p>
      ) : (
        <AdminTable
          testId="discounts-table"
          columns={[
            { label: t("admin.discounts.colCode") },
            { label: t("admin.discounts.colKind") },
            { label: t("admin.discounts.colDates") },
            { label: t("admin.discounts.colUses"), align: "right" },
            { label: t("admin.discounts.colOrders"), align: "right" },
            { label: t("admin.discounts.colRevenue"), align: "right" },
            { label: t("admin.discounts.colGiven"), align: "right" },
            { label: t("admin.discounts.colActive") },
            { label: t("admin.discounts.colActions"), srOnly: true },
          ]}
        >
          {codes.map((code) => (
            <tr key={code.id} data-testid="discount-code-row">
              <td className="px-4 py-3">
                <span className="font-mono font-semibold" translate="no">
                  {code.code}
                </span>
                {code.note ? (
                  <span className="block text-stone-600" translate="no">
                    {code.note}
                  </span>
                ) : null}
              </td>
              <td className="px-4 py-3">{describeSaving(code, t, lang)}</td>
              <td className="px-4 py-3">{describeDates(code, t, lang)}</td>
              <td className="px-4 py-3 text-right tabular-nums">
                {code.usageLimit === null
                  ? t("admin.discounts.usesUnlimited", { used: formatInteger(code.usedCount, lang) })
                  : t("admin.discounts.usesOf", {
                      used: formatInteger(code.usedCount, lang),
                      limit: formatInteger(code.usageLimit, lang),
                    })}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatInteger(code.orders, lang)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(code.revenuePaisa, { lang })}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(code.discountPaisa, { lang })}</td>
              <td className="px-4 py-3">
                <span className={code.isActive ? "font-medium text-emerald-800" : "text-stone-600"}>
                  {code.isActive ? t("admin.discounts.active") : t("admin.discounts.inactive")}
                </span>
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`/admin/discounts/${code.id}`}
                    className={ROW_ACTION}
                    aria-label={t("admin.discounts.editLabel", { code: code.code })}
                  >
                    {t("admin.discounts.edit")}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="id" value={code.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={code.isActive ? "deactivate" : "activate"}
                      className={ROW_ACTION}
                    >
                      {code.isActive ? t("admin.discounts.deactivate") : t("admin.discounts.activate")}
                    </button>
                  </Form>
                  {code.usedCount === 0 && code.orders === 0 ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={code.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="delete"
                        className={ROW_ACTION_DESTRUCTIVE}
                        aria-label={t("admin.discounts.deleteLabel", { code: code.code })}
                      >
                        {t("admin.discounts.delete")}
                      </button>
                    </Form>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;

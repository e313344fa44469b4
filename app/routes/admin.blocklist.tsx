import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { DashboardErrorBoundary } from "~/components/admin/admin-error-boundary";
import { adminTitle } from "~/components/admin/admin-meta";
import { AdminField } from "~/components/admin/form-field";
import { AdminTable } from "~/components/admin/admin-table";
import { ROW_ACTION } from "~/components/admin/catalogue-row-actions";
import { AdminPageHeader } from "~/components/admin/page-header";
import { blocklistFormSchema, type BlocklistFormValues } from "~/forms/admin-schemas";
import { fieldErrorsFrom, type FormRefusal } from "~/forms/refusal";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { formatShopDateTime } from "~/i18n/format-date";
import { blockPhone, listBlockedPhones, unblockPhone } from "~/models/orders/blocklist.server";
import { staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { requireOwner, safeRedirect } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";

export const meta = adminTitle("admin.blocklist.title");

/** The blocked numbers, newest first (docs/decisions/028-checkout-limits-and-blocklist.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOwner(request);
  return listBlockedPhones();
}

/** The page `back` names when it is a local admin path, else the blocklist. */
function backTo(back: FormDataEntryValue | null): string {
  const path = safeRedirect(typeof back === "string" ? back : null, "/admin/blocklist");
  return path.startsWith("/admin/") ? path : "/admin/blocklist";
}

/** The answer to a refused block form (400): the messages and what was typed. */
type BlockRefusal = FormRefusal<"phone" | "note", BlocklistFormValues>;

/**
 * Blocks a number (`intent=block`: phone and note, from this page or the order page's button) or
 * unblocks one (`intent=unblock`), then goes `back` with a message. A refused number answers 400
 * on this page with the message and what was typed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireOwner(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const back = backTo(form.get("back"));
  const parsed = blocklistFormSchema(t).safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const values: BlocklistFormValues = {
      phone: String(form.get("phone") ?? ""),
      note: String(form.get("note") ?? ""),
    };
    const fieldErrors = fieldErrorsFrom(parsed.error, ["phone", "note"]);
    if (form.get("intent") !== "block" || Object.keys(fieldErrors).length === 0) {
      return redirectWithToast(request, back, { kind: "error", message: t("error.generic") });
    }
    return data<BlockRefusal>({ values, fieldErrors }, { status: 400 });
  }
  if (parsed.data.intent === "unblock") {
    const phone = await unblockPhone(parsed.data.id);
    if (phone) await audit(context, admin, { action: "phone.unblocked", subjectType: "phone", summary: phone });
    return phone
      ? redirectWithToast(request, back, { kind: "success", message: t("admin.blocklist.unblocked", { phone }) })
      : redirectWithToast(request, back, { kind: "error", message: t("admin.blocklist.missing") });
  }
  const { phone, note } = parsed.data;
  const outcome = await blockPhone(phone, note, admin);
  if (outcome === "blocked") {
    await audit(context, admin, { action: "phone.blocked", subjectType: "phone", summary: phone, details: { note } });
  }
  return redirectWithToast(request, back, {
    kind: outcome === "blocked" ? "success" : "info",
    message: t(outcome === "blocked" ? "admin.blocklist.blocked" : "admin.blocklist.exists", { phone }),
  });
}

/** /admin/blocklist: the block form, and the blocked numbers (a table, cards on a phone) with who blocked them, when and why. */
export default function BlocklistPage() {
  const t = useAdminT();
  const lang = useAdminLang();
  const { entries, total } = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>() as BlockRefusal | undefined;
  const adding = usePending({ intent: "block", state: "submitting" });
  // A refused number: the phone field takes focus, its error read with it.
  useEffect(() => {
    if (problem?.fieldErrors.phone) document.getElementById("phone")?.focus();
  }, [problem]);
  return (
    <section aria-labelledby="blocklist-title" className="space-y-6">
      <AdminPageHeader
        id="blocklist-title"
        title={t("admin.blocklist.title")}
        subtitle={t("admin.blocklist.subtitle")}
      />

      <Form
        method="post"
        noValidate
        className="grid gap-4 rounded-lg border border-stone-200 bg-white p-5 sm:grid-cols-[14rem_1fr_auto] sm:items-start"
      >
        <input type="hidden" name="intent" value="block" />
        {problem ? (
          <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-3">
            {t("admin.blocklist.fixErrors")}
          </p>
        ) : null}
        <AdminField
          name="phone"
          label={t("admin.blocklist.phone")}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={40}
          required
          defaultValue={problem?.values.phone ?? ""}
          error={problem?.fieldErrors.phone}
        />
        <AdminField
          name="note"
          label={t("admin.blocklist.note")}
          hint={t("admin.blocklist.noteHint")}
          maxLength={200}
          defaultValue={problem?.values.note ?? ""}
          error={problem?.fieldErrors.note}
        />
        <button
          type="submit"
          disabled={adding}
          className="rounded-md bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 disabled:opacity-60 sm:mt-6"
        >
          {adding ? t("admin.blocklist.adding") : t("admin.blocklist.add")}
        </button>
      </Form>

      {entries.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center"
          data-testid="blocklist-empty"
        >
          {t("admin.blocklist.empty")}
        </p>
      ) : (
        <div>
          <p className="mb-2 text-sm text-stone-600">
            {t("admin.blocklist.count", { count: total })}{" "}
            {total > entries.length ? t("admin.blocklist.more", { shown: entries.length }) : null}
          </p>
          <AdminTable
            columns={[
              { label: t("admin.blocklist.phone") },
              { label: t("admin.blocklist.colNote") },
              { label: t("admin.blocklist.colBlocked") },
              { label: t("admin.blocklist.colActions"), srOnly: true },
            ]}
          >
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="blocked-phone">
                <td className="px-4 py-3 font-semibold tabular-nums" translate="no">
                  <a href={`tel:${entry.phone}`} className="underline">
                    {entry.phone}
                  </a>
                </td>
                <td className="break-words px-4 py-3">{entry.note || t("admin.blocklist.noNote")}</td>
                <td className="px-4 py-3">
                  {entry.createdByEmail ? (
                    <span className="break-all" translate="no">
                      {t("admin.blocklist.blockedBy", { email: entry.createdByEmail })},{" "}
                    </span>
                  ) : null}
                  <time dateTime={entry.createdAt.toISOString()}>{formatShopDateTime(entry.createdAt, lang)}</time>
                </td>
                <td className="px-4 py-3">
                  <Form method="post">
                    <input type="hidden" name="intent" value="unblock" />
                    <input type="hidden" name="id" value={entry.id} />
                    <button
                      type="submit"
                      aria-label={t("admin.blocklist.unblockLabel", { phone: entry.phone })}
                      className={ROW_ACTION}
                    >
                      {t("admin.blocklist.unblock")}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </AdminTable>
        </div>
      )}
    </section>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;

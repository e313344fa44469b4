/**
 * The order page's phone confirmation (docs/decisions/028-checkout-limits-and-blocklist.md): whether
 * a staff member confirmed the order with the shopper by phone, who and when, the button that marks
 * it (or removes the mark), and the shopper's number on the blocklist or a button to put it there.
 * Plain POST forms: they work without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { formatShopDateTime } from "~/i18n/format-date";

export function PhoneConfirmation({
  orderId,
  phone,
  confirmedAt,
  confirmedByEmail,
  blocked,
  canBlock,
}: {
  orderId: number;
  /** The shopper's phone, 01XXXXXXXXX. */
  phone: string;
  confirmedAt: Date | null;
  confirmedByEmail: string | null;
  /** Whether the phone is on the blocklist. */
  blocked: boolean;
  /** Whether the staff member may manage the blocklist (owners only: docs/decisions/033-staff-roles.md). */
  canBlock: boolean;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  // Either form on its way disables both: the page is about to change.
  const busy = usePending({ state: "submitting" });
  const orderPath = `/admin/orders/view/${orderId}`;
  const buttonClass =
    "min-h-11 rounded-md border px-4 py-2 text-sm font-medium disabled:cursor-wait disabled:opacity-60 print:hidden";
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white p-5"
      aria-labelledby="confirmation-heading"
      data-testid="phone-confirmation"
    >
      <h2 id="confirmation-heading" className="mb-3 text-lg font-semibold">
        {t("admin.confirm.title")}
      </h2>
      {confirmedAt ? (
        <p className="mb-3 text-sm font-medium text-green-800" data-testid="confirmation-status">
          {t("admin.confirm.done", { email: confirmedByEmail ?? "—" })},{" "}
          <time dateTime={confirmedAt.toISOString()}>{formatShopDateTime(confirmedAt, lang)}</time>
        </p>
      ) : (
        <p className="mb-3 text-sm text-stone-700" data-testid="confirmation-status">
          {t("admin.confirm.none")}
        </p>
      )}
      <Form method="post" action={orderPath}>
        <input type="hidden" name="intent" value={confirmedAt ? "unconfirm" : "confirm"} />
        <button
          type="submit"
          disabled={busy}
          className={
            confirmedAt
              ? `${buttonClass} border-stone-300 bg-white hover:bg-stone-50`
              : `${buttonClass} border-green-700 bg-green-700 text-white hover:bg-green-800`
          }
        >
          {confirmedAt ? t("admin.confirm.undo") : t("admin.confirm.mark")}
        </button>
      </Form>

      <div className="mt-4 border-t border-stone-100 pt-4 text-sm">
        {blocked ? (
          <p className="font-medium text-red-700" data-testid="phone-blocked">
            {t("admin.confirm.blockedPhone")}{" "}
            {canBlock ? (
              <Link to="/admin/blocklist" className="underline">
                {t("admin.blocklist.manage")}
              </Link>
            ) : null}
          </p>
        ) : canBlock ? (
          <Form method="post" action="/admin/blocklist" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="block" />
            <input type="hidden" name="phone" value={phone} />
            <input type="hidden" name="note" value={t("admin.blocklist.orderNote", { id: orderId })} />
            <input type="hidden" name="back" value={orderPath} />
            <button
              type="submit"
              disabled={busy}
              aria-describedby="block-hint"
              className={`${buttonClass} border-red-300 bg-white text-red-700 hover:bg-red-50`}
            >
              {t("admin.confirm.block")}
            </button>
            <span id="block-hint" className="text-stone-600">
              {t("admin.confirm.blockHint")}
            </span>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

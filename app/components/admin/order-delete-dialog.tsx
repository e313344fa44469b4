/**
 * Deleting an order, spec section 8: 'Are you sure you want to delete this order? This action
 * cannot be undone.' Without JavaScript the Delete control is a link to the confirmation page
 * /admin/orders/delete/:id; with it, a button opening a native <dialog> (focus trapped and
 * restored, Escape closes) holding the same POST form. The action lives in admin.orders.delete.$id.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { t } from "~/i18n/admin";
import { useHydrated } from "~/hooks/use-hydrated";

/** Address of the confirmation page of order `id`; `back` is where to go afterwards (a local /admin/orders URL). */
export function orderDeleteHref(id: number, back: string): string {
  return `/admin/orders/delete/${id}?${new URLSearchParams({ back })}`;
}

/** The POST form that deletes order `id` and then goes to `back`. Shared by the dialog and the confirmation page. */
export function OrderDeleteForm({ id, back, onCancel }: { id: number; back: string; onCancel?: () => void }) {
  const navigation = useNavigation();
  const action = `/admin/orders/delete/${id}`;
  const deleting = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className="mt-6 flex flex-wrap justify-end gap-3">
      <input type="hidden" name="back" value={back} />
      {onCancel ? (
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50"
        >
          {t("admin.orders.cancel")}
        </button>
      ) : (
        <Link
          to={back}
          className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50"
        >
          {t("admin.orders.cancel")}
        </Link>
      )}
      <button
        type="submit"
        disabled={deleting}
        className="rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
      >
        {deleting ? t("admin.orders.deleting") : t("admin.orders.deleteButton")}
      </button>
    </Form>
  );
}

/**
 * A Delete control for order `id`: a link to the confirmation page before hydration, a button
 * opening the confirmation dialog after. `label` is the accessible name, `children` the visible text.
 */
export function OrderDeleteButton({
  id,
  back,
  label,
  children,
  className,
}: {
  id: number;
  back: string;
  label?: string;
  children: React.ReactNode;
  className: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <Link to={orderDeleteHref(id, back)} aria-label={label} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={className}
      >
        {children}
      </button>
      {open ? <OrderDeleteDialog id={id} back={back} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The modal confirmation: shown with showModal() on mount, `onClose` when dismissed or done. */
function OrderDeleteDialog({ id, back, onClose }: { id: number; back: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigation = useNavigation();
  const submitted = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  // Close once the delete went through (the action redirected and the page loaded again).
  useEffect(() => {
    if (navigation.state !== "idle") submitted.current = true;
    else if (submitted.current) onClose();
  }, [navigation.state, onClose]);

  const titleId = `delete-order-${id}-title`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={`${titleId}-body`}
      onClose={onClose}
      className="m-auto w-full max-w-md rounded-lg bg-white p-6 text-left shadow-xl backdrop:bg-stone-900/60"
      data-testid="order-delete-dialog"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {t("admin.orders.deleteTitle", { id })}
      </h2>
      <p id={`${titleId}-body`} className="mt-2 text-sm text-stone-700">
        {t("admin.orders.deleteConfirm")}
      </p>
      <OrderDeleteForm id={id} back={back} onCancel={() => ref.current?.close()} />
    </dialog>
  );
}

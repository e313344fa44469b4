import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { SubmitButton } from "./submit-button";

/**
 * What a delete confirmation asks and sends: the record's `id`, the list action that deletes it
 * (`action`), the question with a line naming the record (`detail`), the confirming button's text,
 * and the `hidden` fields that bring the list back as it was.
 */
type Confirmation = {
  id: number;
  action: string;
  question: string;
  detail: string;
  confirmText: string;
  hidden?: Record<string, string>;
};

/**
 * The one delete flow of the back office (products, categories, orders): nothing is deleted
 * before the staff member answers "are you sure?". A Delete control is a link to `confirmHref`: the list with `?delete=<id>`, where the
 * page shows a confirmation step (`ConfirmDeletePanel`) without JavaScript. With JavaScript the
 * same link opens a native <dialog> (focus moves in and back, Escape closes) asking `question`,
 * holding the same POST form. Nothing is deleted except by that POST, which the list's action
 * handles (`intent=delete`, `id`, and the `hidden` fields that bring the list back as it was).
 */
export function DeleteButton({
  label,
  text,
  confirmHref,
  cancelText,
  className = "font-medium text-red-700 hover:underline",
  ...confirmation
}: Confirmation & {
  label: string;
  text: string;
  /** The link's classes (a text link in a table row by default). */
  className?: string;
  confirmHref: string;
  cancelText: string;
}) {
  const { id } = confirmation;
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const open = (event: MouseEvent) => {
    if (!hydrated || !dialogRef.current) return;
    event.preventDefault();
    dialogRef.current.showModal();
  };
  return (
    <>
      <Link to={confirmHref} onClick={open} aria-label={label} className={className}>
        {text}
      </Link>
      {hydrated ? (
        <dialog
          ref={dialogRef}
          aria-labelledby={`dialog-q-${id}`}
          className="m-auto max-w-md rounded-lg p-6 shadow-xl backdrop:bg-black/40"
        >
          <ConfirmBody
            {...confirmation}
            headingId={`dialog-q-${id}`}
            cancel={
              <button
                type="button"
                onClick={() => dialogRef.current?.close()}
                className="min-h-11 rounded-md border border-stone-300 px-4 text-sm font-medium"
              >
                {cancelText}
              </button>
            }
          />
        </dialog>
      ) : null}
    </>
  );
}

/** The confirmation step shown without JavaScript (`?delete=<id>`): the question and the POST form. */
export function ConfirmDeletePanel({
  cancelText,
  cancelHref,
  ...confirmation
}: Confirmation & { cancelText: string; cancelHref: string }) {
  const { id } = confirmation;
  return (
    <section
      className="mb-6 rounded-lg border border-red-300 bg-red-50 p-5"
      aria-labelledby={`panel-q-${id}`}
      data-testid="confirm-delete"
    >
      <ConfirmBody
        {...confirmation}
        headingId={`panel-q-${id}`}
        cancel={
          <Link
            to={cancelHref}
            className="inline-flex min-h-11 items-center rounded-md border border-stone-300 bg-white px-4 text-sm font-medium"
          >
            {cancelText}
          </Link>
        }
      />
    </section>
  );
}

/** The question, the record's line and the deleting POST form, with `cancel` beside its button. */
function ConfirmBody({
  headingId,
  id,
  action,
  question,
  detail,
  confirmText,
  hidden = {},
  cancel,
}: Confirmation & { headingId: string; cancel: ReactNode }) {
  const t = useAdminT();
  const navigation = useNavigation();
  // This record's delete is on its way (another row's is not).
  const deleting =
    usePending({ formAction: action, intent: "delete" }) && navigation.formData?.get("id") === String(id);
  return (
    <Form method="post" action={action} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {question}
      </h2>
      <p className="text-sm text-stone-700">{detail}</p>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex gap-3">
        <SubmitButton pending={deleting} pendingLabel={t("admin.delete.deleting")} look="danger">
          {confirmText}
        </SubmitButton>
        {cancel}
      </div>
    </Form>
  );
}

/**
 * What a list shows for `?delete=<id>` when the record is gone (deleted meanwhile, or a stale
 * link): the not-found message as a heading, announced, and the way back to the list.
 */
export function MissingRecordNotice({
  message,
  backHref,
  backText,
}: {
  message: string;
  backHref: string;
  backText: string;
}) {
  return (
    <section
      role="alert"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-5"
      data-testid="confirm-delete-missing"
    >
      <h2 className="text-lg font-semibold">{message}</h2>
      <Link to={backHref} className="mt-3 inline-block text-sm font-medium underline">
        {backText}
      </Link>
    </section>
  );
}

import { Form, Link } from "@remix-run/react";
import { useRef, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * A row's Delete control. Without JavaScript it is a link to `confirmHref` (the list with
 * `?delete=<id>`), where the page shows a confirmation step (`ConfirmDeletePanel`). With JavaScript
 * the same link opens a native <dialog> asking `question`, holding the same POST form.
 * Nothing is deleted except by that POST.
 */
export function DeleteButton({
  id,
  label,
  text,
  confirmHref,
  action,
  question,
  detail,
  confirmText,
  cancelText,
  hidden = {},
}: {
  id: number;
  label: string;
  text: string;
  confirmHref: string;
  action: string;
  question: string;
  detail: string;
  confirmText: string;
  cancelText: string;
  hidden?: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const open = (event: MouseEvent) => {
    if (!hydrated || !dialogRef.current) return;
    event.preventDefault();
    dialogRef.current.showModal();
  };
  return (
    <>
      <Link to={confirmHref} onClick={open} aria-label={label} className="font-medium text-red-700 hover:underline">
        {text}
      </Link>
      {hydrated ? (
        <dialog
          ref={dialogRef}
          aria-labelledby={`dialog-q-${id}`}
          className="m-auto max-w-md rounded-lg p-6 shadow-xl backdrop:bg-black/40"
        >
          <ConfirmBody
            headingId={`dialog-q-${id}`}
            id={id}
            action={action}
            question={question}
            detail={detail}
            confirmText={confirmText}
            hidden={hidden}
            cancel={
              <button
                type="button"
                onClick={() => dialogRef.current?.close()}
                className="rounded-md border border-stone-300 px-4 py-2 text-sm font-medium"
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
  id,
  action,
  question,
  detail,
  confirmText,
  cancelText,
  cancelHref,
  hidden = {},
}: {
  id: number;
  action: string;
  question: string;
  detail: string;
  confirmText: string;
  cancelText: string;
  cancelHref: string;
  hidden?: Record<string, string>;
}) {
  return (
    <section
      className="mb-6 rounded-lg border border-red-300 bg-red-50 p-5"
      aria-labelledby={`panel-q-${id}`}
      data-testid="confirm-delete"
    >
      <ConfirmBody
        headingId={`panel-q-${id}`}
        id={id}
        action={action}
        question={question}
        detail={detail}
        confirmText={confirmText}
        hidden={hidden}
        cancel={
          <Link to={cancelHref} className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium">
            {cancelText}
          </Link>
        }
      />
    </section>
  );
}

function ConfirmBody({
  headingId,
  id,
  action,
  question,
  detail,
  confirmText,
  hidden,
  cancel,
}: {
  headingId: string;
  id: number;
  action: string;
  question: string;
  detail: string;
  confirmText: string;
  hidden: Record<string, string>;
  cancel: ReactNode;
}) {
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
        <button
          type="submit"
          className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          {confirmText}
        </button>
        {cancel}
      </div>
    </Form>
  );
}

/**
 * The order page's internal notes: staff's notes, oldest first, with author and time, and a form to
 * add one (a plain POST to the order page with `intent=note`, so it works without JavaScript). A
 * refused note keeps its text and says why. Never printed (`print:hidden`).
 */
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FieldError } from "~/components/field-error";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { formatShopDateTime } from "~/i18n/format-date";
import { SubmitButton } from "~/components/admin/submit-button";

/** A note as the order page's loader returns it. */
type OrderNoteView = { id: number; body: string; authorEmail: string | null; createdAt: Date };

/** What the order page's action answers to a refused note (400): the text as typed and why. */
export type NoteRefusal = FormRefusal<"body">;

export function OrderNotes({
  orderId,
  notes,
  refusal,
}: {
  orderId: number;
  notes: OrderNoteView[];
  refusal: NoteRefusal | null;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const adding = usePending({ intent: "note", state: "submitting" });
  const formRef = useRef<HTMLFormElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (refusal) bodyRef.current?.focus();
  }, [refusal]);
  // Once a note is added (the list grew), the field starts empty again.
  const count = notes.length;
  useEffect(() => {
    formRef.current?.reset();
  }, [count]);
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white p-5 print:hidden"
      aria-labelledby="notes-heading"
      data-testid="order-notes"
    >
      <h2 id="notes-heading" className="text-lg font-semibold">
        {t("admin.notes.title")}
      </h2>
      <p id="notes-hint" className="mb-3 text-sm text-stone-600">
        {t("admin.notes.hint")}
      </p>
      {notes.length === 0 ? (
        <p className="mb-3 text-sm text-stone-600">{t("admin.notes.empty")}</p>
      ) : (
        <ol className="mb-4 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md bg-amber-50 px-3 py-2 text-sm" data-testid="order-note">
              <p className="whitespace-pre-line break-words" translate="no">
                {note.body}
              </p>
              <p className="mt-1 text-stone-600">
                {note.authorEmail ? `${note.authorEmail}, ` : null}
                <time dateTime={note.createdAt.toISOString()}>{formatShopDateTime(note.createdAt, lang)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Form ref={formRef} method="post" action={`/admin/orders/view/${orderId}`} noValidate>
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="note-body" className="block text-sm font-medium">
          {t("admin.notes.label")}
        </label>
        <textarea
          ref={bodyRef}
          id="note-body"
          name="body"
          rows={2}
          maxLength={1000}
          defaultValue={refusal?.values.body ?? ""}
          key={refusal ? "refused" : "fresh"}
          aria-required
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? "notes-hint note-error" : "notes-hint"}
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
        />
        <FieldError id="note-error" message={refusal?.fieldErrors.body} />
        <SubmitButton
          pending={adding}
          pendingLabel={t("admin.notes.adding")}
          look="primary-small"
          className="mt-2 disabled:cursor-wait"
        >
          {t("admin.notes.add")}
        </SubmitButton>
      </Form>
    </section>
  );
}

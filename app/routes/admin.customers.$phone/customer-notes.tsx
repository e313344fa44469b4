/**
 * Staff's notes about a customer ("asks for the parcel after 6 pm", "refused twice, call first"),
 * oldest first with author and time, and a form to add one (a plain POST to the customer's page, so
 * it works without JavaScript). A refused note keeps its text and says why.
 */
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SubmitButton } from "~/components/admin/submit-button";
import { FieldError } from "~/components/field-error";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { formatShopDateTime } from "~/i18n/format-date";

/** What the customer page's action answers to a refused note (400): the text as typed and why. */
export type CustomerNoteRefusal = FormRefusal<"body">;

export function CustomerNotes({
  phone,
  notes,
  refusal,
}: {
  phone: string;
  notes: { id: number; body: string; authorEmail: string | null; createdAt: Date }[];
  refusal: CustomerNoteRefusal | null;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const adding = usePending({ state: "submitting" });
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
      className="rounded-lg border border-stone-200 bg-white p-5"
      aria-labelledby="customer-notes-title"
      data-testid="customer-notes"
    >
      <h2 id="customer-notes-title" className="text-lg font-semibold">
        {t("admin.customer.notes")}
      </h2>
      <p id="customer-notes-hint" className="mb-3 text-sm text-stone-600">
        {t("admin.customer.notesHint")}
      </p>
      {notes.length === 0 ? (
        <p className="mb-3 text-sm text-stone-600">{t("admin.customer.notesEmpty")}</p>
      ) : (
        <ol className="mb-4 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md bg-amber-50 px-3 py-2 text-sm" data-testid="customer-note">
              <p className="whitespace-pre-line break-words" translate="no">
                {note.body}
              </p>
              <p className="mt-1 text-stone-600">
                {note.authorEmail ? <span translate="no">{note.authorEmail}, </span> : null}
                <time dateTime={note.createdAt.toISOString()}>{formatShopDateTime(note.createdAt, lang)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <Form ref={formRef} method="post" action={`/admin/customers/${phone}`} noValidate>
        <label htmlFor="customer-note-body" className="block text-sm font-medium">
          {t("admin.customer.noteLabel")}
        </label>
        <textarea
          ref={bodyRef}
          id="customer-note-body"
          name="body"
          rows={3}
          maxLength={1000}
          defaultValue={refusal?.values.body ?? ""}
          key={refusal ? "refused" : "fresh"}
          aria-required
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? "customer-notes-hint customer-note-error" : "customer-notes-hint"}
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
        />
        <FieldError id="customer-note-error" message={refusal?.fieldErrors.body} />
        <SubmitButton
          pending={adding}
          pendingLabel={t("admin.customer.noteAdding")}
          look="primary-small"
          className="mt-2 disabled:cursor-wait"
        >
          {t("admin.customer.noteAdd")}
        </SubmitButton>
      </Form>
    </section>
  );
}

/**
 * Staff's notes on a page of the back office (an order's, a customer's): the notes oldest first, with
 * author and time, and a form to add one, a plain POST to the page (`intent` when the page's action
 * has several), so it works without JavaScript. A refused note keeps its text and says why; once a
 * note is added (the list grew) the field starts empty again.
 */
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SubmitButton } from "~/components/admin/submit-button";
import { FieldError } from "~/components/field-error";
import type { FormRefusal } from "~/forms/refusal";
import { useAdminLang } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { formatShopDateTime } from "~/i18n/format-date";

/** A note as the pages' loaders return it. */
export type StaffNote = { id: number; body: string; authorEmail: string | null; createdAt: Date };

/** What a page's action answers to a refused note (400): the text as typed and why. */
export type NoteRefusal = FormRefusal<"body">;

/** The panel's words, in the reader's language. */
export type StaffNotesTexts = {
  title: string;
  hint: string;
  empty: string;
  label: string;
  add: string;
  adding: string;
};

/**
 * The notes panel. `idPrefix` names its elements (`<prefix>-heading`, `-hint`, `-body`, `-error`);
 * `testId` is the panel's and `noteTestId` each note's; `className` adds to the panel's box.
 */
export function StaffNotes({
  action,
  intent,
  notes,
  refusal,
  texts,
  idPrefix,
  testId,
  noteTestId,
  className = "",
}: {
  action: string;
  intent?: string;
  notes: StaffNote[];
  refusal: NoteRefusal | null;
  texts: StaffNotesTexts;
  idPrefix: string;
  testId: string;
  noteTestId: string;
  className?: string;
}) {
  const lang = useAdminLang();
  const adding = usePending({ intent, state: "submitting" });
  const formRef = useRef<HTMLFormElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (refusal) bodyRef.current?.focus();
  }, [refusal]);
  const count = notes.length;
  useEffect(() => {
    formRef.current?.reset();
  }, [count]);
  const hintId = `${idPrefix}-hint`;
  const errorId = `${idPrefix}-error`;
  return (
    <section
      className={`rounded-lg border border-stone-200 bg-white p-5 ${className}`.trim()}
      aria-labelledby={`${idPrefix}-heading`}
      data-testid={testId}
    >
      <h2 id={`${idPrefix}-heading`} className="text-lg font-semibold">
        {texts.title}
      </h2>
      <p id={hintId} className="mb-3 text-sm text-stone-600">
        {texts.hint}
      </p>
      {notes.length === 0 ? (
        <p className="mb-3 text-sm text-stone-600">{texts.empty}</p>
      ) : (
        <ol className="mb-4 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md bg-amber-50 px-3 py-2 text-sm" data-testid={noteTestId}>
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
      <Form ref={formRef} method="post" action={action} noValidate>
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <label htmlFor={`${idPrefix}-body`} className="block text-sm font-medium">
          {texts.label}
        </label>
        <textarea
          ref={bodyRef}
          id={`${idPrefix}-body`}
          name="body"
          rows={3}
          maxLength={1000}
          defaultValue={refusal?.values.body ?? ""}
          key={refusal ? "refused" : "fresh"}
          aria-required
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${hintId} ${errorId}` : hintId}
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
        />
        <FieldError id={errorId} message={refusal?.fieldErrors.body} />
        <SubmitButton
          pending={adding}
          pendingLabel={texts.adding}
          look="primary-small"
          className="mt-2 disabled:cursor-wait"
        >
          {texts.add}
        </SubmitButton>
      </Form>
    </section>
  );
}

/**
 * Staff's notes about a customer ("asks for the parcel after 6 pm", "refused twice, call first"),
 * oldest first with author and time, and a form to add one (a plain POST to the customer's page, so
 * it works without JavaScript). A refused note keeps its text and says why.
 */
import { StaffNotes, type NoteRefusal, type StaffNote } from "~/components/admin/staff-notes";
import { useAdminT } from "~/hooks/use-admin-t";

/** What the customer page's action answers to a refused note (400): the text as typed and why. */
export type CustomerNoteRefusal = NoteRefusal;

export function CustomerNotes({
  phone,
  notes,
  refusal,
}: {
  phone: string;
  notes: StaffNote[];
  refusal: CustomerNoteRefusal | null;
}) {
  const t = useAdminT();
  return (
    <StaffNotes
      action={`/admin/customers/${phone}`}
      notes={notes}
      refusal={refusal}
      texts={{
        title: t("admin.customer.notes"),
        hint: t("admin.customer.notesHint"),
        empty: t("admin.customer.notesEmpty"),
        label: t("admin.customer.noteLabel"),
        add: t("admin.customer.noteAdd"),
        adding: t("admin.customer.noteAdding"),
      }}
      idPrefix="customer-note"
      testId="customer-notes"
      noteTestId="customer-note"
    />
  );
}

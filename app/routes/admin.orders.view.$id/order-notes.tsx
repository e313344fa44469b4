/**
 * The order page's internal notes: staff's notes, oldest first, with author and time, and a form to
 * add one (a plain POST to the order page with `intent=note`, so it works without JavaScript). A
 * refused note keeps its text and says why. Never printed (`print:hidden`).
 */
import { StaffNotes, type NoteRefusal, type StaffNote } from "~/components/admin/staff-notes";
import { useAdminT } from "~/hooks/use-admin-t";

export type { NoteRefusal };

export function OrderNotes({
  orderId,
  notes,
  refusal,
}: {
  orderId: number;
  notes: StaffNote[];
  refusal: NoteRefusal | null;
}) {
  const t = useAdminT();
  return (
    <StaffNotes
      action={`/admin/orders/view/${orderId}`}
      intent="note"
      notes={notes}
      refusal={refusal}
      texts={{
        title: t("admin.notes.title"),
        hint: t("admin.notes.hint"),
        empty: t("admin.notes.empty"),
        label: t("admin.notes.label"),
        add: t("admin.notes.add"),
        adding: t("admin.notes.adding"),
      }}
      idPrefix="note"
      testId="order-notes"
      noteTestId="order-note"
      className="print:hidden"
    />
  );
}

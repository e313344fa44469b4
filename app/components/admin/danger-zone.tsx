import { DeleteButton } from "./confirm-delete";

/**
 * A record's own page's foot, set apart from the everyday buttons: `heading`, a line saying what
 * deleting does (`hint`) and the Delete control with its confirmation step (the back office's one
 * delete flow, confirm-delete.tsx: a dialog with JavaScript, the list's `?delete=<id>` step at
 * `confirmHref` without). Lists have no Delete of their own: deleting starts on the record's page.
 */
export function DangerZone({
  heading,
  hint,
  ...deletion
}: Parameters<typeof DeleteButton>[0] & { heading: string; hint: string }) {
  return (
    <section
      aria-labelledby="danger-heading"
      className="mt-12 rounded-lg border border-red-200 bg-white p-5 print:hidden"
      data-testid="danger-zone"
    >
      <h2 id="danger-heading" className="text-lg font-semibold text-red-800">
        {heading}
      </h2>
      <p className="mb-3 text-sm text-stone-600">{hint}</p>
      <DeleteButton
        className="inline-flex min-h-11 items-center rounded-md border border-red-300 bg-white px-4 text-sm font-medium text-red-700 hover:bg-red-50"
        {...deletion}
      />
    </section>
  );
}

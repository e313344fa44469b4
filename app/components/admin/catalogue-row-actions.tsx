import { Link } from "@remix-run/react";
import { useAdminT } from "~/hooks/use-admin-t";
import type { AdminTranslate } from "~/i18n/admin";
import { ConfirmDeletePanel, DeleteButton, MissingRecordNotice } from "./confirm-delete";
import { DangerZone } from "./danger-zone";

/** Which catalogue list: its messages are `admin.<list>.*`, its pages `/admin/<list>/…`. */
export type CatalogueList = "products" | "categories";

/** What a catalogue list row or confirmation needs to know about its record and the list page. */
type RecordOnList = {
  list: CatalogueList;
  id: number;
  name: string;
  /** Fields the delete form sends back so the list returns to the same page (and search). */
  hidden: Record<string, string>;
};

const ROW_BUTTON = "inline-flex min-h-11 items-center justify-center rounded-md border bg-white px-4 font-medium";

/**
 * A list row's action as a button-like link or button, 44 px tall (a thumb's tap target), and the
 * destructive one (Delete, Disable) in red. Shared by the catalogue, staff and blocklist rows.
 */
export const ROW_ACTION = `${ROW_BUTTON} border-stone-300 text-stone-900 hover:bg-stone-50`;
export const ROW_ACTION_DESTRUCTIVE = `${ROW_BUTTON} border-red-300 text-red-700 hover:bg-red-50`;

/**
 * A products or categories list row's actions: Edit (to the edit page) at the left and, for a list
 * whose rows delete (`confirmHref` given: categories), apart from it (the other end of a phone's
 * card, 24 px away in the table), Delete, which asks "are you sure?" first (a dialog with
 * JavaScript; without it a link to the list's confirmation step at `confirmHref`, shown by
 * `CatalogueDeleteStep`). A product is deleted from its own page (`CatalogueDangerZone`).
 */
export function CatalogueRowActions({
  list,
  id,
  name,
  hidden,
  confirmHref,
}: RecordOnList & { confirmHref: string | null }) {
  const t = useAdminT();
  return (
    <div className="flex w-full items-center justify-between gap-6 sm:justify-start">
      <Link to={`/admin/${list}/edit/${id}`} aria-label={t(`admin.${list}.editLabel`, { name })} className={ROW_ACTION}>
        {t(`admin.${list}.edit`)}
      </Link>
      {confirmHref ? (
        <DeleteButton
          {...confirmationOf(t, list, { id, name })}
          label={t(`admin.${list}.deleteLabel`, { name })}
          text={t(`admin.${list}.delete`)}
          confirmHref={confirmHref}
          hidden={hidden}
          className={ROW_ACTION_DESTRUCTIVE}
        />
      ) : null}
    </div>
  );
}

/**
 * The foot of a catalogue record's edit page: Delete ("Delete product"), apart from the form, saying
 * what deleting does (`hint`), with the list's confirmation (a dialog with JavaScript, the list's
 * `?delete=<id>` step without); the deletion comes back to the list's first page.
 */
export function CatalogueDangerZone({
  list,
  id,
  name,
  hint,
}: {
  list: CatalogueList;
  id: number;
  name: string;
  hint: string;
}) {
  const t = useAdminT();
  const confirmation = confirmationOf(t, list, { id, name });
  return (
    <DangerZone
      heading={t("admin.delete.dangerZone")}
      hint={hint}
      {...confirmation}
      label={confirmation.confirmText}
      text={confirmation.confirmText}
      confirmHref={`/admin/${list}?delete=${id}`}
    />
  );
}

/** What deleting `record` from `list` asks and sends: the list's question and texts (through `t`), its action. */
function confirmationOf(t: AdminTranslate, list: CatalogueList, record: { id: number; name: string }) {
  return {
    id: record.id,
    action: `/admin/${list}?index`,
    question: t(`admin.${list}.deleteConfirm`),
    detail: t(`admin.${list}.deleteConfirmName`, { name: record.name }),
    confirmText: t(`admin.${list}.deleteYes`),
    cancelText: t(`admin.${list}.cancel`),
  };
}

/** The not-found message and way back of each list, for a `?delete=` that names nothing. */
const MISSING = {
  products: { message: "admin.productForm.notFound", back: "admin.productForm.back" },
  categories: { message: "admin.categoryForm.notFound", back: "admin.categoryForm.back" },
} as const;

/**
 * The confirmation step a list shows without JavaScript (`?delete=<id>`): for `record`, the
 * list's question, the record's name, the deleting POST form and a way back to `cancelHref`; when
 * `missing` (the id names nothing), the list's not-found message and the way back. Nothing otherwise.
 */
export function CatalogueDeleteStep({
  list,
  record,
  missing,
  hidden,
  cancelHref,
}: {
  list: CatalogueList;
  record: { id: number; name: string } | null;
  missing: boolean;
  hidden: Record<string, string>;
  cancelHref: string;
}) {
  const t = useAdminT();
  if (record)
    return <ConfirmDeletePanel {...confirmationOf(t, list, record)} cancelHref={cancelHref} hidden={hidden} />;
  if (!missing) return null;
  return (
    <MissingRecordNotice message={t(MISSING[list].message)} backHref={cancelHref} backText={t(MISSING[list].back)} />
  );
}

import { Link } from "@remix-run/react";
import { useAdminT } from "~/hooks/use-admin-t";
import type { AdminTranslate } from "~/i18n/admin";
import { ConfirmDeletePanel, DeleteButton, MissingRecordNotice } from "./confirm-delete";

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

/**
 * A products or categories list row's actions: Edit (to the edit page) and Delete, which asks
 * "are you sure?" first (a dialog with JavaScript; without it a link to the list's confirmation
 * step at `confirmHref`, shown by `CatalogueDeleteStep`).
 */
export function CatalogueRowActions({ list, id, name, hidden, confirmHref }: RecordOnList & { confirmHref: string }) {
  const t = useAdminT();
  const confirmation = confirmationOf(t, list, { id, name });
  return (
    <div className="flex gap-4">
      <Link
        to={`/admin/${list}/edit/${id}`}
        aria-label={t(`admin.${list}.editLabel`, { name })}
        className="font-medium text-amber-800 hover:underline"
      >
        {t(`admin.${list}.edit`)}
      </Link>
      <DeleteButton
        {...confirmation}
        label={t(`admin.${list}.deleteLabel`, { name })}
        text={t(`admin.${list}.delete`)}
        confirmHref={confirmHref}
        hidden={hidden}
      />
    </div>
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

import type { ReactNode } from "react";
import { Pagination } from "~/components/pagination";
import { useAdminT } from "~/hooks/use-admin-t";
import type { Lang } from "~/i18n/lang";
import { localText } from "~/rules/variants";
import { AdminTable, type AdminColumn } from "./admin-table";
import { CatalogueDeleteStep, CatalogueRowActions, type CatalogueList } from "./catalogue-row-actions";
import { AdminPageHeader } from "./page-header";

/**
 * The URL of a catalogue list (/admin/products, /admin/categories) with its search (`q`, products
 * only), its page (left out for page 1) and the record whose deletion it asks to confirm
 * (`delete`), in that order: /admin/products?q=lamp&page=2&delete=7.
 */
export function catalogueListUrl(
  list: CatalogueList,
  { q = null, page, deleteId }: { q?: string | null; page: number; deleteId?: number },
): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  if (deleteId !== undefined) params.set("delete", String(deleteId));
  const qs = params.toString();
  return qs ? `/admin/${list}?${qs}` : `/admin/${list}`;
}

/**
 * A catalogue record (a product, a category) as a list names it to a staff member reading `lang`,
 * for a list's loader: in English as stored, its English `name` with its Bangla `nameBn` under it;
 * in Bangla, `name` becomes its Bangla name (its English one where it has none) and `nameBn` is
 * emptied, so that the list shows the one name. Other fields are kept.
 */
export function namedFor<Record extends { name: string; nameBn: string }>(record: Record, lang: Lang): Record {
  return lang === "bn" ? { ...record, name: localText(record.name, record.nameBn, lang), nameBn: "" } : record;
}

/**
 * A catalogue list page: its heading with the 'Add' link, the delete confirmation step of
 * `?delete=<id>` (without JavaScript; for products, the step their edit page's Delete leads to),
 * `search` (if any), then `empty` when there is nothing to list, else the table (one row per item:
 * `cells`, then Edit and, with `rowDelete`, Delete), and the page links.
 * `q` (a searchable list's search, "" for none) and `page` are the list as shown: the delete form
 * sends them back, so the list comes back as it was.
 */
export function CatalogueListPage<Item extends { id: number; name: string }>({
  list,
  addLabel,
  toDelete,
  deleteMissing,
  q,
  page,
  pageCount,
  search,
  empty,
  columns,
  items,
  rowTestId,
  cells,
  rowDelete = true,
}: {
  list: CatalogueList;
  addLabel: string;
  toDelete: { id: number; name: string } | null;
  deleteMissing: boolean;
  q?: string;
  page: number;
  pageCount: number;
  search?: ReactNode;
  /** The message shown instead of the table when there is nothing to list. */
  empty: string | null;
  /** The columns before the actions column. */
  columns: AdminColumn[];
  items: Item[];
  rowTestId: string;
  /** The row's cells before the actions cell. */
  cells: (item: Item) => ReactNode;
  /** Whether each row has Delete (false: the record is deleted from its own page). */
  rowDelete?: boolean;
}) {
  const t = useAdminT();
  const hidden: Record<string, string> = q === undefined ? { page: String(page) } : { q, page: String(page) };
  return (
    <section aria-labelledby={`${list}-title`}>
      <AdminPageHeader
        id={`${list}-title`}
        title={t(`admin.${list}.title`)}
        subtitle={t(`admin.${list}.subtitle`)}
        action={{ to: `/admin/${list}/create`, label: addLabel }}
        className="mb-6"
      />

      <CatalogueDeleteStep
        list={list}
        record={toDelete}
        missing={deleteMissing}
        hidden={hidden}
        cancelHref={catalogueListUrl(list, { q, page })}
      />

      {search}

      {empty !== null ? (
        <p className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center">{empty}</p>
      ) : (
        <AdminTable columns={[...columns, { label: t(`admin.${list}.actions`), srOnly: true }]}>
          {items.map((item) => (
            <tr key={item.id} data-testid={rowTestId}>
              {cells(item)}
              <td className="whitespace-nowrap px-4 py-3">
                <CatalogueRowActions
                  list={list}
                  id={item.id}
                  name={item.name}
                  hidden={hidden}
                  confirmHref={rowDelete ? catalogueListUrl(list, { q, page, deleteId: item.id }) : null}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}

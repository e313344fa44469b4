import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatMoney } from "~/rules/money";

/**
 * The label of a quantity field on the edit page (an order line's, or a product's to add): the
 * product's name (with its variant's label; not for a browser to translate) and unit price on screen, and `spoken` (the field's full name) for screen readers
 * instead. `unitPricePaisa` is integer paisa, formatted in the staff member's language.
 */
export function LineLabel({
  htmlFor,
  spoken,
  name,
  unitPricePaisa,
}: {
  htmlFor: string;
  spoken: string;
  name: string;
  unitPricePaisa: number;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  return (
    <label htmlFor={htmlFor} className="min-w-0 flex-1">
      <span className="sr-only">{spoken}</span>
      <span aria-hidden="true" className="font-medium" translate="no">
        {name}
      </span>
      <span aria-hidden="true" className="block text-sm text-stone-600">
        {t("admin.edit.unitPrice", { price: formatMoney(unitPricePaisa, { lang }) })}
      </span>
    </label>
  );
}

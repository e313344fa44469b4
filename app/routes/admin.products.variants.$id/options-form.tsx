import { Form } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { MAX_OPTION_NAME_LENGTH, MAX_OPTION_VALUE_LENGTH, MAX_OPTIONS } from "~/rules/variants";
import type { VariantEditor } from "~/models/product-variants.server";
import { OPTION_BLOCKS, optionField, READ_VALUE_ROWS, valueField, valueRowsFor } from "./fields";

/** What a refused form gives back: the typed fields and a message per field name. */
export type Refill = { values: Record<string, string>; fieldErrors: Record<string, string> } | null;

const INPUT = "mt-1 block min-h-11 w-full rounded-md border border-stone-300 px-3 py-2";

/** The number of value rows typed in block `block` of a refused form (the last row with something in it, plus one). */
function typedRows(refill: Refill, block: number): number {
  if (!refill) return 0;
  let last = 0;
  for (let row = 0; row < READ_VALUE_ROWS; row += 1) {
    if (
      (refill.values[valueField(block, row, "value")] ?? "") !== "" ||
      (refill.values[valueField(block, row, "valueBn")] ?? "") !== ""
    )
      last = row + 1;
  }
  return last;
}

/**
 * Step 1: the options form. It works without JavaScript: OPTION_BLOCKS blocks (an empty one is no
 * option), each with its name in English and Bangla and a fixed number of value rows (empty rows
 * are ignored; their order on the page is the values' order). Existing options and values carry
 * their ids (hidden), so that renaming keeps them. A refused form (`refill`) shows what was typed.
 */
export function OptionsForm({ options, refill }: { options: VariantEditor["options"]; refill: Refill }) {
  const t = useAdminT();
  const saving = usePending({ intent: "options", state: "submitting" });
  const typed = (name: string, stored: string) => (refill ? (refill.values[name] ?? "") : stored);
  return (
    <Form method="post" noValidate className="space-y-4" aria-labelledby="options-title">
      <input type="hidden" name="intent" value="options" />
      <h2 id="options-title" className="text-xl font-semibold">
        {t("admin.variants.step1")}
      </h2>
      <p className="text-sm text-stone-600">{t("admin.variants.step1Hint", { max: MAX_OPTIONS })}</p>
      <div className="grid gap-4 lg:grid-cols-3">
        {Array.from({ length: OPTION_BLOCKS }, (_, block) => {
          const option = options[block];
          const rows = valueRowsFor(option?.values.length ?? 0, typedRows(refill, block));
          const nameId = optionField(block, "name");
          const nameError = refill?.fieldErrors[nameId];
          return (
            <fieldset
              key={block}
              className="min-w-0 space-y-3 rounded-lg border border-stone-200 bg-white p-4"
              data-testid="option-block"
            >
              <legend className="px-1 font-semibold">{t("admin.variants.option", { number: block + 1 })}</legend>
              <input
                type="hidden"
                name={optionField(block, "id")}
                value={typed(optionField(block, "id"), option ? String(option.id) : "")}
              />
              <div>
                <label htmlFor={nameId} className="block text-sm font-medium">
                  {t("admin.variants.optionName")}
                </label>
                <input
                  id={nameId}
                  name={nameId}
                  className={INPUT}
                  maxLength={MAX_OPTION_NAME_LENGTH * 2}
                  placeholder={t("admin.variants.optionNamePlaceholder")}
                  defaultValue={typed(nameId, option?.name ?? "")}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `${nameId}-error` : undefined}
                />
                <FieldError id={`${nameId}-error`} message={nameError} />
              </div>
              <div>
                <label htmlFor={optionField(block, "nameBn")} className="block text-sm font-medium">
                  {t("admin.variants.optionNameBn")}
                </label>
                <input
                  id={optionField(block, "nameBn")}
                  name={optionField(block, "nameBn")}
                  lang="bn"
                  className={INPUT}
                  maxLength={MAX_OPTION_NAME_LENGTH * 2}
                  defaultValue={typed(optionField(block, "nameBn"), option?.nameBn ?? "")}
                />
              </div>
              <fieldset className="min-w-0">
                <legend className="text-sm font-medium">{t("admin.variants.values")}</legend>
                <div className="mt-1 grid grid-cols-2 gap-x-2 text-xs text-stone-600" aria-hidden="true">
                  <span>{t("admin.variants.valueColumn")}</span>
                  <span>{t("admin.variants.valueBnColumn")}</span>
                </div>
                <ol className="space-y-1">
                  {Array.from({ length: rows }, (_, row) => {
                    const value = option?.values[row];
                    const valueId = valueField(block, row, "value");
                    const error = refill?.fieldErrors[valueId];
                    return (
                      <li key={row}>
                        <input
                          type="hidden"
                          name={valueField(block, row, "id")}
                          value={typed(valueField(block, row, "id"), value ? String(value.id) : "")}
                        />
                        <div className="grid grid-cols-2 gap-2">
                          <input
                            id={valueId}
                            name={valueId}
                            aria-label={t("admin.variants.value", { number: row + 1 })}
                            className="block min-h-11 w-full min-w-0 rounded-md border border-stone-300 px-2 py-1.5"
                            maxLength={MAX_OPTION_VALUE_LENGTH * 2}
                            defaultValue={typed(valueId, value?.value ?? "")}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${valueId}-error` : undefined}
                          />
                          <input
                            id={valueField(block, row, "valueBn")}
                            name={valueField(block, row, "valueBn")}
                            lang="bn"
                            aria-label={t("admin.variants.valueBn", { number: row + 1 })}
                            className="block min-h-11 w-full min-w-0 rounded-md border border-stone-300 px-2 py-1.5"
                            maxLength={MAX_OPTION_VALUE_LENGTH * 2}
                            defaultValue={typed(valueField(block, row, "valueBn"), value?.valueBn ?? "")}
                          />
                        </div>
                        <FieldError id={`${valueId}-error`} message={error} />
                      </li>
                    );
                  })}
                </ol>
              </fieldset>
            </fieldset>
          );
        })}
      </div>
      <p className="text-sm text-stone-600">{t("admin.variants.generateHint")}</p>
      <SubmitButton pending={saving} pendingLabel={t("admin.variants.saving")} name="intent" value="options">
        {t("admin.variants.saveOptions")}
      </SubmitButton>
    </Form>
  );
}

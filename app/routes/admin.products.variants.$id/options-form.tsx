import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FieldError } from "~/components/field-error";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { MAX_OPTION_NAME_LENGTH, MAX_OPTION_VALUE_LENGTH, MAX_OPTION_VALUES, MAX_OPTIONS } from "~/rules/variants";
import type { VariantEditor } from "~/models/catalogue/product-variants.server";
import { ADD_FIELD, addValue, BLOCKS_FIELD, optionField, optionsShape, valueField } from "./fields";

/** What a refused form gives back: the typed fields and a message per field name. */
export type Refill = { values: Record<string, string>; fieldErrors: Record<string, string> } | null;

const INPUT = "mt-1 block min-h-11 w-full rounded-md border border-stone-300 px-3 py-2";

/**
 * Step 1: the options form. It shows the saved options and their values (an empty block of one
 * row when there are none), each block with its name in English and Bangla and its value rows
 * (empty rows are ignored; their order on the page is the values' order), and "Add a value" /
 * "Add an option" buttons up to the limits (MAX_OPTION_VALUES, MAX_OPTIONS), which the form then
 * names instead. Without JavaScript an Add button sends the form, which comes back unsaved as
 * typed with one more row (`withOneMore`; the button's address ends in the new field's id, so the
 * browser scrolls to it); with JavaScript the row is added here and takes the focus. Existing
 * options and values carry their ids (hidden), so that renaming keeps them. A form given back
 * (`refill`: refused, or an Add button's answer) shows what was typed.
 */
export function OptionsForm({ options, refill }: { options: VariantEditor["options"]; refill: Refill }) {
  const t = useAdminT();
  const location = useLocation();
  const saving = usePending({ intent: "options", state: "submitting" });
  const [shape, setShape] = useState(() =>
    optionsShape(
      options.map((option) => option.values.length),
      refill?.values ?? null,
    ),
  );
  // The field a row added here focuses once it is on the page.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current) document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [shape]);
  const typed = (name: string, stored: string) => (refill ? (refill.values[name] ?? "") : stored);

  /** An Add button: a submit button without JavaScript, a row added here with it. */
  const addButton = (label: string, block: number | undefined, target: string, testId: string) => (
    <button
      type="submit"
      name={ADD_FIELD}
      value={addValue(block)}
      formAction={`${location.pathname}${location.search}#${target}`}
      onClick={(event) => {
        event.preventDefault();
        focusNext.current = target;
        setShape((rows) =>
          block === undefined ? [...rows, 1] : rows.map((count, index) => (index === block ? count + 1 : count)),
        );
      }}
      className="inline-flex min-h-11 items-center gap-1 rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50"
      data-testid={testId}
    >
      <span aria-hidden="true">+</span>
      {label}
    </button>
  );

  return (
    <Form method="post" noValidate className="space-y-4" aria-labelledby="options-title">
      {/* Enter in a field submits with the form's first button: this one saves the options (not an Add button). */}
      <button type="submit" name="intent" value="options" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t("admin.variants.saveOptions")}
      </button>
      <input type="hidden" name="intent" value="options" />
      <input type="hidden" name={BLOCKS_FIELD} value={shape.length} />
      <h2 id="options-title" className="text-xl font-semibold">
        {t("admin.variants.step1")}
      </h2>
      <p className="text-sm text-stone-600">{t("admin.variants.step1Hint", { max: MAX_OPTIONS })}</p>
      <div className="grid gap-4 lg:grid-cols-3">
        {shape.map((rows, block) => {
          const option = options[block];
          const nameId = optionField(block, "name");
          const nameError = refill?.fieldErrors[nameId];
          return (
            <fieldset
              key={block}
              className="min-w-0 space-y-3 rounded-lg border border-stone-200 bg-white p-4"
              data-testid="option-block"
            >
              <legend className="px-1 font-semibold">{t("admin.variants.option", { number: block + 1 })}</legend>
              <input type="hidden" name={optionField(block, "rows")} value={rows} />
              <input
                type="hidden"
                name={optionField(block, "id")}
                value={typed(optionField(block, "id"), option ? String(option.id) : "")}
              />
              <div className="grid grid-cols-2 gap-2">
                <div className="flex min-w-0 flex-col">
                  <label htmlFor={nameId} className="block grow text-sm font-medium">
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
                <div className="flex min-w-0 flex-col">
                  <label htmlFor={optionField(block, "nameBn")} className="block grow text-sm font-medium">
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
                <div className="mt-2">
                  {rows < MAX_OPTION_VALUES ? (
                    addButton(t("admin.variants.addValue"), block, valueField(block, rows, "value"), "add-value")
                  ) : (
                    <p className="text-sm text-stone-600">
                      {t("admin.variants.error.tooManyValues", { max: MAX_OPTION_VALUES })}
                    </p>
                  )}
                </div>
              </fieldset>
            </fieldset>
          );
        })}
      </div>
      {shape.length < MAX_OPTIONS ? (
        addButton(t("admin.variants.addOption"), undefined, optionField(shape.length, "name"), "add-option")
      ) : (
        <p className="text-sm text-stone-600">{t("admin.variants.error.tooManyOptions", { max: MAX_OPTIONS })}</p>
      )}
      <p className="text-sm text-stone-600">{t("admin.variants.generateHint")}</p>
      <SubmitButton pending={saving} pendingLabel={t("admin.variants.saving")} name="intent" value="options">
        {t("admin.variants.saveOptions")}
      </SubmitButton>
    </Form>
  );
}

import type { FormEvent } from "react";
import { useT } from "~/hooks/use-t";

/** An option as the picker shows it: its name and values (in the page's language). */
type PickerOption = { name: string; values: { id: number; value: string }[] };
/** An active variant: its values (by option position) and the units a shopper may buy (null: not tracked). */
type PickerVariant = { valueIds: readonly number[]; available: number | null };

/**
 * The variant whose values are exactly `choice` (one value id per option, in option order; [] for
 * a product without options), or undefined. Written here rather than in app/rules/variants.ts so
 * that the product page's JavaScript does not load the shared rules chunk.
 */
export function variantOf<V extends PickerVariant>(variants: readonly V[], choice: readonly number[]): V | undefined {
  const key = choice.join();
  return variants.find((variant) => variant.valueIds.join() === key);
}

/**
 * What buying a value would give, the other chosen values kept: a variant that can be bought, one
 * that is sold out, or no active variant at all.
 */
type ValueState = "ok" | "out" | "none";

/** The state of value `valueId` of option `index` with the rest of `choice` kept (see ValueState). */
function valueState(variants: readonly PickerVariant[], choice: readonly number[], index: number, valueId: number) {
  const variant = variantOf(
    variants,
    choice.map((id, at) => (at === index ? valueId : id)),
  );
  return !variant ? "none" : variant.available === 0 ? "out" : "ok";
}

/**
 * The product page's option picker: one group of choices per option, a fieldset whose legend is
 * the option's name and whose values are radio buttons drawn as chips (44 px tap targets, arrow
 * keys move between them as in any radio group), or a select when the option has more than
 * `chipsUpTo` values (CHIPS_UP_TO_VALUES, app/rules/variants.ts, passed by the loader). A value that, with the other chosen values, makes a sold-out
 * combination or none at all is struck through and says so to screen readers.
 *
 * Without JavaScript it is a GET form to the product page (`action`) whose fields are `o1`–`o3`
 * (the chosen value id of each option), sent by its 'Show' button; the loader shows the variant
 * they make. With JavaScript `onChoose` gets each change at once and the button is hidden.
 *
 * @param choice the chosen value id of each option, in option order.
 */
export function VariantPicker({
  options,
  variants,
  choice,
  chipsUpTo,
  action,
  hydrated,
  onChoose,
}: {
  options: readonly PickerOption[];
  variants: readonly PickerVariant[];
  choice: readonly number[];
  chipsUpTo: number;
  action: string;
  hydrated: boolean;
  onChoose: (index: number, valueId: number) => void;
}) {
  const t = useT();
  const note = (state: ValueState) => (state === "out" ? t("stock.out") : t("product.unavailable"));
  // Once hydrated every change shows at once: a submit (Enter in a select) stays on the page.
  const onSubmit = (event: FormEvent) => {
    if (hydrated) event.preventDefault();
  };
  return (
    <form method="get" action={action} className="mt-6 space-y-4" onSubmit={onSubmit} data-testid="variant-picker">
      {options.map((option, index) => {
        const name = `o${index + 1}`;
        const states = option.values.map((value) => valueState(variants, choice, index, value.id));
        if (option.values.length > chipsUpTo) {
          return (
            <p key={name}>
              <label htmlFor={`option-${name}`} className="block font-medium">
                {option.name}
              </label>
              <select
                id={`option-${name}`}
                name={name}
                value={choice[index]}
                onChange={(event) => onChoose(index, Number(event.target.value))}
                className="mt-2 min-h-11 w-full rounded-md border border-stone-400 bg-white px-3 sm:w-auto"
              >
                {option.values.map((value, at) => (
                  <option key={value.id} value={value.id}>
                    {states[at] === "ok" ? value.value : `${value.value} (${note(states[at]!)})`}
                  </option>
                ))}
              </select>
            </p>
          );
        }
        return (
          <fieldset key={name}>
            <legend className="font-medium">{option.name}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {option.values.map((value, at) => (
                <label
                  key={value.id}
                  className={`relative inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-full border-2 border-stone-300 px-4 has-checked:border-amber-700 has-checked:bg-amber-50 has-checked:font-semibold has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-amber-700 ${
                    states[at] === "ok" ? "" : "text-stone-500 line-through"
                  }`}
                >
                  <input
                    type="radio"
                    name={name}
                    value={value.id}
                    checked={choice[index] === value.id}
                    onChange={() => onChoose(index, value.id)}
                    className="sr-only"
                  />
                  {value.value}
                  {states[at] === "ok" ? null : <span className="sr-only"> ({note(states[at]!)})</span>}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <button
        type="submit"
        hidden={hydrated}
        className="min-h-11 rounded-full border border-stone-400 px-5 text-stone-800 hover:bg-stone-100"
      >
        {t("product.show")}
      </button>
    </form>
  );
}

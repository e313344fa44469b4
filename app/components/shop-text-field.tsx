import { describedBy, FieldHelp } from "./field-error";

/**
 * One labelled text field of a shop form (order tracking's look-up, the Send Money form): its
 * label, the input (44 px high, at most 40 characters), then its hint and its error, both tied to
 * it for screen readers (`aria-describedby`); `aria-invalid` while it has an error.
 */
export function ShopTextField(props: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  defaultValue: string | undefined;
  error: string | undefined;
  inputMode?: "numeric" | "tel";
  autoComplete?: string;
  autoCapitalize?: string;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type="text"
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        autoCapitalize={props.autoCapitalize}
        defaultValue={props.defaultValue}
        required
        maxLength={40}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.id, props.hint, props.error)}
        className="mt-1 min-h-11 w-full rounded-md border border-stone-300 px-3 py-2"
      />
      <FieldHelp id={props.id} hint={props.hint} error={props.error} />
    </div>
  );
}

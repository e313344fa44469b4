import { useEffect, useRef, type ChangeEvent, type ReactNode } from "react";
import { describedBy, FieldHelp } from "~/components/field-error";

type FieldOptions = {
  /** A line under the field that explains it; tied to it for screen readers. */
  hint?: string;
  required?: boolean;
  /** A three-row textarea instead of a one-line input. */
  multiline?: boolean;
  /** A select of these choices (value posted, label shown) instead of a one-line input. */
  choices?: readonly { value: string; label: string }[];
  maxLength?: number;
  type?: "text" | "email" | "tel" | "password" | "number" | "url";
  inputMode?: "decimal" | "numeric" | "tel" | "email";
  autoComplete?: string;
  spellCheck?: boolean;
  /** The language of what is typed here (a Bangla field in the English back office). */
  lang?: string;
  /** "no": the value is the owner's own Latin text (an e-mail, a number, an English name), not to be translated. */
  translate?: "no";
  /** Extra classes for the control (for example `font-mono` for keys and codes). */
  inputClassName?: string;
  onValue?: (value: string) => void;
};

/**
 * One labelled back-office field: a text input (or a textarea, or a select) with its hint and its error, both
 * announced with it (`aria-describedby`), `aria-invalid` while it has an error and the typed
 * `defaultValue`, so a refused form shows what was sent. The id is the field's name unless `id`
 * says otherwise (two forms on one page).
 */
export function AdminField({
  name,
  id = name,
  label,
  defaultValue,
  error,
  hint,
  required,
  multiline,
  choices,
  maxLength,
  type = "text",
  inputMode,
  autoComplete,
  spellCheck,
  lang,
  translate,
  inputClassName = "",
  onValue,
}: { name: string; id?: string; label: string; defaultValue?: string; error?: string } & FieldOptions) {
  const common = {
    id,
    name,
    defaultValue: defaultValue ?? "",
    maxLength,
    lang,
    translate,
    autoComplete,
    spellCheck,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    className: `mt-1 block min-h-11 w-full rounded-md border border-stone-300 px-3 py-2 ${inputClassName}`.trim(),
    onChange: onValue
      ? (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
          onValue(event.currentTarget.value)
      : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {choices ? (
        <select {...common}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea rows={3} {...common} />
      ) : (
        <input type={type} inputMode={inputMode} {...common} />
      )}
      <FieldHelp id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A back-office checkbox: the box inside its label, so the whole line (at least 44 px tall) is the
 * tap target, and its hint under it, tied to it for screen readers. The id is the field's name
 * unless `id` says otherwise.
 */
export function AdminCheckbox({
  name,
  id = name,
  label,
  defaultChecked,
  hint,
  onChecked,
}: {
  name: string;
  id?: string;
  label: string;
  defaultChecked: boolean;
  hint?: string;
  /** Called with the box's new state each time it is ticked or unticked (in the browser). */
  onChecked?: (checked: boolean) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          onChange={onChecked ? (event) => onChecked(event.currentTarget.checked) : undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="h-5 w-5 shrink-0"
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="ml-8 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A titled group of fields (a card with a legend). `id` makes it a jump link's target (`#id`),
 * which lands with a little room above the legend.
 */
export function Fieldset({ legend, id, children }: { legend: string; id?: string; children: ReactNode }) {
  return (
    <fieldset
      id={id}
      className={`space-y-4 rounded-lg border border-stone-200 bg-white p-6${id ? " scroll-mt-4" : ""}`}
    >
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The message above a refused form. It takes focus when it appears (and again for each new
 * refusal), so a keyboard or screen-reader user is taken to it instead of staying on the button.
 * `refusal` is what the form was refused with (an action's answer): a new one takes focus again
 * even when its message is the same as the last one's.
 */
export function FormAlert({
  message,
  testId = "form-error",
  refusal,
}: {
  message: string | undefined;
  testId?: string;
  refusal?: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message, refusal]);
  if (!message) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
      data-testid={testId}
    >
      {message}
    </div>
  );
}

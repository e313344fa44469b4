import { useHydrated } from "~/hooks/use-hydrated";
import { useLang, useT } from "~/hooks/use-t";
import { localDigits } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { toAsciiDigits } from "~/rules/phone";

/**
 * The kind of a quantity field on a page in `lang`: a number field in English; in Bangla a text
 * field (with the numeric keyboard, `inputMode`), since a number field cannot show Bengali digits
 * (browsers keep its value in ASCII digits). Its pattern takes either digit form; the server reads
 * both (app/forms/cart.ts).
 */
export function quantityFieldType(lang: Lang): { type: "number" } | { type: "text"; pattern: string } {
  return lang === "bn" ? { type: "text", pattern: "[0-9০-৯]+" } : { type: "number" };
}

/**
 * A quantity field with − and + buttons (minimum 1, no maximum of its own;
 * `max` is the server's per-line cap). The number input alone works without JavaScript; the
 * buttons are rendered only once JavaScript runs, over the ends of the input (which keeps room for
 * them), so they are never dead controls and the layout does not shift when they appear.
 *
 * Controlled: `value` is the field's text as typed, `onChange` receives the new text (a step writes
 * the page's digits: Bengali on a Bangla page). The server validates the submitted number.
 */
export function QuantityStepper({
  id,
  name,
  label,
  value,
  onChange,
  min = 1,
  max,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  max: number;
}) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const parsed = Number.parseInt(toAsciiDigits(value), 10);
  const current = Number.isFinite(parsed) ? parsed : min;
  const step = (delta: number) => onChange(localDigits(String(Math.min(max, Math.max(min, current + delta))), lang));
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="relative mt-1 w-40">
        <input
          id={id}
          name={name}
          {...quantityFieldType(lang)}
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required
          className={`h-12 w-full rounded-md border border-stone-400 px-12 text-center ${
            hydrated
              ? "[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
              : ""
          }`}
        />
        {hydrated ? (
          <>
            <StepButton
              label={t("stepper.decrease")}
              onClick={() => step(-1)}
              disabled={current <= min}
              className="left-0.5"
            >
              −
            </StepButton>
            <StepButton
              label={t("stepper.increase")}
              onClick={() => step(1)}
              disabled={current >= max}
              className="right-0.5"
            >
              +
            </StepButton>
          </>
        ) : null}
      </div>
    </div>
  );
}

function StepButton({
  label,
  onClick,
  disabled,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  className: string;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      // aria-disabled, not disabled: a button that disables itself under the keyboard would drop focus.
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className={`absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-md text-xl font-medium ${
        disabled ? "cursor-not-allowed text-stone-400" : "text-stone-800 hover:bg-stone-100"
      } ${className}`}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

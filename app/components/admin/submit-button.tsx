import type { ReactNode } from "react";

/**
 * The back office's submit buttons, by look. Each is the full class list of buttons already in
 * use, so a page keeps its look exactly:
 * - `primary`: the amber button of the account, staff and two-step sign-in forms;
 * - `primary-small`: the smaller amber button (courier, order edit, order notes);
 * - `primary-large`: the large amber button that saves a product or a category (a wait cursor while saving);
 * - `secondary`: an outlined button beside another action;
 * - `danger`: the red button that confirms a deletion;
 * - `danger-outline`: an outlined red button (removing a saved courier account).
 */
const looks = {
  primary: "min-h-11 rounded-md bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800 disabled:opacity-60",
  "primary-small":
    "min-h-11 rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-60",
  "primary-large":
    "min-h-11 rounded-md bg-amber-700 px-5 py-2.5 font-semibold text-white hover:bg-amber-800 disabled:cursor-wait disabled:opacity-70",
  secondary: "min-h-11 rounded-md border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-50",
  danger:
    "min-h-11 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60",
  "danger-outline":
    "min-h-11 rounded-md border border-red-300 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50",
} as const;

/**
 * A form's submit button that is disabled while its submission is pending and then reads
 * `pendingLabel` (when given) instead of its label (`children`). `className` adds classes after the
 * look's (a margin, a cursor). `name` and `value` make it an `intent` button; `ariaDisabled` also
 * sets `aria-disabled` while pending.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  look = "primary",
  className,
  name,
  value,
  ariaDisabled,
  children,
}: {
  pending: boolean;
  pendingLabel?: ReactNode;
  look?: keyof typeof looks;
  className?: string;
  name?: string;
  value?: string;
  ariaDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      aria-disabled={ariaDisabled ? pending : undefined}
      className={className ? `${looks[look]} ${className}` : looks[look]}
    >
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}

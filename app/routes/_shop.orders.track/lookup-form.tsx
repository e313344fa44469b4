import { Form } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import type { FieldErrors } from "~/forms/refusal";
import { useLocalePath, useT } from "~/hooks/use-t";
import type { TrackField } from "./lookup.server";

/**
 * The look-up form of /orders/track (GET, so it works without JavaScript): the order number and
 * the phone, refilled with what was typed, each with its message.
 */
export function LookupForm({
  typed,
  fieldErrors,
}: {
  typed: Record<TrackField, string>;
  fieldErrors: FieldErrors<TrackField>;
}) {
  const t = useT();
  const href = useLocalePath();
  return (
    <Form method="get" action={href("/orders/track")} className="mt-6 grid gap-4 sm:max-w-md" noValidate>
      <LookupField
        name="order"
        label={t("track.orderNumber")}
        hint={t("track.orderNumberHint")}
        defaultValue={typed.order}
        error={fieldErrors.order}
        inputMode="numeric"
      />
      <LookupField
        name="phone"
        label={t("track.phone")}
        defaultValue={typed.phone}
        error={fieldErrors.phone}
        inputMode="tel"
        autoComplete="tel"
      />
      <button type="submit" className="rounded-md bg-amber-700 px-5 py-2.5 font-medium text-white hover:bg-amber-800">
        {t("track.submit")}
      </button>
    </Form>
  );
}

/** One labelled field of the lookup form, with its hint and its error tied to it for screen readers. */
function LookupField(props: {
  name: TrackField;
  label: string;
  hint?: string;
  defaultValue: string;
  error?: string;
  inputMode: "numeric" | "tel";
  autoComplete?: string;
}) {
  const id = `track-${props.name}`;
  const described = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type="text"
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        required
        maxLength={40}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described || undefined}
        className="mt-1 min-h-11 w-full rounded-md border border-stone-300 px-3 py-2"
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {props.hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

import { Form } from "@remix-run/react";
import { ShopTextField } from "~/components/shop-text-field";
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
      <ShopTextField
        id="track-order"
        name="order"
        label={t("track.orderNumber")}
        hint={t("track.orderNumberHint")}
        defaultValue={typed.order}
        error={fieldErrors.order}
        inputMode="numeric"
      />
      <ShopTextField
        id="track-phone"
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

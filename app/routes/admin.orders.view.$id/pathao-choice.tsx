/**
 * Sending an order with Pathao from its page (docs/decisions/066-pathao.md): Pathao's city, zone
 * and area for the parcel (remembered for the order's area text, or the city suggested from its
 * district), its weight, and Pathao's price for them, before "Send with Pathao".
 *
 * One form: its "Show zones, areas and price" button asks the order page again (GET, the choice in
 * the query), which redraws the lists for the chosen city and zone and the price; "Send with
 * Pathao" posts the same fields to /admin/orders/courier, with what the price shown was for
 * (`pathao-shown`): fields changed since are redrawn with their price instead of sent. Without
 * JavaScript that is all; with it, choosing a city or zone redraws at once.
 */
import { Form } from "@remix-run/react";
import { useRef } from "react";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { useHydrated } from "~/hooks/use-hydrated";
import { usePending } from "~/hooks/use-pending";
import { formatDecimal } from "~/i18n/format";
import { formatMoney } from "~/rules/money";
import { PATHAO_CHOICE_PARAMS as PATHAO_PARAMS, parseWeightKg, priceKey } from "~/rules/courier-places";
import type { PathaoChoiceView } from "~/server/couriers/pathao-places.server";

const select =
  "mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm disabled:bg-stone-100";

/** The Pathao place choice and send button of order `orderId`; `back` is the order's page. */
export function PathaoChoice({ orderId, back, choice }: { orderId: number; back: string; choice: PathaoChoiceView }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const hydrated = useHydrated();
  const update = useRef<HTMLButtonElement>(null);
  const sending = usePending({ formAction: "/admin/orders/courier", intent: "send", state: "submitting" });
  const redraw = () => update.current?.form?.requestSubmit(update.current);
  const canSend = choice.zoneId !== null && choice.weightValid;
  // What the price shown is for: "Send with Pathao" posts it, and the server redraws instead of
  // sending when the fields were changed since (without JavaScript nothing redraws on a change).
  const weightKg = parseWeightKg(choice.weight);
  const shown =
    choice.price && choice.cityId !== null && choice.zoneId !== null && weightKg !== null
      ? priceKey({ cityId: choice.cityId, zoneId: choice.zoneId, weightKg })
      : "";
  return (
    <Form
      method="get"
      action={back}
      preventScrollReset
      className="space-y-3 rounded-md border border-stone-200 p-3"
      data-testid="pathao-choice"
    >
      <fieldset className="space-y-3">
        <legend className="font-medium">{t("admin.pathao.placesLegend")}</legend>
        <input type="hidden" name={PATHAO_PARAMS.open} value="1" />
        <input type="hidden" name="order" value={orderId} />
        <input type="hidden" name="courier" value="pathao" />
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name={PATHAO_PARAMS.shown} value={shown} />
        {choice.source ? (
          <p className="text-sm text-stone-600" data-testid="pathao-source">
            {t(choice.source === "remembered" ? "admin.pathao.remembered" : "admin.pathao.suggested")}
          </p>
        ) : null}
        <label className="block text-sm">
          {t("admin.pathao.city")}
          <select
            name={PATHAO_PARAMS.city}
            defaultValue={choice.cityId ?? ""}
            className={select}
            onChange={hydrated ? redraw : undefined}
            data-testid="pathao-city"
          >
            <option value="">{t("admin.pathao.chooseCity")}</option>
            {choice.cities.map((city) => (
              <option key={city.id} value={city.id}>
                {city.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          {t("admin.pathao.zone")}
          <select
            name={PATHAO_PARAMS.zone}
            defaultValue={choice.zoneId ?? ""}
            disabled={choice.zones.length === 0}
            className={select}
            onChange={hydrated ? redraw : undefined}
            data-testid="pathao-zone"
          >
            <option value="">{t("admin.pathao.chooseZone")}</option>
            {choice.zones.map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          {t("admin.pathao.area")}
          <select
            name={PATHAO_PARAMS.area}
            defaultValue={choice.areaId ?? ""}
            disabled={choice.areas.length === 0}
            className={select}
            data-testid="pathao-area"
          >
            <option value="">{t("admin.pathao.noArea")}</option>
            {choice.areas.map((area) => (
              <option key={area.id} value={area.id}>
                {area.name}
                {area.homeDelivery ? "" : ` ${t("admin.pathao.noHomeDelivery")}`}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          {t("admin.pathao.weight")}
          <input
            name={PATHAO_PARAMS.weight}
            defaultValue={choice.weight}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={choice.weightValid ? undefined : true}
            aria-describedby={`pathao-weight-hint-${orderId}`}
            className={`${select} max-w-32`}
            data-testid="pathao-weight"
          />
          <span id={`pathao-weight-hint-${orderId}`} className="mt-1 block text-xs text-stone-600">
            {choice.weightValid ? t("admin.pathao.weightHint") : t("admin.pathao.weightInvalid")}
          </span>
        </label>
      </fieldset>
      <div aria-live="polite" className="text-sm">
        {choice.problem ? (
          <p role="alert" className="text-red-800" data-testid="pathao-problem">
            {choice.problem}
          </p>
        ) : null}
        {choice.price ? (
          <p data-testid="pathao-price">
            <span className="font-medium">
              {t("admin.pathao.price", { price: formatMoney(choice.price.finalPricePaisa, { lang }) })}
            </span>{" "}
            <span className="text-stone-600">
              {t("admin.pathao.priceDetail", { percent: formatDecimal(choice.price.codPercentage * 100, lang, 1) })}
            </span>
          </p>
        ) : choice.zoneId === null ? (
          <p className="text-stone-600">{t("admin.pathao.zoneRequired")}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          ref={update}
          type="submit"
          className="min-h-11 rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-50"
          data-testid="pathao-update"
        >
          {t("admin.pathao.update")}
        </button>
        {canSend ? (
          <button
            type="submit"
            name="intent"
            value="send"
            formMethod="post"
            formAction="/admin/orders/courier"
            disabled={sending}
            className="min-h-11 rounded-md bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-60"
            data-testid="pathao-send"
          >
            {sending ? t("admin.courier.sending") : t("admin.pathao.sendWith")}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

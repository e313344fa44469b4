import crypto from "node:crypto";
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { useLang, useLocalePath, useT } from "~/hooks/use-t";
import { langFromPath, registerCatalogue, translator, type MessageKey } from "~/i18n";
import { formatInteger, formatShopDateTime } from "~/i18n/format";
import { trackingMessages } from "~/i18n/tracking-messages";
import { getOrderForTracking } from "~/models/order.server";
import { getShopSettings } from "~/models/settings.server";
import { placeName, findDistrict } from "~/rules/districts";
import { formatMoney } from "~/rules/money";
import { parseOrderNumber } from "~/rules/order-number";
import { orderStatusLabel } from "~/rules/order-status";
import { normalizeBdMobile } from "~/rules/phone";
import { requestTranslator } from "~/server/i18n.server";
import { seoContextFor } from "~/server/http/seo.server";
import { returnTrackingFailure, takeTrackingLookup } from "./tracking-limit.server";
import { pageTitle, seoMeta } from "~/utils/seo";

// The tracking page's texts travel with its module, in both languages (decision 023).
registerCatalogue("en", trackingMessages.en);
registerCatalogue("bn", trackingMessages.bn);

/** Head tags built by the loader: a personal page, never indexed. */
export const meta: MetaFunction<typeof loader> = ({ data: loaderData, location }) =>
  loaderData?.meta ?? [
    { title: translator(langFromPath(location.pathname))("track.title") },
    { name: "robots", content: "noindex" },
  ];

/** The answer is personal (an order's items and status): never stored by any cache. */
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": "private, no-store",
  ...(loaderHeaders.has("Retry-After") ? { "Retry-After": loaderHeaders.get("Retry-After")! } : {}),
});

/** A phone compared when there is no order, so that a missing order costs the same work as a wrong phone. */
const NO_PHONE = "00000000000";

/**
 * Order tracking for shoppers without an account (GET `?order=&phone=`; works without JavaScript).
 * Without both fields: the empty form. With them: the order's status history, items and totals
 * when the pair matches; otherwise one "not found" answer (404), the same whether the number
 * exists or the phone is wrong, after the same work. Bad input: 400 with a message per field.
 * Lookups are limited per address and per order number (app/routes/_shop.orders.track/tracking-limit.server.ts):
 * 429 with Retry-After. What was typed is always given back to refill the form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = requestTranslator(request);
  const seo = await seoContextFor(request);
  const meta = seoMeta(seo, {
    title: pageTitle(t("track.title"), seo),
    description: seo.description,
    path: "/orders/track",
    robots: "noindex",
  });
  const typed = { order: url.searchParams.get("order") ?? "", phone: url.searchParams.get("phone") ?? "" };
  const answer = (
    status: number,
    body: { fieldErrors?: Partial<Record<"order" | "phone", string>>; formError?: string },
    init: HeadersInit = {},
  ) =>
    data(
      { meta, typed, order: null, fieldErrors: body.fieldErrors ?? {}, formError: body.formError ?? null },
      { status, headers: init },
    );

  if (!url.searchParams.has("phone")) return answer(200, {});
  const orderId = parseOrderNumber(typed.order);
  const phone = normalizeBdMobile(typed.phone);
  const fieldErrors: Partial<Record<"order" | "phone", string>> = {};
  if (orderId === null) fieldErrors.order = typed.order.trim() ? t("track.orderInvalid") : t("track.orderRequired");
  if (phone === null) fieldErrors.phone = typed.phone.trim() ? t("checkout.phoneInvalid") : t("checkout.phoneRequired");
  if (orderId === null || phone === null) return answer(400, { fieldErrors });

  const address = typeof context.clientAddress === "string" ? context.clientAddress : "unknown";
  const verdict = await takeTrackingLookup(address, orderId);
  if (!verdict.allowed) {
    const minutes = Math.max(1, Math.ceil(verdict.waitMs / 60_000));
    return answer(
      429,
      { formError: t("track.tooMany", { minutes, phone: (await getShopSettings()).phone }) },
      { "Retry-After": String(Math.ceil(verdict.waitMs / 1000)) },
    );
  }
  const order = await getOrderForTracking(orderId);
  const matches = samePhone(order?.customerPhone ?? NO_PHONE, phone) && order !== null;
  // The lookup was charged as a failure before the order was read; a match gives it back.
  if (!matches || !order) return answer(404, { formError: t("track.notFound") });
  await returnTrackingFailure(address, orderId);
  const { customerPhone: _phone, ...shown } = order;
  return data({ meta, typed, order: shown, fieldErrors: {}, formError: null }, { status: 200 });
}

/** Whether two phones (11 digits) are equal, in time that does not depend on where they differ. */
function samePhone(stored: string, typed: string): boolean {
  const a = Buffer.from(stored.padEnd(16, " ").slice(0, 16));
  const b = Buffer.from(typed.padEnd(16, " ").slice(0, 16));
  return crypto.timingSafeEqual(a, b);
}

const SHIPPING_LABELS: Record<string, MessageKey> = {
  "Inside Dhaka": "track.insideDhaka",
  "Outside Dhaka": "track.outsideDhaka",
};

/** /orders/track: the lookup form and, for a matching pair, the order. */
export default function TrackOrderPage() {
  const t = useT();
  const lang = useLang();
  const href = useLocalePath();
  const { typed, order, fieldErrors, formError } = useLoaderData<typeof loader>();
  const money = (paisa: number) => formatMoney(paisa, { lang });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-semibold">{t("track.title")}</h1>
      {order ? null : <p className="mt-2 text-stone-700">{t("track.intro")}</p>}
      {formError ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
          data-testid="track-error"
        >
          {formError}
        </p>
      ) : null}
      {order ? (
        <OrderDetails order={order} money={money} />
      ) : (
        <Form method="get" action={href("/orders/track")} className="mt-6 grid gap-4 sm:max-w-md" noValidate>
          <TrackField
            name="order"
            label={t("track.orderNumber")}
            hint={t("track.orderNumberHint")}
            defaultValue={typed.order}
            error={fieldErrors.order}
            inputMode="numeric"
          />
          <TrackField
            name="phone"
            label={t("track.phone")}
            defaultValue={typed.phone}
            error={fieldErrors.phone}
            inputMode="tel"
            autoComplete="tel"
          />
          <button
            type="submit"
            className="rounded-md bg-amber-700 px-5 py-2.5 font-medium text-white hover:bg-amber-800"
          >
            {t("track.submit")}
          </button>
        </Form>
      )}
      {order ? (
        <Link to={href("/orders/track")} className="mt-8 inline-block font-medium text-amber-800 underline">
          {t("track.another")}
        </Link>
      ) : null}
    </div>
  );
}

/** One labelled field of the lookup form, with its hint and its error tied to it for screen readers. */
function TrackField(props: {
  name: "order" | "phone";
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
        className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

type TrackedOrder = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["order"]>;

/** The order as the shopper may see it: status, history, items and totals, where it goes. */
function OrderDetails({ order, money }: { order: TrackedOrder; money: (paisa: number) => string }) {
  const t = useT();
  const lang = useLang();
  const district = order.district ? findDistrict(order.district) : null;
  const place = [order.area, district ? placeName(district, lang) : order.district].filter(Boolean).join(", ");
  const method = SHIPPING_LABELS[order.shippingMethod];
  return (
    <article className="mt-6 space-y-6" data-testid="tracked-order">
      <header>
        <h2 className="text-2xl font-semibold">{t("track.orderHeading", { id: order.id })}</h2>
        <p className="mt-1 text-stone-700">
          {t("track.placedOn", { date: formatShopDateTime(new Date(order.createdAt), lang), name: order.customerName })}
        </p>
        {place ? <p className="text-stone-700">{t("track.deliverTo", { place })}</p> : null}
        <p className="mt-3 flex items-center gap-2">
          <span className="font-medium">{t("track.currentStatus")}:</span> <OrderStatusBadge status={order.status} />
        </p>
      </header>

      <section aria-labelledby="track-history">
        <h3 id="track-history" className="mb-2 text-lg font-semibold">
          {t("track.history")}
        </h3>
        <ol className="space-y-1 border-l-2 border-amber-200 pl-4" data-testid="track-history">
          {order.statusChanges.map((entry, index) => (
            <li key={entry.id}>
              <span className="font-medium">
                {index === 0
                  ? t("track.historyPlaced")
                  : t("track.historyChanged", { status: orderStatusLabel(entry.toStatus, t) })}
              </span>{" "}
              <time dateTime={new Date(entry.createdAt).toISOString()} className="text-sm text-stone-600">
                {formatShopDateTime(new Date(entry.createdAt), lang)}
              </time>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="track-items">
        <h3 id="track-items" className="mb-2 text-lg font-semibold">
          {t("track.items")}
        </h3>
        <table className="w-full text-left text-sm">
          <thead className="border-b border-stone-200 text-stone-600">
            <tr>
              <th scope="col" className="py-2">
                {t("track.product")}
              </th>
              <th scope="col" className="py-2 text-right">
                {t("track.unitPrice")}
              </th>
              <th scope="col" className="py-2 text-right">
                {t("track.quantity")}
              </th>
              <th scope="col" className="py-2 text-right">
                {t("track.subtotal")}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id} className="border-b border-stone-100" data-testid="track-item">
                <td className="py-2">{item.productName}</td>
                <td className="py-2 text-right">{money(item.unitPricePaisa)}</td>
                <td className="py-2 text-right">{formatInteger(item.quantity, lang)}</td>
                <td className="py-2 text-right">{money(item.subtotalPaisa)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="pt-3 text-right font-medium">
                {t("track.subtotal")}
              </th>
              <td className="pt-3 text-right">{money(order.subtotalPaisa)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="text-right font-medium">
                {t("track.shipping", { method: method ? t(method) : order.shippingMethod })}
              </th>
              <td className="text-right">{money(order.shippingFeePaisa)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3} className="text-right text-base font-semibold">
                {t("track.total")}
              </th>
              <td className="text-right text-base font-semibold" data-testid="track-total">
                {money(order.totalPaisa)}
              </td>
            </tr>
          </tfoot>
        </table>
      </section>
    </article>
  );
}

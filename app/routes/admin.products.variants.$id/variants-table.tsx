import { Form } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import type { VariantEditor } from "~/models/catalogue/product-variants.server";
import { formatInteger } from "~/i18n/format";
import { formatTakaInput } from "~/rules/money";
import { MAX_SKU_LENGTH } from "~/rules/variants";
import { variantField, type VariantPart } from "./fields";
import type { Refill } from "./options-form";

const INPUT = "block min-h-11 w-full min-w-0 rounded-md border border-stone-300 px-2 py-1.5";
/**
 * Labels are seen on the cards of a phone; on a wide screen the column headings say it and the
 * inputs carry their own names. A card has two fields a row: the label takes the room a longer
 * neighbour's label leaves, so that the two inputs line up.
 */
const CARD_LABEL = "block grow text-xs font-medium text-stone-600 md:sr-only";
const CELL = "flex min-w-0 flex-col px-0 py-1 md:table-cell md:px-2 md:py-2 md:align-top";

/**
 * Step 2: the variants table, one row per combination (a card of two fields a row on a phone), with its SKU, price,
 * discounted price (taka), stock (units; only when the product tracks stock, with the count the
 * page showed in `stockSeen`), picture (only when the product has pictures to choose from; none
 * sent is the product's first) and active flag; each input named for screen readers with
 * the variant's label ("Price for 56″ / Brown"). The shortcuts "Set all prices to" and "Set all
 * stocks to" are submit buttons with their own intent: they save the table with that amount
 * everywhere. Works without JavaScript. A refused form (`refill`) shows what was typed.
 */
export function VariantsTable({ editor, refill }: { editor: VariantEditor; refill: Refill }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const saving = usePending({ intent: (intent) => intent !== "options", state: "submitting" });
  const { variants, images, product } = editor;
  if (variants.length === 0) return <p className="text-stone-600">{t("admin.variants.noVariants")}</p>;
  const typed = (name: string, stored: string) => (refill ? (refill.values[name] ?? "") : stored);
  const errorOf = (name: string) => refill?.fieldErrors[name];
  const pictures = [
    { value: "", label: t("admin.variants.firstPicture") },
    ...images.map((image) => ({
      value: String(image.imageId),
      label: t("admin.variants.pictureNumber", { number: image.number }),
    })),
  ];

  return (
    <Form method="post" noValidate className="space-y-4" aria-labelledby="variants-title">
      {/* Enter in a field submits with the form's first button: this one saves the table as typed (not a shortcut). */}
      <button type="submit" name="intent" value="variants" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t("admin.variants.save")}
      </button>
      <h2 id="variants-title" className="text-xl font-semibold">
        {t("admin.variants.step2")}
      </h2>
      {product.trackStock ? null : <p className="text-sm text-stone-600">{t("admin.variants.untracked")}</p>}

      <div className="flex flex-wrap gap-4 rounded-lg border border-stone-200 bg-white p-4">
        <Shortcut
          name="allPrice"
          label={t("admin.variants.setAllPrices")}
          button={t("admin.variants.applyPrices")}
          intent="all-prices"
          inputMode="decimal"
          defaultValue={refill?.values.allPrice ?? ""}
          error={errorOf("allPrice")}
        />
        {product.trackStock ? (
          <Shortcut
            name="allStock"
            label={t("admin.variants.setAllStocks")}
            button={t("admin.variants.applyStocks")}
            intent="all-stocks"
            inputMode="numeric"
            defaultValue={refill?.values.allStock ?? ""}
            error={errorOf("allStock")}
          />
        ) : null}
      </div>

      <table className="block w-full md:table md:rounded-lg md:border md:border-stone-200 md:bg-white">
        <thead className="hidden md:table-header-group">
          <tr className="border-b border-stone-200 text-left text-sm">
            <th scope="col" className="px-2 py-2">
              {t("admin.variants.colVariant")}
            </th>
            <th scope="col" className="px-2 py-2">
              {t("admin.variants.sku")}
            </th>
            <th scope="col" className="px-2 py-2">
              {t("admin.variants.price")}
            </th>
            <th scope="col" className="px-2 py-2">
              {t("admin.variants.discountedPrice")}
            </th>
            {product.trackStock ? (
              <th scope="col" className="px-2 py-2">
                {t("admin.variants.stock")}
              </th>
            ) : null}
            {images.length > 0 ? (
              <th scope="col" className="px-2 py-2">
                {t("admin.variants.picture")}
              </th>
            ) : null}
            <th scope="col" className="px-2 py-2">
              {t("admin.variants.active")}
            </th>
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0">
          {variants.map((variant) => {
            const label = (lang === "bn" ? variant.labelBn : variant.label) || t("admin.variants.defaultVariant");
            const name = (part: VariantPart) => variantField(variant.id, part);
            const field = (part: VariantPart, stored: string) => ({
              id: name(part),
              name: name(part),
              defaultValue: typed(name(part), stored),
              "aria-invalid": errorOf(name(part)) ? true : undefined,
              "aria-describedby": errorOf(name(part)) ? `${name(part)}-error` : undefined,
            });
            return (
              <tr
                key={variant.id}
                data-testid="variant-row"
                className="grid grid-cols-2 gap-x-3 rounded-lg border border-stone-200 bg-white p-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0"
              >
                <th
                  scope="row"
                  className="col-start-1 row-start-1 self-center pb-1 text-left font-semibold md:table-cell md:px-2 md:py-2 md:align-top"
                >
                  <input type="hidden" name="variant" value={variant.id} />
                  <span data-testid="variant-label">{label}</span>
                  {variant.hasOrders ? (
                    <span className="block text-xs font-normal text-stone-600">{t("admin.variants.hasOrders")}</span>
                  ) : null}
                </th>
                <td className={CELL}>
                  <label htmlFor={name("sku")} className={CARD_LABEL}>
                    {t("admin.variants.sku")}
                  </label>
                  <input
                    {...field("sku", variant.sku ?? "")}
                    aria-label={t("admin.variants.skuFor", { label })}
                    maxLength={MAX_SKU_LENGTH * 2}
                    className={`${INPUT} font-mono`}
                    translate="no"
                    autoComplete="off"
                  />
                  <FieldError id={`${name("sku")}-error`} message={errorOf(name("sku"))} />
                </td>
                <td className={CELL}>
                  <label htmlFor={name("price")} className={CARD_LABEL}>
                    {t("admin.variants.price")}
                  </label>
                  <input
                    {...field("price", formatTakaInput(variant.pricePaisa, lang))}
                    aria-label={t("admin.variants.priceFor", { label })}
                    inputMode="decimal"
                    className={INPUT}
                  />
                  <FieldError id={`${name("price")}-error`} message={errorOf(name("price"))} />
                </td>
                <td className={CELL}>
                  <label htmlFor={name("discountedPrice")} className={CARD_LABEL}>
                    {t("admin.variants.discountedPrice")}
                  </label>
                  <input
                    {...field("discountedPrice", formatTakaInput(variant.discountedPricePaisa, lang))}
                    aria-label={t("admin.variants.discountFor", { label })}
                    inputMode="decimal"
                    className={INPUT}
                  />
                  <FieldError id={`${name("discountedPrice")}-error`} message={errorOf(name("discountedPrice"))} />
                </td>
                {product.trackStock ? (
                  <td className={CELL}>
                    <label htmlFor={name("stock")} className={CARD_LABEL}>
                      {t("admin.variants.stock")}
                    </label>
                    <input
                      {...field("stock", formatInteger(variant.stockQuantity, lang))}
                      aria-label={t("admin.variants.stockFor", { label })}
                      inputMode="numeric"
                      className={INPUT}
                    />
                    <input
                      type="hidden"
                      name={name("stockSeen")}
                      value={typed(name("stockSeen"), String(variant.stockQuantity))}
                    />
                    <FieldError id={`${name("stock")}-error`} message={errorOf(name("stock"))} />
                  </td>
                ) : null}
                {images.length > 0 ? (
                  <td className={`${CELL} col-span-2`}>
                    <label htmlFor={name("imageId")} className={CARD_LABEL}>
                      {t("admin.variants.picture")}
                    </label>
                    <select
                      {...field("imageId", variant.imageId === null ? "" : String(variant.imageId))}
                      aria-label={t("admin.variants.pictureFor", { label })}
                      className={INPUT}
                    >
                      {pictures.map((picture) => (
                        <option key={picture.value} value={picture.value}>
                          {picture.label}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`${name("imageId")}-error`} message={errorOf(name("imageId"))} />
                  </td>
                ) : null}
                {/* On a phone's card, Active sits on the card's first line, beside the variant's name. */}
                <td className={`${CELL} col-start-2 row-start-1 items-end`}>
                  <label className="flex min-h-11 items-center gap-2 md:min-h-0 md:pt-2">
                    <input
                      type="checkbox"
                      name={name("active")}
                      defaultChecked={refill ? refill.values[name("active")] === "on" : variant.isActive}
                      aria-label={t("admin.variants.activeFor", { label })}
                      className="h-5 w-5"
                    />
                    <span className="text-sm md:sr-only">{t("admin.variants.active")}</span>
                  </label>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <SubmitButton pending={saving} pendingLabel={t("admin.variants.saving")} name="intent" value="variants">
        {t("admin.variants.save")}
      </SubmitButton>
    </Form>
  );
}

/** A shortcut: an amount and the button that saves the table with it in every row. */
function Shortcut({
  name,
  label,
  button,
  intent,
  inputMode,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  button: string;
  intent: string;
  inputMode: "decimal" | "numeric";
  defaultValue: string;
  error: string | undefined;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={name} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={name}
          name={name}
          inputMode={inputMode}
          defaultValue={defaultValue}
          className="min-h-11 w-32 rounded-md border border-stone-300 px-2 py-1.5"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
        />
        <button
          type="submit"
          name="intent"
          value={intent}
          className="min-h-11 rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium hover:bg-stone-50"
        >
          {button}
        </button>
      </div>
      <FieldError id={`${name}-error`} message={error} />
    </div>
  );
}

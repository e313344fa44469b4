/**
 * The cart page's quantity form (docs/decisions/011-optimistic-cart.md), kept apart from the other
 * cart forms so that only the cart page's JavaScript carries it.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLang, useLocalePath, useT } from "~/hooks/use-t";
import { localDigits } from "~/i18n/format";
import { quantityFieldType } from "~/components/quantity-stepper";
import { MAX_LINE_QUANTITY } from "~/rules/cart";
import { fetcherFormData, submitterIntent } from "./cart-forms";
import type { CartFetchResult } from "./cart-contract";
import { parseTypedQuantity } from "./optimistic-cart";
import { clearQuantityDraft, setQuantityDraft } from "./use-optimistic-cart";

/** How long the cart page waits after the last keystroke in a quantity field before sending, in ms. */
const QUANTITY_DEBOUNCE_MS = 500;

/** The id of the cart page's heading, which takes focus when a removed line disappears. */
export const CART_HEADING_ID = "cart-heading";

/**
 * A cart line's quantity field with its Update and Remove buttons (quantity
 * minimum 1). With JavaScript a typed quantity shows in the totals at once and is sent
 * QUANTITY_DEBOUNCE_MS after the last keystroke (at once on Enter, Update or leaving the field);
 * Remove hides the line at once and moves focus to the cart's heading. `quantity` is the line's
 * optimistic quantity; the field follows it when the server answers or a change rolls back.
 */
export function CartLineForm({
  variantId,
  productName,
  quantity,
}: {
  variantId: number;
  productName: string;
  quantity: number;
}) {
  const href = useLocalePath();
  const t = useT();
  const lang = useLang();
  // The quantity as the field shows it: in the page's digits (Bengali on a Bangla page).
  const shown = (units: number) => localDigits(String(units), lang);
  const fetcher = useFetcher<CartFetchResult>({ key: `cart-line-${variantId}` });
  const [text, setText] = useState(shown(quantity));
  const timer = useRef<number | undefined>(undefined);
  /** The change on its way ("update:3", "remove:"), until the fetcher is idle again. */
  const sending = useRef<string | null>(null);

  // The field follows the shown quantity (the server's answer, a rollback, a clamped value),
  // unless it holds something that cannot be sent yet (empty while retyping).
  useEffect(() => {
    setText((current) => {
      const typed = parseTypedQuantity(current);
      return typed === null || typed === quantity ? current : localDigits(String(quantity), lang);
    });
  }, [quantity, lang]);

  // Once the fetcher carries a quantity, the draft has done its job.
  useEffect(() => {
    if (fetcher.state !== "idle") clearQuantityDraft(variantId);
    else sending.current = null;
  }, [fetcher.state, variantId]);

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      clearQuantityDraft(variantId);
    },
    [variantId],
  );

  const send = (intent: "update" | "remove", value?: number) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    // Clicking Update right after typing first leaves the field (which sends the change) and then
    // submits: the same change is sent once; sending it again would abort the first request.
    const change = `${intent}:${value ?? ""}`;
    if (sending.current === change) return;
    sending.current = change;
    const fields: Record<string, string> = { intent, variantId: String(variantId) };
    if (value !== undefined) fields.quantity = String(value);
    fetcher.submit(fetcherFormData(fields, productName), { method: "post", action: href("/cart") });
  };

  const onChange = (value: string) => {
    setText(value);
    const typed = parseTypedQuantity(value);
    if (typed === null) return;
    setQuantityDraft(variantId, typed);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => send("update", typed), QUANTITY_DEBOUNCE_MS);
  };

  const onBlur = () => {
    const typed = parseTypedQuantity(text);
    if (typed === null) {
      setText(shown(quantity));
      clearQuantityDraft(variantId);
    } else if (timer.current !== undefined) {
      send("update", typed);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitterIntent(event) === "remove") {
      send("remove");
      document.getElementById(CART_HEADING_ID)?.focus();
      return;
    }
    const typed = parseTypedQuantity(text);
    if (typed === null) {
      // An update below 1 is ignored.
      window.clearTimeout(timer.current);
      timer.current = undefined;
      clearQuantityDraft(variantId);
      setText(shown(quantity));
      return;
    }
    send("update", typed);
  };

  return (
    <form method="post" action={href("/cart")} className="flex items-center gap-2" onSubmit={onSubmit}>
      <input type="hidden" name="variantId" value={variantId} />
      <label htmlFor={`qty-${variantId}`} className="sr-only">
        {t("cart.quantityLabel", { name: productName })}
      </label>
      <input
        id={`qty-${variantId}`}
        name="quantity"
        {...quantityFieldType(lang)}
        inputMode="numeric"
        min={1}
        max={MAX_LINE_QUANTITY}
        step={1}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        className="h-11 w-20 rounded-md border border-stone-300 px-2"
      />
      <button
        type="submit"
        name="intent"
        value="update"
        className="min-h-11 rounded-md border border-stone-300 px-3 text-sm hover:bg-stone-50"
      >
        {t("cart.update")}
      </button>
      <button
        type="submit"
        name="intent"
        value="remove"
        formNoValidate
        aria-label={t("cart.removeLabel", { name: productName })}
        className="min-h-11 rounded-md px-3 text-sm text-red-700 hover:bg-red-50"
      >
        {t("cart.remove")}
      </button>
    </form>
  );
}

import { Form, Link, useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useLang, useLocalePath, useT } from "~/hooks/use-t";
import { formatMoney, unitPricePaisa } from "~/rules/money";
import {
  normalizeSearchQuery,
  SEARCH_MAX_LENGTH,
  SUGGESTION_DEBOUNCE_MS,
  type ProductSuggestion,
  type SearchSuggestionsResponse,
} from "~/rules/search";
import { useHydrated } from "~/hooks/use-hydrated";

/** Where the search box asks for suggestions (app/routes/resources.search-suggestions.ts). */
const SUGGESTIONS_PATH = "/resources/search-suggestions";

type SearchBoxProps = {
  /** The input's id (the label points at it); the suggestion list's ids derive from it. */
  id: string;
  /** The text already searched for (e.g. the current `q`). */
  defaultValue?: string;
  /** Other GET parameters the search keeps, e.g. `{ category: 3, sort: "price-asc" }`; empty values are left out. */
  hiddenFields?: Record<string, string | number | null | undefined>;
  /** The visually hidden label of the field. */
  label?: string;
  /** "large" for the home hero, "compact" for the products page. */
  size?: "large" | "compact";
  className?: string;
};

/**
 * The product search box of the header and the listing. Without JavaScript it is a plain GET
 * form to `/products?q=…` (plus `hiddenFields`, such as category and sort), so results land on the
 * products page. With JavaScript it is also an ARIA 1.2 combobox: SUGGESTION_DEBOUNCE_MS (250 ms)
 * after the last keystroke it fetches at most 8 suggestions from SUGGESTIONS_PATH (named in the
 * page's language, "from ৳X" when a product's variants differ in price), each a link to
 * `/products/:id` in a listbox that scrolls at 15rem. ArrowDown/ArrowUp move through them (wrapping),
 * Enter opens the active one (or submits the search when none is active), Escape closes the list,
 * and a polite live region announces how many suggestions there are. A blank or whitespace-only
 * field clears the suggestions without a request. A newer keystroke aborts the request in flight,
 * and an answer that is not for the latest text is ignored, so a slow answer never overwrites a
 * newer one. A failed request leaves the list empty, with no message, and is only logged as a warning.
 */
export function SearchBox({
  id,
  defaultValue = "",
  hiddenFields = {},
  label,
  size = "large",
  className = "",
}: SearchBoxProps) {
  const t = useT();
  const lang = useLang();
  const href = useLocalePath();
  label ??= t("home.searchLabel");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;

  const [suggestions, setSuggestions] = useState<ProductSuggestion[]>([]);
  /** The query the current `suggestions` answer; "" when there is none. */
  const [answeredQuery, setAnsweredQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  /** The latest normalised text asked for; answers for any other text are stale. */
  const wanted = useRef("");

  /** Stops any pending or running request. */
  const cancelPending = useCallback(() => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);

  const clear = useCallback(() => {
    cancelPending();
    wanted.current = "";
    setSuggestions([]);
    setAnsweredQuery("");
    setAnnouncement("");
    close();
  }, [cancelPending, close]);

  // A new page (a search submitted, a suggestion opened) closes the list and forgets it.
  useEffect(() => clear, [location.key, clear]);

  // Keep the active option visible inside the scrolling list.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
    // optionId only depends on `id`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  async function fetchSuggestions(query: string) {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    let next: ProductSuggestion[] = [];
    try {
      const response = await fetch(`${SUGGESTIONS_PATH}?${new URLSearchParams({ q: query, lang })}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`search suggestions answered ${response.status}`);
      const body = (await response.json()) as SearchSuggestionsResponse;
      next = body.suggestions;
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn("Search suggestions failed", error);
    }
    if (controller.signal.aborted || wanted.current !== query) return;
    inFlight.current = null;
    setSuggestions(next);
    setAnsweredQuery(query);
    setActive(-1);
    setOpen(true);
    setAnnouncement(
      next.length === 0
        ? t("search.noSuggestions")
        : next.length === 1
          ? t("search.suggestionsCountOne")
          : t("search.suggestionsCount", { count: next.length }),
    );
  }

  function onInput(raw: string) {
    const query = normalizeSearchQuery(raw);
    if (!query) {
      clear();
      return;
    }
    if (query === wanted.current) return;
    wanted.current = query;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void fetchSuggestions(query), SUGGESTION_DEBOUNCE_MS);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const count = suggestions.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === "ArrowDown";
        setOpen(true);
        setActive((current) =>
          !open || current < 0 ? (down ? 0 : count - 1) : (current + (down ? 1 : count - 1)) % count,
        );
        return;
      }
      case "Enter": {
        const chosen = open && active >= 0 ? suggestions[active] : undefined;
        if (chosen) {
          event.preventDefault();
          close();
          navigate(href(`/products/${chosen.id}`));
        } else {
          // The form submits the search; no list should pop up over the results.
          cancelPending();
          close();
        }
        return;
      }
      case "Escape":
        if (open) {
          // Closing the list comes first; a second Escape clears the field (the browser's default).
          event.preventDefault();
          close();
        }
        return;
      case "Tab":
        close();
        return;
    }
  }

  const expanded = hydrated && open && answeredQuery !== "";
  const showList = expanded && suggestions.length > 0;
  const large = size === "large";

  return (
    <Form method="get" action={href("/products")} role="search" className={`flex gap-2 ${className}`}>
      {Object.entries(hiddenFields).map(([name, value]) =>
        value === null || value === undefined || value === "" ? null : (
          <input key={name} type="hidden" name={name} value={value} />
        ),
      )}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative w-full">
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue}
          placeholder={t("home.searchPlaceholder")}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          className={`w-full rounded-md border border-stone-300 bg-white ${large ? "px-4 py-2.5" : "min-h-11 px-3 text-sm"}`}
          {...(hydrated
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": showList,
                "aria-controls": listId,
                "aria-activedescendant": showList && active >= 0 ? optionId(active) : undefined,
              }
            : {})}
          onChange={(event) => onInput(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={close}
          onFocus={() => {
            if (suggestions.length > 0) setOpen(true);
          }}
        />
        {hydrated ? (
          <>
            <div
              id={listId}
              role="listbox"
              aria-label={t("search.suggestionsLabel")}
              hidden={!showList}
              // Keep focus in the field while a suggestion is clicked (the click still follows the link).
              onMouseDown={(event) => event.preventDefault()}
              className="absolute inset-x-0 top-full z-30 mt-1 max-h-60 overflow-y-auto rounded-md border border-stone-200 bg-white py-1 text-left shadow-lg"
            >
              {showList
                ? suggestions.map((suggestion, index) => (
                    <Link
                      key={suggestion.id}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      to={href(`/products/${suggestion.id}`)}
                      tabIndex={-1}
                      onMouseEnter={() => setActive(index)}
                      className={`flex items-center gap-3 px-3 py-2 text-sm text-stone-900 ${
                        index === active ? "bg-amber-100 outline outline-2 -outline-offset-2 outline-amber-700" : ""
                      }`}
                    >
                      {suggestion.thumbnail ? (
                        <img
                          src={suggestion.thumbnail.src}
                          width={suggestion.thumbnail.width}
                          height={suggestion.thumbnail.height}
                          alt=""
                          loading="lazy"
                          className="h-10 w-10 shrink-0 rounded object-cover"
                        />
                      ) : (
                        <span className="h-10 w-10 shrink-0 rounded bg-stone-100" aria-hidden="true" />
                      )}
                      <span className="line-clamp-2 min-w-0 flex-1">{suggestion.name}</span>
                      {/* Only the price a shopper pays ("from" the cheapest variant's when they differ):
                          the struck-through original is on the product page. */}
                      <span className="shrink-0 text-xs font-semibold text-stone-800">
                        {suggestion.priceVaries
                          ? t("product.from", { price: formatMoney(unitPricePaisa(suggestion), { lang }) })
                          : formatMoney(unitPricePaisa(suggestion), { lang })}
                      </span>
                    </Link>
                  ))
                : null}
            </div>
            {expanded && suggestions.length === 0 ? (
              <p className="absolute inset-x-0 top-full z-30 mt-1 rounded-md border border-stone-200 bg-white px-3 py-2 text-left text-sm text-stone-700 shadow-lg">
                {t("search.noMatches", { q: answeredQuery })}
              </p>
            ) : null}
          </>
        ) : null}
        <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
          {announcement}
        </div>
      </div>
      <button
        type="submit"
        className={`rounded-md bg-amber-700 font-medium text-white hover:bg-amber-800 ${
          large ? "min-h-11 px-5" : "min-h-11 px-4 text-sm"
        }`}
      >
        {t("home.searchButton")}
      </button>
    </Form>
  );
}

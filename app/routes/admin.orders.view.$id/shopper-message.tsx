/**
 * The order page's message for the shopper (app/rules/shopper-message.ts), to paste into Messenger
 * or an SMS: a read-only text box, selectable and copyable by hand without JavaScript; links to the
 * other language (plain links: `?message=en|bn`); and, with JavaScript, a "Copy" button that puts
 * the text on the clipboard and says "Copied" to screen readers too (a polite live region).
 */
import { Link } from "@remix-run/react";
import { useState } from "react";
import { useAdminT } from "~/hooks/use-admin-t";
import { useHydrated } from "~/hooks/use-hydrated";
import { AUTONYMS, LANGUAGES, type Lang } from "~/i18n";

export function ShopperMessage({ orderId, lang, text }: { orderId: number; lang: Lang; text: string }) {
  const t = useAdminT();
  const hydrated = useHydrated();
  const [status, setStatus] = useState<"" | "copied" | "failed">("");
  const copy = () => {
    // Browsers offer the clipboard only on secure pages (HTTPS or localhost).
    if (!navigator.clipboard) {
      setStatus("failed");
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => setStatus("copied"),
      () => setStatus("failed"),
    );
  };
  const linkClass = "inline-flex min-h-11 items-center rounded-md px-3 text-sm";
  return (
    <section
      className="rounded-lg border border-stone-200 bg-white p-5 print:hidden"
      aria-labelledby="message-heading"
      data-testid="shopper-message"
    >
      <h2 id="message-heading" className="mb-1 text-lg font-semibold">
        {t("admin.message.title")}
      </h2>
      <p id="message-hint" className="mb-3 text-sm text-stone-600">
        {t("admin.message.hint")}
      </p>
      <nav aria-label={t("admin.message.language")} className="mb-2 flex flex-wrap gap-2">
        {LANGUAGES.map((other) =>
          other === lang ? (
            <span
              key={other}
              lang={other}
              aria-current="true"
              className={`${linkClass} bg-stone-900 font-semibold text-white`}
            >
              {AUTONYMS[other]}
            </span>
          ) : (
            <Link
              key={other}
              lang={other}
              to={`/admin/orders/view/${orderId}?message=${other}`}
              preventScrollReset
              className={`${linkClass} border border-stone-300 underline-offset-4 hover:underline`}
              data-testid={`message-lang-${other}`}
            >
              {AUTONYMS[other]}
            </Link>
          ),
        )}
      </nav>
      <label htmlFor="shopper-message-text" className="sr-only">
        {t("admin.message.text")}
      </label>
      {/* As tall as the text where the browser sizes a field to its content; else a line per line, and more for wrapping. */}
      <textarea
        id="shopper-message-text"
        readOnly
        lang={lang}
        rows={text.split("\n").length + 2}
        value={text}
        aria-describedby="message-hint"
        className="w-full rounded-md border border-stone-300 bg-stone-50 p-3 text-sm [field-sizing:content]"
        data-testid="shopper-message-text"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {hydrated ? (
          <button
            type="button"
            onClick={copy}
            className="min-h-11 rounded-md bg-stone-900 px-4 text-sm font-medium text-white hover:bg-stone-700"
            data-testid="copy-message"
          >
            {t("admin.message.copy")}
          </button>
        ) : null}
        <p role="status" aria-live="polite" className="text-sm text-green-800" data-testid="copy-status">
          {status === "copied" ? t("admin.message.copied") : status === "failed" ? t("admin.message.copyFailed") : ""}
        </p>
      </div>
    </section>
  );
}

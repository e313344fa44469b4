import { useEffect, useMemo, useState } from "react";
import { translator, type Lang } from "~/i18n";
import type { Toast } from "~/utils/toast-message";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * A one-time message from the previous action (flash cookie). A polite live region, so screen
 * readers announce it; it stays in the page without JavaScript and can be dismissed with it (the
 * button appears only once JavaScript runs, since it would do nothing otherwise). `lang` is the
 * document's: on an admin page the staff member's, which the root renders this above.
 */
export function ToastMessage({ toast, lang }: { toast: Toast; lang: Lang }) {
  const t = useMemo(() => translator(lang), [lang]);
  const [open, setOpen] = useState(true);
  const hydrated = useHydrated();
  useEffect(() => setOpen(true), [toast]);
  if (!open) return null;
  const colours =
    toast.kind === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : toast.kind === "success"
        ? "border-emerald-300 bg-emerald-50 text-emerald-900"
        : "border-sky-300 bg-sky-50 text-sky-900";
  return (
    <div
      role={toast.kind === "error" ? "alert" : "status"}
      className={`mx-auto mt-3 flex max-w-6xl items-start justify-between gap-4 rounded-md border px-4 py-3 text-sm ${colours}`}
      data-testid="toast"
    >
      <p>{toast.message}</p>
      {hydrated ? (
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="-my-3 -mr-3 flex h-11 w-11 shrink-0 items-center justify-center font-semibold"
          aria-label={t("toast.dismiss")}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}

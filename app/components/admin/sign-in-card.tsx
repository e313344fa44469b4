import type { ReactNode } from "react";
import { AdminLangContext } from "~/hooks/admin-lang-context";
import type { Lang } from "~/i18n/lang";

/**
 * The frame of the pages before a session (the sign-in page and its second step): a card in the
 * middle of the page, in the sign-in page's language `lang` (its texts read it through useAdminT,
 * so they are rendered as `children`, inside it).
 */
export function SignInCard({ lang, children }: { lang: Lang; children: ReactNode }) {
  return (
    <AdminLangContext.Provider value={lang}>
      <main id="main" className="flex min-h-screen items-center justify-center bg-stone-100 px-4">
        <div className="w-full max-w-sm rounded-lg border border-stone-200 bg-white p-8 shadow-sm">{children}</div>
      </main>
    </AdminLangContext.Provider>
  );
}

/** A refused step's message above its form (nothing without one); `id` is what the fields' aria-describedby names. */
export function SignInAlert({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" id={id} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** The card's full-width submit button, showing `busyLabel` (and disabled) while its form is on its way. */
export function SignInButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-md bg-amber-700 px-4 py-2.5 font-semibold text-white hover:bg-amber-800 disabled:opacity-70"
    >
      {busy ? busyLabel : label}
    </button>
  );
}

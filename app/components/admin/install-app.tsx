/**
 * The back office's Install App offer, in two places:
 * - `InstallOffer`, a strip under the header bar, on the dashboard only (the layout decides, with
 *   `onDashboard`), with JavaScript only and until the staff member answers "Not now" (remembered
 *   in this browser's localStorage) or the app is installed;
 * - `InstallMenuEntry`, in the header's menu otherwise (always without JavaScript).
 * Either shows, when the browser offered an install prompt (`beforeinstallprompt`), a button that
 * shows it; otherwise a disclosure with the manual steps (iOS: share button then 'Add to Home
 * Screen'; elsewhere: browser menu then 'Install app' or 'Add to Home screen'), a native <details>
 * that works without JavaScript too; running installed (display-mode standalone, or iOS's
 * navigator.standalone), the menu says 'App Installed'.
 *
 * The prompt event can fire before React hydrates, so INSTALL_PROMPT_CAPTURE_SCRIPT (an inline
 * script with the CSP nonce, rendered by the admin layout) keeps it on `window.__haatInstallPrompt`.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useAdminT } from "~/hooks/use-admin-t";

/** Chromium's BeforeInstallPromptEvent (not in TypeScript's DOM library). */
type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

declare global {
  interface Window {
    __haatInstallPrompt?: InstallPromptEvent | null;
  }
  interface Navigator {
    /** iOS Safari: true when the page runs from the home screen. */
    standalone?: boolean;
  }
}

/** Keeps an early beforeinstallprompt for the component and tells it with a "haat:installprompt" event. */
export const INSTALL_PROMPT_CAPTURE_SCRIPT =
  'window.addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.__haatInstallPrompt=e;window.dispatchEvent(new Event("haat:installprompt"))});';

/** The localStorage key that remembers "Not now" ("1") in this browser. */
const INSTALL_DISMISSED_KEY = "haat:install-dismissed";

function runningInstalled(): boolean {
  return window.matchMedia("(display-mode: standalone)").matches || window.navigator.standalone === true;
}

/** localStorage can throw (storage disabled, private modes): then nothing is remembered. */
function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

/**
 * The install offer's state, shared by the header strip and the menu entry: whether the app runs
 * installed, the browser's install prompt (if it offered one), and whether the offer sits in the
 * header (`inHeader`: on the dashboard (`onDashboard`), JavaScript ran, not installed, not
 * dismissed); `install()` shows the prompt, `dismiss()` answers "Not now" for good in this browser.
 * Without JavaScript `inHeader` stays false.
 */
export function useInstallOffer(onDashboard: boolean) {
  const [installed, setInstalled] = useState(false);
  const [dismissed, setDismissed] = useState(true);
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    setDismissed(readDismissed());
    if (runningInstalled()) {
      setInstalled(true);
      return;
    }
    const take = () => setPrompt(window.__haatInstallPrompt ?? null);
    const onPrompt = (event: Event) => {
      event.preventDefault();
      window.__haatInstallPrompt = event as InstallPromptEvent;
      take();
    };
    const onInstalled = () => {
      window.__haatInstallPrompt = null;
      setPrompt(null);
      setInstalled(true);
    };
    take();
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("haat:installprompt", take);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("haat:installprompt", take);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  const install = async () => {
    if (!prompt) return;
    // A prompt can be shown once: forget it whatever the answer.
    window.__haatInstallPrompt = null;
    setPrompt(null);
    await prompt.prompt();
    const choice = await prompt.userChoice;
    if (choice.outcome === "accepted") setInstalled(true);
  };
  const dismiss = () => {
    try {
      window.localStorage.setItem(INSTALL_DISMISSED_KEY, "1");
    } catch {
      // Not remembered: the offer comes back on the next page load.
    }
    setDismissed(true);
  };
  return {
    installed,
    hasPrompt: prompt !== null,
    inHeader: onDashboard && !installed && !dismissed,
    install,
    dismiss,
  };
}

/** What the two places take: the offer's state from `useInstallOffer`. */
type Offer = ReturnType<typeof useInstallOffer>;

/** The strip under the header bar while the offer is open (JavaScript only): the offer and "Not now". */
export function InstallOffer({ offer }: { offer: Offer }) {
  const t = useAdminT();
  if (!offer.inHeader) return null;
  return (
    <div className="relative border-t border-stone-700 bg-stone-800" data-testid="install-offer">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p>{t("admin.shell.install.manualTitle")}</p>
        <div className="flex items-center gap-3">
          <InstallControl offer={offer} popover />
          <button
            type="button"
            onClick={offer.dismiss}
            className="min-h-11 rounded px-3 underline hover:bg-stone-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
          >
            {t("admin.shell.install.dismiss")}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The menu's install entry once the offer left the header (always without JavaScript). */
export function InstallMenuEntry({ offer }: { offer: Offer }) {
  const t = useAdminT();
  if (offer.inHeader) return null;
  if (offer.installed) {
    return (
      <p className="text-sm text-stone-300" data-testid="install-app" role="status">
        {t("admin.shell.install.installed")}
      </p>
    );
  }
  return <InstallControl offer={offer} />;
}

const INSTALL_BUTTON =
  "inline-flex min-h-11 cursor-pointer list-none items-center rounded bg-amber-800 px-3 text-sm font-medium text-white hover:bg-amber-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/**
 * Install App: the browser's prompt when it offered one, else the manual steps' disclosure, its
 * steps over the page just under the header strip (`popover`) or in the flow (in the menu).
 */
function InstallControl({ offer, popover = false }: { offer: Offer; popover?: boolean }) {
  const t = useAdminT();
  const details = useRef<HTMLDetailsElement>(null);
  if (offer.hasPrompt) {
    return (
      <button type="button" onClick={() => void offer.install()} data-testid="install-app" className={INSTALL_BUTTON}>
        {t("admin.shell.install.button")}
      </button>
    );
  }
  // Escape closes the open disclosure and returns focus to its summary.
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key === "Escape" && details.current?.open) {
      event.stopPropagation();
      details.current.open = false;
      details.current.querySelector("summary")?.focus();
    }
  };
  return (
    <details ref={details} data-testid="install-app" onKeyDown={onKeyDown}>
      <summary className={INSTALL_BUTTON}>{t("admin.shell.install.button")}</summary>
      <div
        className={`rounded-md border border-stone-200 bg-white p-4 text-sm text-stone-900 ${
          popover ? "absolute left-4 right-4 top-full z-40 mt-1 shadow-lg sm:left-auto sm:w-80" : "mt-2"
        }`}
        data-testid="install-steps"
      >
        <p className="font-semibold">{t("admin.shell.install.manualTitle")}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{withMenuNames(t, "admin.shell.install.ios")}</li>
          <li>{withMenuNames(t, "admin.shell.install.other")}</li>
        </ul>
      </div>
    </details>
  );
}

/**
 * The browser's own menu entries the install steps quote. Browsers name them in English whatever
 * the back office's language, so they are shown as the browser does, marked as English.
 */
const MENU_NAMES = {
  addToHomeScreenIos: "Add to Home Screen",
  addToHomeScreen: "Add to Home screen",
  installApp: "Install app",
} as const;

/** A placeholder no message contains, to split a translated step around the menu names. */
const MARK = "\u0001";

/**
 * The install step `key` in the staff member's language, with each placeholder named in MENU_NAMES
 * rendered as the quoted English menu name in a `lang="en"` span.
 */
function withMenuNames(t: ReturnType<typeof useAdminT>, key: "admin.shell.install.ios" | "admin.shell.install.other") {
  const params = Object.fromEntries(Object.keys(MENU_NAMES).map((name) => [name, `${MARK}${name}${MARK}`]));
  return t(key, params)
    .split(MARK)
    .map((part, index) =>
      index % 2 === 1 ? (
        <span key={index} lang="en" translate="no">
          {`'${MENU_NAMES[part as keyof typeof MENU_NAMES]}'`}
        </span>
      ) : (
        part
      ),
    );
}

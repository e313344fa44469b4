/**
 * The admin header's Install App control:
 * - when the browser offered an install prompt (`beforeinstallprompt`), a button that shows it;
 * - otherwise a disclosure with the manual steps (iOS: share button then 'Add to Home
 *   Screen'; elsewhere: browser menu then 'Install app' or 'Add to Home screen'), instead of the
 *   an alert box. It is a native <details>, so it works without JavaScript too;
 * - when running installed (display-mode standalone, or iOS's navigator.standalone): 'App Installed'.
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

function runningInstalled(): boolean {
  return window.matchMedia("(display-mode: standalone)").matches || window.navigator.standalone === true;
}

export function InstallApp() {
  const t = useAdminT();
  const [installed, setInstalled] = useState(false);
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
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

  if (installed) {
    return (
      <span className="rounded px-2 py-1 text-sm text-stone-200" data-testid="install-app" role="status">
        {t("admin.shell.install.installed")}
      </span>
    );
  }

  if (prompt) {
    const install = async () => {
      // A prompt can be shown once: forget it whatever the answer.
      window.__haatInstallPrompt = null;
      setPrompt(null);
      await prompt.prompt();
      const choice = await prompt.userChoice;
      if (choice.outcome === "accepted") setInstalled(true);
    };
    return (
      <button
        type="button"
        onClick={() => void install()}
        data-testid="install-app"
        className="rounded bg-amber-800 px-3 py-1 text-sm font-medium text-white hover:bg-amber-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {t("admin.shell.install.button")}
      </button>
    );
  }

  // Escape closes the open disclosure and returns focus to its summary.
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key === "Escape" && details.current?.open) {
      details.current.open = false;
      details.current.querySelector("summary")?.focus();
    }
  };

  return (
    <details ref={details} className="relative" data-testid="install-app" onKeyDown={onKeyDown}>
      <summary className="cursor-pointer list-none rounded bg-amber-800 px-3 py-1 text-sm font-medium text-white hover:bg-amber-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
        {t("admin.shell.install.button")}
      </summary>
      <div
        className="fixed left-4 right-4 top-14 z-30 rounded-md sm:absolute sm:left-auto sm:right-0 sm:top-full sm:mt-2 sm:w-72 border border-stone-200 bg-white p-4 text-sm text-stone-900 shadow-lg"
        data-testid="install-steps"
      >
        <p className="font-semibold">{t("admin.shell.install.manualTitle")}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t("admin.shell.install.ios")}</li>
          <li>{t("admin.shell.install.other")}</li>
        </ul>
      </div>
    </details>
  );
}

import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * While `busy` (work under way on the server, such as an import), the page looks again every
 * `everyMs` ms: with JavaScript by revalidating its loaders (no new page), without it by the
 * `<meta http-equiv="refresh">` this returns inside `<noscript>` (render it in the page).
 */
export function useRefreshWhile(busy: boolean, everyMs = 1500) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!busy) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, everyMs);
    return () => window.clearInterval(timer);
  }, [busy, everyMs, revalidator]);
  return busy ? (
    <noscript>
      <meta httpEquiv="refresh" content={String(Math.max(1, Math.round(everyMs / 1000)))} />
    </noscript>
  ) : null;
}

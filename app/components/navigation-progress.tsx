import { useNavigation } from "@remix-run/react";
import { useT } from "~/hooks/use-t";

/**
 * With JavaScript, a thin bar at the top of the page while a page loads or a form is being saved,
 * so a tap on a slow connection visibly did something; announced politely to screen readers.
 * Without JavaScript the browser's own loading indicator does this job.
 */
export function NavigationProgress() {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1">
      {busy ? (
        <>
          <div className="h-full w-full animate-pulse bg-amber-600" data-testid="navigation-progress" />
          <span className="sr-only">{t("nav.loading")}</span>
        </>
      ) : null}
    </div>
  );
}

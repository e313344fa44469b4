import { useNavigation } from "@remix-run/react";

/**
 * Whether a form of this page is on its way: the current navigation is a submission (any method
 * but GET) to `formAction` (default: any action) whose `intent` field is `intent` (default: any).
 * With `state: "non-idle"` (the default) it stays true while the page reloads after the action,
 * so a button cannot be pressed twice before the answer is on screen; `"submitting"` ends when the
 * action has answered. Without JavaScript there is no navigation state: the browser's own loading
 * indicator takes over, and the hook is simply false.
 */
export function usePending({
  formAction,
  intent,
  state = "non-idle",
}: {
  formAction?: string;
  intent?: string | ((intent: string) => boolean);
  state?: "submitting" | "non-idle";
} = {}): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || (state === "submitting" && navigation.state !== "submitting")) return false;
  if (!navigation.formMethod || navigation.formMethod.toUpperCase() === "GET") return false;
  if (formAction !== undefined && navigation.formAction !== formAction) return false;
  if (intent === undefined) return true;
  const sent = String(navigation.formData?.get("intent") ?? "");
  return typeof intent === "function" ? intent(sent) : sent === intent;
}

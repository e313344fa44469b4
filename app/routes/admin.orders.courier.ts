import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { orderSelectionSchema } from "~/forms/admin-schemas";
import { PATHAO_CHOICE_PARAMS as PATHAO_PARAMS, parseWeightKg, priceKey } from "~/rules/courier-places";
import {
  courierName,
  forgetOrderHandOff,
  refreshParcelStatuses,
  sendOrdersToCourier,
  type PathaoChoice,
} from "~/server/couriers/hand-off.server";
import { parseId } from "~/utils/params";
import { staffTranslator } from "~/server/admin-i18n.server";
import { requireAdmin, safeRedirect } from "~/server/auth/auth.server";
import { readFormData } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast-cookie.server";

/** GET has nothing to show: the list is where orders are chosen. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/orders");
}

/** Where to go after: `back` when it is the orders list (filters kept) or an order's page, else the list. */
function backTo(back: FormDataEntryValue | null): string {
  const path = safeRedirect(typeof back === "string" ? back : null, "/admin/orders");
  return /^\/admin\/orders(\/view\/\d+)?\/?(\?|$)/.test(path) ? path : "/admin/orders";
}

/**
 * POST /admin/orders/courier (docs/decisions/029-courier-hand-off.md), from the orders list's
 * selection or an order's page, then back with one message:
 * - `intent=send` with `order` ids: hands them to `courier` ("steadfast" or "pathao"; default: the
 *   shop's default courier); each accepted order is "shipped". From one order's page, Pathao's
 *   `pathao-city`, `pathao-zone`, `pathao-area` and `pathao-weight` say where the parcel goes, and
 *   `pathao-shown` what the price shown was for (other fields than that go back to the choice,
 *   redrawn with their price, unsent); a refusal then goes back to the order's Pathao choice, as
 *   chosen, to choose again;
 * - `intent=refresh`: asks the courier where the parcels are (`order` ids to ask about only those,
 *   else the ones unread longest, a few per click);
 * - `intent=forget` with one `order` id: forgets its hand-off (Pathao's cancelled pickup, or an
 *   answer that never came) so it can be sent again.
 * The courier unreachable, or refusing the keys, changes nothing and says so.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const t = staffTranslator(admin);
  const form = await readFormData(request);
  const back = backTo(form.get("back"));
  const intent = form.get("intent");
  const chosen = form.getAll("order").map(String);
  if (intent === "refresh") {
    const ids = chosen.length > 0 ? orderSelectionSchema(t).safeParse(chosen) : null;
    return redirectWithToast(request, back, await refreshParcelStatuses(admin, ids?.success ? ids.data : undefined));
  }
  if (intent === "forget") {
    const id = parseId(chosen[0] ?? "");
    if (id === null) return redirectWithToast(request, back, { kind: "error", message: t("error.generic") });
    return redirectWithToast(request, back, await forgetOrderHandOff(id, admin, context));
  }
  if (intent !== "send") return redirectWithToast(request, back, { kind: "error", message: t("error.generic") });
  const parsed = orderSelectionSchema(t).safeParse(chosen);
  if (!parsed.success) {
    return redirectWithToast(request, back, { kind: "error", message: parsed.error.issues[0]!.message });
  }
  const courier = courierName(form.get("courier"));
  const pathao = courier === "pathao" && form.has(PATHAO_PARAMS.city) ? pathaoChoiceOf(form) : undefined;
  if (pathao === null) {
    return redirectWithToast(request, choiceAgain(back, form), {
      kind: "error",
      message: t("admin.pathao.zoneRequired"),
    });
  }
  // The price staff saw was for other fields (edited without "Show zones, areas and price"):
  // show the price of what they chose now instead of sending.
  if (pathao && form.get(PATHAO_PARAMS.shown) !== priceKey(pathao)) {
    return redirectWithToast(request, choiceAgain(back, form), {
      kind: "info",
      message: t("admin.pathao.choiceChanged"),
    });
  }
  const toast = await sendOrdersToCourier(parsed.data, admin, context, { courier, pathao });
  return redirectWithToast(request, pathao && toast.kind === "error" ? choiceAgain(back, form) : back, toast);
}

/** Pathao's place and weight as one order's page posted them; null when the zone or weight is missing or wrong. */
function pathaoChoiceOf(form: FormData): PathaoChoice | null {
  const field = (name: string) => String(form.get(name) ?? "");
  const cityId = parseId(field(PATHAO_PARAMS.city));
  const zoneId = parseId(field(PATHAO_PARAMS.zone));
  const weightKg = parseWeightKg(field(PATHAO_PARAMS.weight) || "0.5");
  if (cityId === null || zoneId === null || weightKg === null) return null;
  return { cityId, zoneId, areaId: parseId(field(PATHAO_PARAMS.area)), weightKg };
}

/** The order's page with its Pathao choice open as posted, to choose again after a refusal. */
function choiceAgain(back: string, form: FormData): string {
  const query = new URLSearchParams({ [PATHAO_PARAMS.open]: "1" });
  for (const name of [PATHAO_PARAMS.city, PATHAO_PARAMS.zone, PATHAO_PARAMS.area, PATHAO_PARAMS.weight]) {
    const value = form.get(name);
    if (typeof value === "string" && value) query.set(name, value);
  }
  return `${back.split("?")[0]}?${query}`;
}

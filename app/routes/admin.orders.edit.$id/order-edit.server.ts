import { data } from "@remix-run/node";
import { orderAddSchema, orderEditSchema } from "~/forms/admin-schemas";
import { fieldErrorsFrom } from "~/forms/refusal";
import type { AdminTranslate } from "~/i18n/admin";
import type { AdminUser } from "~/models/auth/admin-user.server";
import { editOrder, type OrderEditResult } from "~/models/orders/order-edit.server";
import { getOrderForAdmin } from "~/models/orders/order-reads.server";
import { deliveryFees, getShopSettings } from "~/models/settings.server";
import { formatMoney } from "~/rules/money";
import { staffLanguage, staffTranslator } from "~/server/admin-i18n.server";
import { audit } from "~/server/audit.server";
import { redirectWithToast } from "~/server/toast-cookie.server";
import { EDIT_FIELDS, type OrderEditRefusal } from "./edit-fields";

/** The message of a refused edit, or null for an outcome that is not a refusal. */
function refusal(result: OrderEditResult, t: AdminTranslate): string | null {
  switch (result.outcome) {
    case "locked":
      return t("admin.edit.locked");
    case "conflict":
      return t("admin.edit.conflict");
    case "no-lines":
      return t("admin.edit.noLines");
    case "too-many-lines":
      return t("admin.edit.tooManyLines");
    case "quantity":
      return t("admin.edit.quantityInvalid");
    case "product-missing":
      return t("admin.edit.productMissing");
    case "out-of-stock": {
      const items = result.shortages.map((shortage) => t("admin.stock.shortageItem", shortage)).join(", ");
      return t("admin.edit.outOfStock", { items });
    }
    default:
      return null;
  }
}

/**
 * The edit form's action for order `id`, as `admin` from the request whose load context is
 * `context`. `intent=save`: the quantities (`quantity-<line id>`) and delivery details; `intent=add`: one
 * product and its quantity. Either is one edit (app/models/orders/order-edit.server.ts): totals recomputed
 * here, stock through the ledger, the history entry. Then the order page with the new total. A
 * refusal keeps what was typed (400 on this page); a conflict shows the order as it is now.
 */
export async function saveOrderEdit({
  request,
  context,
  admin,
  id,
  form,
}: {
  request: Request;
  context: unknown;
  admin: AdminUser;
  id: number;
  form: FormData;
}) {
  const t = staffTranslator(admin);
  const editUrl = `/admin/orders/edit/${id}`;
  const order = await getOrderForAdmin(id);
  if (!order) return redirectWithToast(request, "/admin/orders", { kind: "error", message: t("admin.order.notFound") });
  const values = Object.fromEntries([...form].map(([key, value]) => [key, String(value)]));
  const address = {
    customerAddress: order.customerAddress,
    area: order.area ?? "",
    district: order.district ?? "",
  };

  let editRequest: Parameters<typeof editOrder>[1];
  if (form.get("intent") === "add") {
    const parsed = orderAddSchema(t).safeParse(values);
    if (!parsed.success) {
      return redirectWithToast(request, editUrl, { kind: "error", message: parsed.error.issues[0]!.message });
    }
    editRequest = {
      version: parsed.data.version,
      quantities: new Map(),
      add: { variantId: parsed.data.variantId, quantity: parsed.data.quantity },
      address,
    };
  } else {
    const quantities = Object.fromEntries(
      Object.entries(values).flatMap(([key, value]) => {
        const match = /^quantity-(\d+)$/.exec(key);
        return match ? [[match[1]!, value]] : [];
      }),
    );
    const parsed = orderEditSchema(t).safeParse({ ...values, quantities });
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFrom(parsed.error, EDIT_FIELDS);
      return data<OrderEditRefusal>({ formError: t("admin.edit.fixErrors"), fieldErrors, values }, { status: 400 });
    }
    editRequest = {
      version: parsed.data.version,
      quantities: new Map(Object.entries(parsed.data.quantities).map(([line, quantity]) => [Number(line), quantity])),
      add: null,
      address: {
        customerAddress: parsed.data.address,
        area: parsed.data.area,
        district: parsed.data.district,
      },
    };
  }

  const result = await editOrder(id, editRequest, deliveryFees(await getShopSettings()), admin);
  if (result.outcome === "edited") {
    await audit(context, admin, {
      action: "order.edited",
      subjectType: "order",
      subjectId: id,
      summary: `${result.totalPaisa}`,
      details: { request: editRequest, totalPaisa: result.totalPaisa },
    });
    const total = formatMoney(result.totalPaisa, { lang: staffLanguage(admin) });
    return redirectWithToast(request, `/admin/orders/view/${id}`, {
      kind: "success",
      message: t("admin.edit.saved", { id, total }),
    });
  }
  if (result.outcome === "unchanged") {
    return redirectWithToast(request, `/admin/orders/view/${id}`, { kind: "info", message: t("admin.edit.unchanged") });
  }
  if (result.outcome === "not-found") {
    return redirectWithToast(request, "/admin/orders", { kind: "error", message: t("admin.order.notFound") });
  }
  const message = refusal(result, t) ?? t("error.generic");
  // A conflict or a locked order: the page again as it is now, the message on top.
  if (result.outcome === "conflict" || result.outcome === "locked" || form.get("intent") === "add") {
    return redirectWithToast(request, editUrl, { kind: "error", message });
  }
  return data<OrderEditRefusal>({ formError: message, fieldErrors: {}, values }, { status: 400 });
}

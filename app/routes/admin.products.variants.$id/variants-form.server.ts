/**
 * The action of the options and variants page: reads either form (plain POST, works without
 * JavaScript), saves through app/models/catalogue/product-variants.server.ts and turns its refusals into
 * messages beside the fields, in the staff member's language. A refusal gives back every typed
 * field so that the page refills itself; nothing is saved then.
 */
import type { AdminTranslate } from "~/i18n/admin";
import {
  ForeignVariantFormError,
  OptionsInvalidError,
  saveOptions,
  saveVariants,
  VariantProductMissingError,
  VariantRowsInvalidError,
  type VariantSaveProblem,
} from "~/models/catalogue/product-variants.server";
import type { StockActor } from "~/models/catalogue/stock.server";
import type { AuditAction } from "~/rules/audit-actions";
import { withoutControlCharacters } from "~/rules/control-characters";
import { MAX_SKU_LENGTH, type OptionInput, type OptionProblem, type VariantRowInput } from "~/rules/variants";
import { log } from "~/server/log.server";
import type { Toast } from "~/utils/toast-message";
import { parseId } from "~/utils/params";
import {
  ADD_FIELD,
  INTENTS,
  optionField,
  READ_OPTION_BLOCKS,
  READ_VALUE_ROWS,
  valueField,
  variantField,
  type VariantsIntent,
  withOneMore,
} from "./fields";

/**
 * A refused form: its status, a message per field (by field name), one for the form, and every
 * typed field. Status 200 is no refusal but the options form given back unsaved with one more
 * block or row (an Add button without JavaScript), with no messages.
 */
export type VariantsRefusal = {
  ok: false;
  status: 200 | 400 | 404 | 500;
  intent: VariantsIntent;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  formError: string;
};

/** A saved form: the page to show again, its message, and the audit trail's entry. */
export type VariantsSuccess = {
  ok: true;
  redirectTo: string;
  toast: Toast;
  saved: {
    action: AuditAction;
    subjectType: "product";
    subjectId: number;
    summary: string;
    details: Record<string, unknown>;
  };
};

/** Thrown while reading a form that names something that cannot be this product's (a malformed id). */
class MalformedFormError extends Error {}

/** The text of a form field without its control characters (rules/control-characters.ts), "" when absent or a file. */
function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? withoutControlCharacters(value) : "";
}

/** An id field: null when blank; a malformed one is a forged form. */
function idIn(form: FormData, name: string): number | null {
  const value = text(form, name).trim();
  if (value === "") return null;
  const id = parseId(value);
  if (id === null) throw new MalformedFormError(name);
  return id;
}

/**
 * The options the options form sent, in block order, blank blocks (no name and no values) and
 * blank value rows dropped, names and values trimmed; with the block and row index of each, to
 * put messages beside the right fields.
 */
export function readOptionsForm(form: FormData): { options: OptionInput[]; blocks: number[]; rows: number[][] } {
  const options: OptionInput[] = [];
  const blocks: number[] = [];
  const rows: number[][] = [];
  for (let block = 0; block < READ_OPTION_BLOCKS; block += 1) {
    const values: OptionInput["values"] = [];
    const valueRows: number[] = [];
    for (let row = 0; row < READ_VALUE_ROWS; row += 1) {
      const value = text(form, valueField(block, row, "value")).trim();
      const valueBn = text(form, valueField(block, row, "valueBn")).trim();
      if (value === "" && valueBn === "") continue;
      values.push({ id: idIn(form, valueField(block, row, "id")), value, valueBn });
      valueRows.push(row);
    }
    const name = text(form, optionField(block, "name")).trim();
    const nameBn = text(form, optionField(block, "nameBn")).trim();
    if (name === "" && nameBn === "" && values.length === 0) continue;
    options.push({ id: idIn(form, optionField(block, "id")), name, nameBn, values });
    blocks.push(block);
    rows.push(valueRows);
  }
  return { options, blocks, rows };
}

/**
 * The rows the variants form sent (`variant` lists the ids), with the shortcut of the intent
 * applied: "all-prices" puts `allPrice` in every price, "all-stocks" `allStock` in every stock.
 */
export function readVariantsForm(form: FormData, intent: VariantsIntent): VariantRowInput[] {
  return form.getAll("variant").map((raw) => {
    const id = parseId(typeof raw === "string" ? raw : "");
    if (id === null) throw new MalformedFormError("variant");
    return {
      id,
      sku: text(form, variantField(id, "sku")),
      price: intent === "all-prices" ? text(form, "allPrice") : text(form, variantField(id, "price")),
      discountedPrice: text(form, variantField(id, "discountedPrice")),
      stock: intent === "all-stocks" ? text(form, "allStock") : text(form, variantField(id, "stock")),
      stockSeen: text(form, variantField(id, "stockSeen")),
      imageId: text(form, variantField(id, "imageId")),
      active: text(form, variantField(id, "active")) === "on",
    };
  });
}

/** The message of an options problem, and the field it goes beside ("" for the form's own message). */
function optionMessage(
  problem: OptionProblem,
  blocks: number[],
  rows: number[][],
  t: AdminTranslate,
): [field: string, message: string] {
  switch (problem.code) {
    case "tooManyOptions":
      return ["", t("admin.variants.error.tooManyOptions", { max: problem.max })];
    case "tooManyVariants":
      return ["", t("admin.variants.error.tooManyVariants", { count: problem.count, max: problem.max })];
    case "optionNameMissing":
      return [optionField(blocks[problem.option]!, "name"), t("admin.variants.error.optionNameMissing")];
    case "optionNameTooLong":
      return [
        optionField(blocks[problem.option]!, "name"),
        t("admin.variants.error.optionNameTooLong", { max: problem.max }),
      ];
    case "optionNameTwice":
      return [
        optionField(blocks[problem.option]!, "name"),
        t("admin.variants.error.optionNameTwice", { name: problem.name }),
      ];
    case "optionNoValues":
      return [valueField(blocks[problem.option]!, 0, "value"), t("admin.variants.error.optionNoValues")];
    case "tooManyValues":
      return [
        optionField(blocks[problem.option]!, "name"),
        t("admin.variants.error.tooManyValues", { max: problem.max }),
      ];
    case "valueMissing":
      return [
        valueField(blocks[problem.option]!, rows[problem.option]![problem.value]!, "value"),
        t("admin.variants.error.valueMissing"),
      ];
    case "valueTooLong":
      return [
        valueField(blocks[problem.option]!, rows[problem.option]![problem.value]!, "value"),
        t("admin.variants.error.valueTooLong", { max: problem.max }),
      ];
    case "valueTwice":
      return [
        valueField(blocks[problem.option]!, rows[problem.option]![problem.value]!, "value"),
        t("admin.variants.error.valueTwice", { value: problem.text }),
      ];
  }
}

/** The message of a variants-table problem. */
function rowMessage(
  problem: VariantSaveProblem,
  row: VariantRowInput | undefined,
  stockNow: Record<number, number>,
  t: AdminTranslate,
) {
  const sku = row?.sku.trim() ?? "";
  switch (problem.code) {
    case "skuTooLong":
      return t("admin.variants.error.skuTooLong", { max: MAX_SKU_LENGTH });
    case "skuTwice":
      return t("admin.variants.error.skuTwice", { sku });
    case "skuTaken":
      return t("admin.variants.error.skuTaken", { sku });
    case "stockChanged":
      return t("admin.variants.error.stockChanged", { count: stockNow[problem.variantId] ?? 0 });
    default:
      return t(`admin.variants.error.${problem.code}`);
  }
}

/**
 * Handles a POST of the page for the product `productId` by `actor` (messages in `t`, the staff
 * member's language): `intent` "options" saves the options and generates the combinations;
 * "variants" saves the table; "all-prices" / "all-stocks" save it with every price / stock set to
 * the shortcut's amount. A form sent with an Add button (`add`) saves nothing: the options form
 * comes back as typed with one more option block or value row (status 200, `withOneMore`).
 *
 * @returns success (back to this page, with a toast and the audit entry), or a refusal: 400 for
 *   invalid fields or a forged form (an option, value or variant id that is not this product's;
 *   nothing written), 404 when the product is gone, 500 when the database write failed (logged).
 */
export async function handleVariantsForm(
  form: FormData,
  productId: number,
  t: AdminTranslate,
  actor: StockActor,
): Promise<VariantsSuccess | VariantsRefusal> {
  const sentIntent = text(form, "intent");
  const intent: VariantsIntent = (INTENTS as readonly string[]).includes(sentIntent)
    ? (sentIntent as VariantsIntent)
    : "variants";
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "variant") values[name] = value;
  const refuse = (
    status: VariantsRefusal["status"],
    formError: string,
    fieldErrors: Record<string, string> = {},
  ): VariantsRefusal => ({ ok: false, status, intent, values, fieldErrors, formError });
  const back = `/admin/products/variants/${productId}`;
  const add = text(form, ADD_FIELD);
  if (add !== "") {
    delete values[ADD_FIELD];
    return {
      ok: false,
      status: 200,
      intent: "options",
      values: withOneMore(values, add),
      fieldErrors: {},
      formError: "",
    };
  }

  try {
    if (intent === "options") {
      const { options, blocks, rows } = readOptionsForm(form);
      try {
        const saved = await saveOptions(productId, options, actor);
        return {
          ok: true,
          redirectTo: back,
          toast: {
            kind: "success",
            message: t("admin.variants.optionsSaved", { name: saved.productName, count: saved.combinations }),
          },
          saved: {
            action: "product.variants-updated",
            subjectType: "product",
            subjectId: productId,
            summary: saved.productName,
            details: {
              options: options.map(
                (option) => `${option.name}: ${option.values.map((value) => value.value).join(", ")}`,
              ),
              combinations: saved.combinations,
              created: saved.created,
              retired: saved.retired,
              removed: saved.removed,
            },
          },
        };
      } catch (error) {
        if (!(error instanceof OptionsInvalidError)) throw error;
        const fieldErrors: Record<string, string> = {};
        const formErrors: string[] = [];
        for (const problem of error.problems) {
          const [field, message] = optionMessage(problem, blocks, rows, t);
          if (field === "") formErrors.push(message);
          else fieldErrors[field] ??= message;
        }
        return refuse(400, [t("admin.variants.fixErrors"), ...formErrors].join(" "), fieldErrors);
      }
    }

    const allField = intent === "all-prices" ? "allPrice" : intent === "all-stocks" ? "allStock" : null;
    if (allField && text(form, allField).trim() === "") {
      return refuse(400, t("admin.variants.fixErrors"), { [allField]: t("admin.variants.shortcutMissing") });
    }
    const rows = readVariantsForm(form, intent);
    try {
      const saved = await saveVariants(productId, rows, actor);
      return {
        ok: true,
        redirectTo: back,
        toast: { kind: "success", message: t("admin.variants.variantsSaved", { name: saved.productName }) },
        saved: {
          action: "product.variants-updated",
          subjectType: "product",
          subjectId: productId,
          summary: saved.productName,
          details: { variants: saved.updated, stockChanges: saved.stockChanges },
        },
      };
    } catch (error) {
      if (!(error instanceof VariantRowsInvalidError)) throw error;
      const fieldErrors: Record<string, string> = {};
      for (const problem of error.problems) {
        const part = problem.field === "price" && allField === "allPrice" ? null : problem.field;
        const row = rows.find((candidate) => candidate.id === problem.variantId);
        const message = rowMessage(problem, row, error.stockNow, t);
        if (allField && (problem.field === "price" || problem.field === "stock") && problem.code !== "stockChanged") {
          fieldErrors[allField] ??= message;
        }
        if (part) fieldErrors[variantField(problem.variantId, part === "stock" ? "stock" : part)] ??= message;
      }
      // A count that changed meanwhile: the page now shows (and compares with) the current one.
      for (const [id, count] of Object.entries(error.stockNow))
        values[variantField(Number(id), "stockSeen")] = String(count);
      return refuse(400, t("admin.variants.fixErrors"), fieldErrors);
    }
  } catch (error) {
    if (error instanceof MalformedFormError || error instanceof ForeignVariantFormError) {
      return refuse(400, t("admin.variants.forged"));
    }
    if (error instanceof VariantProductMissingError) return refuse(404, t("admin.variants.notFound"));
    log.error({ err: error, productId }, "Saving a product's options or variants failed");
    return refuse(500, t("admin.variants.saveFailed"));
  }
}

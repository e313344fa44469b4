import type { ReactNode, Ref } from "react";
import { Form } from "@remix-run/react";
import { usePending } from "~/hooks/use-pending";
import { AdminField, FormAlert } from "./form-field";
import { SubmitButton } from "./submit-button";

/** The mark a sentence carries where the key's last characters go (`t(key, { hint: KEY_HINT_MARK })`). */
export const KEY_HINT_MARK = "\u0001";

/**
 * A provider account's saved keys on an owner's page (the courier's, bKash's): `sentence` (a
 * translated text with KEY_HINT_MARK where the key's last characters `hint` go, shown as a code),
 * `savedBy` and `extra` under it, `unreadable` as an alert when set, and the two buttons that post
 * `intent=check` and `intent=remove` to the page (`intentPrefix` before each, for a page with two
 * accounts: "pathao-check").
 */
export function SavedKeys({
  sentence,
  hint,
  savedBy,
  extra,
  unreadable,
  labels,
  intentPrefix = "",
}: {
  sentence: string;
  hint: string;
  savedBy: string | null;
  extra?: ReactNode;
  unreadable: string | null;
  labels: { check: string; checking: string; remove: string };
  intentPrefix?: string;
}) {
  const checking = usePending({ intent: `${intentPrefix}check`, state: "submitting" });
  const removing = usePending({ intent: `${intentPrefix}remove`, state: "submitting" });
  return (
    <>
      <p className="mt-2">
        {sentence.split(KEY_HINT_MARK).map((part, index) =>
          index === 0 ? (
            part
          ) : (
            // The key's last characters, as stored: a code, not words to translate.
            <span key={index}>
              <code translate="no" className="font-mono">
                {hint}
              </code>
              {part}
            </span>
          ),
        )}
        {extra}
        {savedBy ? <span className="block text-sm text-stone-600">{savedBy}</span> : null}
      </p>
      {unreadable ? (
        <p role="alert" className="mt-2 font-medium text-red-700">
          {unreadable}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value={`${intentPrefix}check`} />
          <SubmitButton pending={checking} pendingLabel={labels.checking} look="secondary">
            {labels.check}
          </SubmitButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={`${intentPrefix}remove`} />
          <SubmitButton pending={removing} look="danger-outline">
            {labels.remove}
          </SubmitButton>
        </Form>
      </div>
    </>
  );
}

/** One key field of a `KeysForm`. */
export type KeyFieldSpec<Field extends string> = {
  name: Field;
  label: string;
  hint?: string;
  /** What is typed shows as dots (a secret, or a key the owner would rather not show). */
  password?: boolean;
  /** In the page's font rather than a monospace one (a username, not a key). */
  plain?: boolean;
};

/**
 * The form that adds or replaces a provider account's keys (the courier's, bKash's, the SMS
 * gateway's), posting `intent` to the page: a heading (`titles.replace` when `account.configured`, else
 * `titles.add`), the refusal's alert (its `formError`, else `fixErrors`), the `fields` (each a
 * required `KeyField` of at most `maxLength` characters, id `idPrefix` + name, its error from the
 * refusal and its value from `kept`, the values a refused save gives back: never a secret's), then
 * `children`, then the save button with `submit.saving` while it is on its way.
 * `account.updatedAt` (when the keys were last saved) keys the form, so each save brings a new,
 * empty one.
 * `level` 2: a card of its own with an h2; 3: the last part of the account's card, under a rule,
 * with an h3. `titleId` names the form by its heading; `formRef` reaches the form element.
 */
export function KeysForm<Field extends string>({
  account,
  titles,
  level = 2,
  titleId,
  intent,
  refusal,
  fixErrors,
  fields = [],
  kept,
  maxLength = 200,
  idPrefix = "",
  submit,
  formRef,
  children,
}: {
  account: { configured: boolean; updatedAt: string | Date | null };
  titles: { add: string; replace: string };
  level?: 2 | 3;
  titleId?: string;
  intent: string;
  refusal: { formError?: string; fieldErrors: Partial<Record<Field, string>> } | null | undefined;
  fixErrors: string;
  fields?: readonly KeyFieldSpec<Field>[];
  kept?: Partial<Record<Field, string>>;
  maxLength?: number;
  idPrefix?: string;
  submit: { label: string; saving: string };
  formRef?: Ref<HTMLFormElement>;
  children?: ReactNode;
}) {
  const saving = usePending({ intent, state: "submitting" });
  const title = account.configured ? titles.replace : titles.add;
  return (
    // A new form after each save: the keys typed are never left in the page.
    <Form
      key={account.updatedAt ? String(account.updatedAt) : "none"}
      ref={formRef}
      method="post"
      noValidate
      className={
        level === 2
          ? "space-y-4 rounded-lg border border-stone-200 bg-white p-5"
          : "space-y-4 border-t border-stone-200 pt-4"
      }
      aria-labelledby={titleId}
    >
      {level === 2 ? (
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
      ) : (
        <h3 id={titleId} className="font-semibold">
          {title}
        </h3>
      )}
      <input type="hidden" name="intent" value={intent} />
      <FormAlert message={refusal ? (refusal.formError ?? fixErrors) : undefined} refusal={refusal} />
      {fields.map((field) => (
        <KeyField
          key={field.name}
          {...field}
          id={idPrefix ? `${idPrefix}${field.name}` : undefined}
          value={kept?.[field.name] ?? ""}
          maxLength={maxLength}
          error={refusal?.fieldErrors[field.name]}
        />
      ))}
      {children}
      <SubmitButton pending={saving} pendingLabel={submit.saving} look="primary-small">
        {submit.label}
      </SubmitButton>
    </Form>
  );
}

/**
 * One key field: required unless `required` is false, never spell-checked, and the browser is not
 * offered it to remember (keys are written, never read back). `password` shows what is typed as
 * dots; `plain` drops the monospace font; `value` is what it starts with ("" for a secret, which is
 * never given back); `translate="no"` marks a value not to be translated. `id` defaults to `name`.
 */
export function KeyField({
  name,
  id,
  label,
  hint,
  password,
  plain,
  value,
  maxLength,
  required = true,
  translate,
  error,
}: KeyFieldSpec<string> & {
  id?: string;
  value: string;
  maxLength: number;
  required?: boolean;
  translate?: "no";
  error: string | undefined;
}) {
  return (
    <AdminField
      name={name}
      id={id}
      label={label}
      hint={hint}
      type={password ? "password" : "text"}
      // Keys are written, never read back: the browser is not offered them to remember.
      autoComplete="off"
      spellCheck={false}
      translate={translate}
      maxLength={maxLength}
      required={required}
      inputClassName={plain ? "" : "font-mono"}
      defaultValue={value}
      error={error}
    />
  );
}

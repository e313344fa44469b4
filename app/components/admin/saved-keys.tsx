import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { usePending } from "~/hooks/use-pending";
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

/**
 * One order event's part of the SMS texts form: on or off, its English and Bangla texts each with
 * its length as the phone counts it and a preview filled with sample values, the placeholders it
 * may use, and a box to go back to the default texts. The server draws the counts; with JavaScript
 * they follow the owner's typing (smsParts runs in the browser too).
 */
import { useState } from "react";
import { AdminCheckbox, Fieldset } from "~/components/admin/form-field";
import { describedBy, FieldHelp } from "~/components/field-error";
import type { FieldErrors } from "~/forms/refusal";
import { useAdminT } from "~/hooks/use-admin-t";
import { useHydrated } from "~/hooks/use-hydrated";
import type { MessageKey } from "~/i18n/admin";
import type { Lang } from "~/i18n/lang";
import { DEFAULT_SMS_TEMPLATES, EVENT_PLACEHOLDERS, MAX_SMS_PARTS, type OrderSmsEvent } from "~/rules/sms";
import { previewSms, type SmsSampleValues } from "~/rules/sms-samples";
import type { TemplateFormValue, TemplateTextField } from "./templates-form.server";

/** The label of each language's text. */
const TEXT_LABELS: Record<Lang, MessageKey> = { en: "admin.smsTemplates.textEn", bn: "admin.smsTemplates.textBn" };

/**
 * One text of an event: the textarea, its length (its hint, so a screen reader hears it with the
 * field) with a note when it is over the limit or an English text goes as Unicode, and the preview. `readOnly` while the defaults are asked for (with JavaScript only: without
 * it the box cannot be unticked and the field freed again).
 */
function SmsTextField({
  id,
  lang,
  text,
  readOnly,
  samples,
  error,
  onText,
}: {
  id: TemplateTextField;
  lang: Lang;
  text: string;
  readOnly: boolean;
  samples: SmsSampleValues;
  error: string | undefined;
  onText: (text: string) => void;
}) {
  const t = useAdminT();
  const preview = previewSms(text, samples);
  const { characters, parts, encoding } = preview.length;
  const over = parts > MAX_SMS_PARTS;
  const length = t("admin.smsTemplates.length", {
    characters,
    parts,
    encoding: t(`admin.smsTemplates.encoding.${encoding}`),
  });
  // Under the length, when it needs saying: over the limit, or an English text sent as Unicode
  // (which costs more than its owner may expect).
  const note = over
    ? t("admin.smsTemplates.overLimit", { max: MAX_SMS_PARTS })
    : lang === "en" && encoding === "UCS-2"
      ? t("admin.smsTemplates.unicodeWhy")
      : null;
  const noteId = `${id}-note`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {t(TEXT_LABELS[lang])}
      </label>
      <textarea
        id={id}
        name={id}
        rows={4}
        value={text}
        onChange={(event) => onText(event.currentTarget.value)}
        readOnly={readOnly}
        maxLength={1000}
        lang={lang}
        // The owner's own words: a browser's page translation must leave them as typed.
        translate="no"
        aria-invalid={error ? true : undefined}
        aria-describedby={[describedBy(id, length, error), note ? noteId : null].filter(Boolean).join(" ")}
        className={`mt-1 block min-h-11 w-full rounded-md border border-stone-300 px-3 py-2 ${readOnly ? "bg-stone-100" : ""}`}
      />
      <FieldHelp id={id} hint={length} error={error} />
      {note ? (
        <p id={noteId} className={`mt-1 text-xs ${over ? "font-medium text-red-700" : "text-stone-600"}`}>
          {note}
        </p>
      ) : null}
      <div className="mt-2 rounded-md bg-stone-50 p-3">
        <p className="text-xs font-medium uppercase tracking-wide text-stone-600">{t("admin.smsTemplates.preview")}</p>
        <p
          lang={lang}
          translate="no"
          className="mt-1 whitespace-pre-wrap break-words text-sm"
          data-testid={`sms-preview-${id}`}
        >
          {preview.text}
        </p>
      </div>
    </div>
  );
}

/** The placeholders `event` may use, each with what it stands for; open when one of its texts was refused. */
function Placeholders({ event, open }: { event: OrderSmsEvent; open: boolean }) {
  const t = useAdminT();
  return (
    <details open={open} className="rounded-md border border-stone-200">
      <summary className="min-h-11 cursor-pointer px-3 py-3 text-sm font-medium text-amber-800">
        {t("admin.smsTemplates.placeholders")}
      </summary>
      <dl className="space-y-2 px-3 pb-3 text-sm">
        {EVENT_PLACEHOLDERS[event].map((name) => (
          <div key={name}>
            <dt>
              <code translate="no" className="font-mono text-amber-900">{`{${name}}`}</code>
            </dt>
            <dd className="text-stone-600">{t(`admin.smsTemplates.placeholder.${name}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * An order event's fieldset (id `sms-<event>`). `value` is what the form shows (saved or as typed
 * in a refused save), `errors` the refused save's messages, `samples` each language's sample values.
 */
export function TemplateFieldset({
  event,
  value,
  errors,
  samples,
}: {
  event: OrderSmsEvent;
  value: TemplateFormValue;
  errors: FieldErrors<TemplateTextField>;
  samples: Record<Lang, SmsSampleValues>;
}) {
  const t = useAdminT();
  const hydrated = useHydrated();
  const [texts, setTexts] = useState({ en: value.en, bn: value.bn });
  const [restore, setRestore] = useState(value.restore);
  // With JavaScript, asking for the defaults shows them (read-only) until the box is unticked.
  const showDefaults = hydrated && restore;
  const shown = showDefaults ? DEFAULT_SMS_TEMPLATES[event] : texts;
  const refused = errors[`${event}-en`] !== undefined || errors[`${event}-bn`] !== undefined;
  return (
    <Fieldset id={`sms-${event}`} legend={t(`admin.smsTemplates.event.${event}`)}>
      <p className="-mt-2 text-sm text-stone-600">{t(`admin.smsTemplates.when.${event}`)}</p>
      <AdminCheckbox name={`${event}-enabled`} label={t("admin.smsTemplates.enabled")} defaultChecked={value.enabled} />
      {(["en", "bn"] as const).map((lang) => (
        <SmsTextField
          key={lang}
          id={`${event}-${lang}`}
          lang={lang}
          text={shown[lang]}
          readOnly={showDefaults}
          samples={samples[lang]}
          error={errors[`${event}-${lang}`]}
          onText={(text) => setTexts((before) => ({ ...before, [lang]: text }))}
        />
      ))}
      <Placeholders event={event} open={refused} />
      <AdminCheckbox
        name={`${event}-default`}
        label={t("admin.smsTemplates.restore")}
        hint={t("admin.smsTemplates.restoreHint")}
        defaultChecked={value.restore}
        onChecked={setRestore}
      />
    </Fieldset>
  );
}

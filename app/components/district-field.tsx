import { useMemo } from "react";
import type { Translate } from "~/i18n";
import type { Lang } from "~/i18n/lang";
import { districtGroups, placeName } from "~/rules/districts";
import { describedBy, FieldHelp } from "./field-error";

/**
 * The district field of the checkout and of the back office's order edit: a label, a select of the
 * 64 districts grouped by division (`<optgroup>`, names in `lang`) after a "choose" option, the
 * hint (when given) and the error, tied to the select for screen readers. The value posted is the
 * district's English name (rules/districts.ts). `t` is the page's translator (the shop's or the
 * back office's); `onChoose` receives the name picked (with JavaScript).
 */
export function DistrictField({
  id,
  t,
  lang,
  defaultValue,
  error,
  hint,
  autoComplete,
  selectClassName,
  onChoose,
}: {
  id: string;
  t: Translate;
  lang: Lang;
  defaultValue: string;
  error: string | undefined;
  hint?: string;
  autoComplete?: string;
  selectClassName: string;
  onChoose?: (district: string) => void;
}) {
  const groups = useMemo(() => districtGroups(lang), [lang]);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {t("checkout.district")}
      </label>
      <select
        id={id}
        name="district"
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        onChange={onChoose ? (event) => onChoose(event.currentTarget.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required
        className={selectClassName}
      >
        <option value="">{t("checkout.districtChoose")}</option>
        {groups.map(({ division, districts }) => (
          <optgroup key={division.id} label={t("checkout.divisionGroup", { division: placeName(division, lang) })}>
            {districts.map((district) => (
              <option key={district.id} value={district.name}>
                {placeName(district, lang)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <FieldHelp id={id} hint={hint} error={error} />
    </div>
  );
}

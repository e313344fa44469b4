/**
 * Getting around the long settings form on a phone (docs/decisions/045-settings-save-bar.md): jump
 * links to its sections at the top, and the save button in a bar that stays at the bottom of the
 * screen (CSS `position: sticky`, so without JavaScript too).
 */
import { SaveBar } from "~/components/admin/save-bar";
import { SubmitButton } from "~/components/admin/submit-button";
import type { FieldErrors } from "~/forms/refusal";
import { useAdminT } from "~/hooks/use-admin-t";
import type { SettingsField } from "./settings-form.server";
import { sectionId, settingsSections, type SettingsSection } from "./settings-fieldsets";

/**
 * The sections as links to their fieldsets, in page order. After a refused save, a section with a
 * refused field (or, for the logo, a refused file) is marked red with a "!" and says so to screen
 * readers, so the owner finds the field to fix without scrolling through the whole form.
 */
export function SettingsSectionLinks({
  errors,
  fileErrors,
}: {
  errors: FieldErrors<SettingsField>;
  fileErrors: readonly string[];
}) {
  const t = useAdminT();
  const refused = (section: SettingsSection) =>
    section === "logo"
      ? fileErrors.length > 0
      : settingsSections[section].fields.some((field: SettingsField) => Boolean(errors[field]));
  return (
    <nav aria-labelledby="settings-sections-title">
      <h2 id="settings-sections-title" className="text-sm font-medium text-stone-600">
        {t("admin.settings.sections")}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {(Object.keys(settingsSections) as SettingsSection[]).map((section) => {
          const marked = refused(section);
          return (
            <li key={section}>
              <a
                href={`#${sectionId(section)}`}
                data-refused={marked || undefined}
                className={`inline-flex min-h-11 items-center gap-1 rounded-full border px-4 text-sm font-medium ${
                  marked
                    ? "border-red-400 bg-red-50 text-red-800"
                    : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"
                }`}
              >
                {t(settingsSections[section].legend)}
                {marked ? (
                  <>
                    <span aria-hidden="true" className="font-bold">
                      !
                    </span>
                    <span className="sr-only"> {t("admin.settings.sectionHasErrors")}</span>
                  </>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The form's one save button in a bar that sticks to the bottom of the screen; a line beside it says it saves every section. */
export function SettingsSaveBar({ saving }: { saving: boolean }) {
  const t = useAdminT();
  return (
    <SaveBar testId="settings-save-bar">
      <SubmitButton
        pending={saving}
        pendingLabel={t("admin.settings.saving")}
        look="primary-large"
        className="shrink-0"
      >
        {t("admin.settings.save")}
      </SubmitButton>
      <p className="min-w-0 text-sm text-stone-600">{t("admin.settings.saveHint")}</p>
    </SaveBar>
  );
}

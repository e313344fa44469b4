import { useLocation } from "@remix-run/react";
import { AUTONYMS, type Lang } from "~/i18n";

/**
 * A language switch without JavaScript: a plain POST form to `action` (/language, for the
 * storefront and before signing in) sending `lang` (the `other` language) and `next`
 * (this page's path and query), whose button names the other language in its own name, after
 * `label` for screen readers ("Read this page in" বাংলা). `className` and `testId` are the button's.
 */
export function LanguageSwitchForm({
  action,
  other,
  label,
  className,
  testId,
}: {
  action: string;
  other: Lang;
  label: string;
  className: string;
  testId: string;
}) {
  const location = useLocation();
  return (
    <form method="post" action={action}>
      <input type="hidden" name="lang" value={other} />
      <input type="hidden" name="next" value={`${location.pathname}${location.search}`} />
      <button type="submit" className={className} data-testid={testId}>
        <span className="sr-only">{label} </span>
        <span lang={other}>{AUTONYMS[other]}</span>
      </button>
    </form>
  );
}

import { NavLink } from "@remix-run/react";
import { useAdminT } from "~/hooks/use-admin-t";
import { AdminPageHeader } from "./page-header";

const SMS_PAGES = [
  { to: "/admin/sms", label: "admin.smsGateway.nav.gateway", end: true },
  { to: "/admin/sms/templates", label: "admin.smsGateway.nav.templates", end: false },
  { to: "/admin/sms/messages", label: "admin.smsGateway.nav.messages", end: false },
] as const;

/**
 * The SMS pages' own navigation, under each one's heading: the gateway, the texts, the messages
 * sent. Links (44 px tall), the current one marked for screen readers by NavLink's `aria-current`.
 */
function SmsNavigation() {
  const t = useAdminT();
  return (
    <nav aria-label={t("admin.smsGateway.nav.label")} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {SMS_PAGES.map((page) => (
          <li key={page.to}>
            <NavLink
              to={page.to}
              end={page.end}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
                  isActive
                    ? "border-amber-700 bg-amber-50 text-amber-900"
                    : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"
                }`
              }
            >
              {t(page.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An SMS page's heading block (`AdminPageHeader`, its `<h1>` labelled by `id`) with the SMS pages' navigation under it. */
export function SmsPageHeader({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div>
      <AdminPageHeader id={id} title={title} subtitle={subtitle} />
      <SmsNavigation />
    </div>
  );
}

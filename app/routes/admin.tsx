import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import {
  InstallMenuEntry,
  InstallOffer,
  INSTALL_PROMPT_CAPTURE_SCRIPT,
  useInstallOffer,
} from "~/components/admin/install-app";
import { useNonce } from "~/hooks/use-nonce";
import { renderedLocation } from "~/components/rendered-location";
import { AdminLangContext } from "~/hooks/admin-lang-context";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { adminTranslator } from "~/i18n/admin";
import { AUTONYMS, localePath, type Lang } from "~/i18n";
import { staffLanguage } from "~/server/admin-i18n.server";
import {
  ADMIN_APP_APPLE_TOUCH_ICON_URL,
  ADMIN_APP_MANIFEST_URL,
  ADMIN_APP_SCOPE,
  ADMIN_APP_SW_URL,
} from "~/utils/admin-app";
import { requireAdmin } from "~/server/auth/auth.server";
import { getShopSettings, shopIdentity } from "~/models/settings.server";
import { DashboardErrorBoundary } from "~/components/admin/admin-error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: adminTranslator(data?.adminLang ?? "en")("admin.title") },
  { name: "robots", content: "noindex" },
];

/** The installable admin app (docs/decisions/012-admin-app-and-dashboard.md). */
export const links: LinksFunction = () => [
  { rel: "manifest", href: ADMIN_APP_MANIFEST_URL },
  { rel: "apple-touch-icon", href: ADMIN_APP_APPLE_TOUCH_ICON_URL },
];

/**
 * The admin layout (navigation). Its check is not the protection: loaders run in parallel, so every
 * admin loader and action calls requireAdmin itself. The login page sits outside this layout, so a
 * header is only ever rendered for a signed-in user (nothing of the back office shows without one).
 * `adminLang` is the staff member's back-office language: every admin page below reads it through
 * AdminLangContext, and the root layout puts it on `<html lang>`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const adminLang = staffLanguage(user);
  // The shop's name in the staff member's language (its Bangla name, when the owner set one).
  return { user, shopName: shopIdentity(await getShopSettings(), adminLang).name, adminLang };
}

export default function AdminLayout() {
  const { adminLang } = useLoaderData<typeof loader>();
  return (
    <AdminLangContext.Provider value={adminLang}>
      <AdminShell />
    </AdminLangContext.Provider>
  );
}

function AdminShell() {
  const { user, shopName } = useLoaderData<typeof loader>();
  const t = useAdminT();
  const nonce = useNonce();
  const location = useLocation();
  // The install strip takes some 90 px of a phone's screen: the dashboard only has it.
  const offer = useInstallOffer(location.pathname === "/admin/dashboard");

  // The service worker only adds the offline page; if it cannot register, the admin works as before.
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register(ADMIN_APP_SW_URL, { scope: ADMIN_APP_SCOPE, updateViaCache: "none" })
      .catch(() => undefined);
  }, []);

  return (
    <div className="min-h-screen bg-stone-100">
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: INSTALL_PROMPT_CAPTURE_SCRIPT }}
      />
      <header className="bg-stone-900 text-white">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 xl:max-w-7xl">
          {/* The shop's name wraps rather than being cut; the menu holds the rest on a phone. The
              bar's links and Logout stay on one line, each whole: the name gives way to them (an owner's
              pages are under one entry), and from 1280 px the bar and the page below it widen together. */}
          <NavLink
            to="/admin/dashboard"
            className="min-w-0 flex-1 break-words py-1 font-semibold leading-snug hover:underline lg:flex-initial"
            data-testid="admin-home"
          >
            {t("admin.shell.nav.home", { shop: shopName })}
          </NavLink>
          <AdminNav
            owner={user.role === "owner"}
            inMenu={false}
            className="hidden flex-1 items-center justify-end gap-x-2 whitespace-nowrap lg:flex"
          />
          <div className="flex shrink-0 items-center gap-2">
            <AdminLanguageSwitch />
            <AdminMenu email={user.email} owner={user.role === "owner"} offer={offer} />
          </div>
        </div>
        <InstallOffer offer={offer} />
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 xl:max-w-7xl" data-location={renderedLocation(location)}>
        <Outlet />
      </main>
    </div>
  );
}

/**
 * The header's menu (a native <details>, so it opens without JavaScript): who is signed in (the
 * whole e-mail, never cut), the Account page, the navigation on narrow screens (below 1024 px; wide
 * ones have it in the bar), and the install entry once the offer left the header. Its toggle says
 * "Menu" on narrow screens and "Account" on wide ones, with the e-mail as its title.
 */
function AdminMenu({
  email,
  owner,
  offer,
}: {
  email: string;
  owner: boolean;
  offer: ReturnType<typeof useInstallOffer>;
}) {
  const t = useAdminT();
  const signedInAs = t("admin.signedInAs", { email });
  return (
    <details className="group relative" data-testid="admin-menu">
      <summary
        title={signedInAs}
        className="flex min-h-11 cursor-pointer list-none items-center rounded px-3 ring-1 ring-stone-500 hover:bg-stone-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <span className="lg:hidden">{t("admin.nav.menu")}</span>
        <span className="hidden lg:inline">{t("admin.nav.account")}</span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] space-y-3 rounded-md bg-stone-900 p-4 shadow-lg ring-1 ring-stone-700">
        <p className="break-all text-xs text-stone-300" data-testid="signed-in-as" translate="no">
          {signedInAs}
        </p>
        <NavLink to="/admin/account" className="hidden rounded px-1 hover:underline lg:inline-block">
          {t("admin.nav.account")}
        </NavLink>
        <AdminNav owner={owner} inMenu className="flex flex-col items-start gap-3 lg:hidden" />
        <InstallMenuEntry offer={offer} />
      </div>
    </details>
  );
}

/**
 * The navigation's pages; `owner` ones are shown to owners only (docs/decisions/033-staff-roles.md);
 * `menuOnly` ones only in the narrow screens' menu (wide screens reach the account page from the
 * "Signed in as" line); `grouped` ones sit under "Shop settings" in the wide screens' bar.
 */
const NAV_LINKS = [
  { to: "/admin/dashboard", label: "admin.shell.nav.dashboard", owner: false, menuOnly: false, grouped: false },
  { to: "/admin/products", label: "admin.nav.products", owner: false, menuOnly: false, grouped: false },
  { to: "/admin/categories", label: "admin.shell.nav.categories", owner: false, menuOnly: false, grouped: false },
  { to: "/admin/orders", label: "admin.nav.orders", owner: false, menuOnly: false, grouped: false },
  { to: "/admin/customers", label: "admin.nav.customers", owner: false, menuOnly: false, grouped: false },
  { to: "/admin/reports", label: "admin.nav.reports", owner: true, menuOnly: false, grouped: true },
  { to: "/admin/settings", label: "admin.nav.settings", owner: true, menuOnly: false, grouped: true },
  { to: "/admin/payments", label: "admin.nav.payments", owner: true, menuOnly: false, grouped: true },
  { to: "/admin/payouts", label: "admin.nav.payouts", owner: true, menuOnly: false, grouped: true },
  { to: "/admin/sms", label: "admin.nav.sms", owner: true, menuOnly: false, grouped: true },
  { to: "/admin/discounts", label: "admin.nav.discounts", owner: true, menuOnly: false, grouped: true },
  { to: "/admin/staff", label: "admin.nav.staff", owner: true, menuOnly: false, grouped: true },
  { to: "/admin/activity", label: "admin.nav.activity", owner: true, menuOnly: false, grouped: true },
  { to: "/admin/account", label: "admin.nav.account", owner: false, menuOnly: true, grouped: false },
] as const;

/**
 * The admin navigation: Dashboard, Products, Categories, Orders, Customers; for an owner Reports,
 * Settings, Payments, Payouts (the couriers' cash coming back), SMS, Discounts (campaign codes),
 * Staff and Activity; Account (in the menu), View shop, Logout. In the wide screens' bar an owner's
 * pages are grouped under "Shop settings" (a native <details>, so it opens without JavaScript):
 * thirteen links and the shop's name do not fit one line at 1024 px, not even with Reports alone
 * beside the orders (the dashboard links to the reports instead). The narrow screens' menu lists
 * them all.
 */
function AdminNav({ className, owner, inMenu }: { className: string; owner: boolean; inMenu: boolean }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const { pathname } = useLocation();
  const focusRing = "focus-visible:outline focus-visible:outline-2 focus-visible:outline-white";
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded px-1 ${focusRing} ${isActive ? "font-semibold underline underline-offset-4" : "hover:underline"}`;
  const shown = NAV_LINKS.filter((page) => (owner || !page.owner) && (inMenu || !page.menuOnly));
  // In the bar, an owner's pages sit under one entry.
  const grouped: (typeof NAV_LINKS)[number][] = inMenu ? [] : shown.filter((page) => page.grouped);
  const navLink = ({ to, label }: (typeof NAV_LINKS)[number]) => (
    <NavLink key={to} to={to} className={link}>
      {t(label)}
    </NavLink>
  );
  return (
    <nav aria-label={t("admin.nav.label")} className={className}>
      {shown.filter((page) => !grouped.includes(page)).map(navLink)}
      {grouped.length > 0 ? (
        <details className="relative" data-testid="shop-settings-nav">
          <summary
            className={`flex cursor-pointer list-none items-center gap-1 rounded px-1 ${focusRing} ${
              grouped.some((page) => pathname.startsWith(page.to))
                ? "font-semibold underline underline-offset-4"
                : "hover:underline"
            }`}
          >
            {t("admin.nav.shopSettings")}
            <span aria-hidden="true">▾</span>
          </summary>
          <div className="absolute right-0 z-30 mt-2 flex min-w-48 flex-col gap-1 rounded-md bg-stone-900 p-3 shadow-lg ring-1 ring-stone-700">
            {grouped.map((page) => (
              <NavLink
                key={page.to}
                to={page.to}
                className={(state) => `${link(state)} inline-flex min-h-11 items-center px-2`}
              >
                {t(page.label)}
              </NavLink>
            ))}
          </div>
        </details>
      ) : null}
      <a href={localePath(lang, "/")} className={`rounded px-1 hover:underline ${focusRing}`}>
        {t("admin.nav.viewShop")}
      </a>
      {/* Logout is a POST (it changes state); the action lands on /admin/login. */}
      <Form method="post" action="/admin/logout">
        <button type="submit" className={`rounded bg-stone-700 px-3 py-1 hover:bg-stone-600 ${focusRing}`}>
          {t("admin.nav.logout")}
        </button>
      </Form>
    </nav>
  );
}

/**
 * The header's language switch: a POST form to /admin/language (works without JavaScript) that
 * stores the staff member's choice and reloads this page in the other language.
 */
function AdminLanguageSwitch() {
  const t = useAdminT();
  const location = useLocation();
  const other: Lang = useAdminLang() === "en" ? "bn" : "en";
  return (
    <Form method="post" action="/admin/language">
      <input type="hidden" name="lang" value={other} />
      <input type="hidden" name="next" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className="min-h-11 rounded px-3 ring-1 ring-stone-500 hover:bg-stone-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        data-testid="admin-language-switch"
      >
        <span className="sr-only">{t("admin.nav.switchLanguage")} </span>
        <span lang={other}>{AUTONYMS[other]}</span>
      </button>
    </Form>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;

import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { InstallApp, INSTALL_PROMPT_CAPTURE_SCRIPT } from "~/components/admin/install-app";
import { useNonce } from "~/hooks/use-nonce";
import { renderedLocation } from "~/components/rendered-location";
import { AdminLangContext } from "~/hooks/admin-lang-context";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { adminTranslator } from "~/i18n/admin";
import { localePath, type Lang } from "~/i18n";
import { staffLanguage } from "~/server/admin-i18n.server";
import {
  ADMIN_APP_APPLE_TOUCH_ICON_URL,
  ADMIN_APP_MANIFEST_URL,
  ADMIN_APP_SCOPE,
  ADMIN_APP_SW_URL,
} from "~/utils/admin-app";
import { requireAdmin } from "~/server/auth/auth.server";
import { getShopSettings } from "~/models/settings.server";
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
  return { user, shopName: (await getShopSettings()).name, adminLang: staffLanguage(user) };
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
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <NavLink to="/admin/dashboard" className="block truncate font-semibold hover:underline">
              {t("admin.shell.nav.home", { shop: shopName })}
            </NavLink>
            {/* The account page's way in on wide screens; the menu lists it on narrow ones. */}
            <Link
              to="/admin/account"
              className="hidden truncate text-xs text-stone-300 hover:underline sm:block"
              data-testid="signed-in-as"
            >
              {t("admin.signedInAs", { email: user.email })}
            </Link>
          </div>
          <AdminNav owner={user.role === "owner"} inMenu={false} className="hidden items-center gap-4 lg:flex" />
          <div className="flex shrink-0 items-center gap-2">
            <AdminLanguageSwitch />
            <InstallApp />
            <details className="group relative lg:hidden" data-testid="admin-menu">
              <summary className="cursor-pointer list-none rounded px-3 py-1 ring-1 ring-stone-500 hover:bg-stone-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
                {t("admin.nav.menu")}
              </summary>
              <div className="absolute right-0 z-30 mt-2 w-60 rounded-md bg-stone-900 p-4 shadow-lg ring-1 ring-stone-700">
                <p className="mb-3 break-all text-xs text-stone-300">{t("admin.signedInAs", { email: user.email })}</p>
                <AdminNav owner={user.role === "owner"} inMenu className="flex flex-col items-start gap-3" />
              </div>
            </details>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8" data-location={renderedLocation(location)}>
        <Outlet />
      </main>
    </div>
  );
}

/**
 * The navigation's pages; `owner` ones are shown to owners only (docs/decisions/033-staff-roles.md);
 * `menuOnly` ones only in the narrow screens' menu (wide screens reach the account page from the
 * "Signed in as" line).
 */
const NAV_LINKS = [
  { to: "/admin/dashboard", label: "admin.shell.nav.dashboard", owner: false, menuOnly: false },
  { to: "/admin/products", label: "admin.nav.products", owner: false, menuOnly: false },
  { to: "/admin/categories", label: "admin.shell.nav.categories", owner: false, menuOnly: false },
  { to: "/admin/orders", label: "admin.nav.orders", owner: false, menuOnly: false },
  { to: "/admin/settings", label: "admin.nav.settings", owner: true, menuOnly: false },
  { to: "/admin/staff", label: "admin.nav.staff", owner: true, menuOnly: false },
  { to: "/admin/activity", label: "admin.nav.activity", owner: true, menuOnly: false },
  { to: "/admin/account", label: "admin.nav.account", owner: false, menuOnly: true },
] as const;

/**
 * The admin navigation: Dashboard, Products, Categories, Orders, then Settings,
 * Staff and Activity for an owner, Account (in the menu), View shop, Logout.
 */
function AdminNav({ className, owner, inMenu }: { className: string; owner: boolean; inMenu: boolean }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded px-1 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white ${
      isActive ? "font-semibold underline underline-offset-4" : "hover:underline"
    }`;
  return (
    <nav aria-label={t("admin.nav.label")} className={className}>
      {NAV_LINKS.filter((page) => (owner || !page.owner) && (inMenu || !page.menuOnly)).map(({ to, label }) => (
        <NavLink key={to} to={to} className={link}>
          {t(label)}
        </NavLink>
      ))}
      <a
        href={localePath(lang, "/")}
        className="rounded px-1 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
      >
        {t("admin.nav.viewShop")}
      </a>
      {/* Logout is a POST (it changes state); the action lands on /admin/login. */}
      <Form method="post" action="/admin/logout">
        <button
          type="submit"
          className="rounded bg-stone-700 px-3 py-1 hover:bg-stone-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
        >
          {t("admin.nav.logout")}
        </button>
      </Form>
    </nav>
  );
}

/** The autonym of each language: a language is always offered in its own name. */
const AUTONYMS: Record<Lang, string> = { en: "English", bn: "বাংলা" };

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
        className="rounded px-3 py-1 ring-1 ring-stone-500 hover:bg-stone-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        data-testid="admin-language-switch"
      >
        <span className="sr-only">{t("admin.nav.switchLanguage")} </span>
        <span lang={other}>{AUTONYMS[other]}</span>
      </button>
    </Form>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { t } from "~/i18n";
import { requireAdmin } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: t("admin.title") }, { name: "robots", content: "noindex" }];

/**
 * The admin layout (navigation). Its check is not the protection: loaders run in parallel, so every
 * admin loader and action calls requireAdmin itself. The login page sits outside this layout.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  return { user };
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-stone-100">
      <header className="bg-stone-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <span className="font-semibold">
            {t("admin.title")}{" "}
            <span className="ml-2 text-sm font-normal text-stone-400">
              {t("admin.signedInAs", { email: user.email })}
            </span>
          </span>
          <details className="group sm:hidden">
            <summary className="cursor-pointer rounded px-2 py-1 ring-1 ring-stone-600">{t("admin.nav.menu")}</summary>
            <AdminNav className="mt-2 flex flex-col gap-2" />
          </details>
          <AdminNav className="hidden items-center gap-5 sm:flex" />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}

function AdminNav({ className }: { className: string }) {
  const link = ({ isActive }: { isActive: boolean }) => (isActive ? "font-semibold underline" : "hover:underline");
  return (
    <nav aria-label={t("admin.nav.label")} className={className}>
      <NavLink to="/admin/products" className={link}>
        {t("admin.nav.products")}
      </NavLink>
      <NavLink to="/admin/orders" className={link}>
        {t("admin.nav.orders")}
      </NavLink>
      <a href="/" className="hover:underline">
        {t("admin.nav.viewShop")}
      </a>
      <Form method="post" action="/admin/logout">
        <button type="submit" className="rounded bg-stone-700 px-3 py-1 hover:bg-stone-600">
          {t("admin.nav.logout")}
        </button>
      </Form>
    </nav>
  );
}

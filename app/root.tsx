import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useNonce } from "~/hooks/use-nonce";
import { InlineStylesheet } from "~/components/inline-stylesheet";
import { NavigationProgress } from "~/components/navigation-progress";
import { ToastMessage } from "~/components/toast";
import { useLang, useT } from "~/hooks/use-t";
import { isLang, langOfRequest, localePath, type Lang } from "~/i18n";
import { cartQuantity } from "~/rules/cart";
import { getCart } from "~/server/cart/cart-cookie.server";
import { noteRenderedInputs } from "~/server/http/page-cache/page-notes.server";
import { getEnv } from "~/config/env.server";
import { getShopSettings, shopIdentity } from "~/models/settings.server";
import { publicOrigin } from "~/utils/seo";
import { readToast } from "~/server/toast-cookie.server";
import stylesheet from "./tailwind.css?url";
import { revalidateRootAfterAcceptedCartChange } from "~/utils/revalidation";

// In production the stylesheet is inlined in every page (InlineStylesheet below); in development
// it is a link, which Vite's hot reload replaces as you edit.
export const links: LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.shop.name ?? "haat" },
  { name: "description", content: data?.shop.tagline ?? "" },
];

/** See app/utils/revalidation.ts. */
export const shouldRevalidate = revalidateRootAfterAcceptedCartChange;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [lines, { toast, setCookie }, settings] = await Promise.all([
    getCart(request),
    readToast(request),
    getShopSettings(),
  ]);
  const cartCount = cartQuantity(lines);
  // The page cache stores this page only if it keyed it on the same badge (decision 036).
  noteRenderedInputs(context, { cartQuantity: cartCount });
  return data(
    {
      shop: shopIdentity(settings, langOfRequest(request)),
      cartCount,
      toast,
      year: new Date().getFullYear(),
      /** Absolute origin for canonical URLs, share previews and JSON-LD (~/utils/seo). */
      origin: publicOrigin(request, getEnv().PUBLIC_URL),
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

/** The root loader's data from any route (undefined inside an error boundary that replaced it). */
export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/**
 * The document's language: a storefront page's from its URL; an admin page's is the staff member's,
 * which the admin layout's (or sign-in page's) loader returns as `adminLang`. Layout and App sit
 * above the admin layout's AdminLangContext, so they read the loader data.
 */
function useDocumentLang(): Lang {
  const pageLang = useLang();
  const adminLang = useMatches()
    .map((match) => (match.data as { adminLang?: unknown } | undefined)?.adminLang)
    .find(isLang);
  return adminLang ?? pageLang;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const lang = useDocumentLang();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <InlineStylesheet />
      </head>
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const root = useRootData();
  const lang = useDocumentLang();
  return (
    <>
      <NavigationProgress />
      {root?.toast ? <ToastMessage toast={root.toast} lang={lang} /> : null}
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const t = useT();
  const lang = useLang();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // In the browser only: on the server, handleError (app/entry.server.tsx) has logged it already.
  if (!notFound && typeof document !== "undefined") console.error(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? t("error.notFoundTitle") : t("error.generic")}</h1>
      {notFound ? <p className="mt-2 text-stone-600">{t("error.notFoundBody")}</p> : null}
      <a
        href={localePath(lang, "/")}
        className="mt-6 inline-block rounded-md bg-amber-700 px-4 py-2 font-medium text-white"
      >
        {t("error.backHome")}
      </a>
    </main>
  );
}

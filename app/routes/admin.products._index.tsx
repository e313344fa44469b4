import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { t } from "~/i18n";
import { listProductsForAdmin } from "~/models/product.server";
import { requireAdmin } from "~/utils/auth.server";
import { parsePage } from "~/utils/pagination";
import { formatMoney } from "~/utils/money";

export const meta: MetaFunction = () => [{ title: t("admin.products.title") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { products: await listProductsForAdmin(parsePage(new URL(request.url).searchParams)) };
}

/** The admin product list (spec section 2: Name, Price with ৳, Category). Editing arrives with the full back office. */
export default function AdminProductsPage() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title" className="text-2xl font-semibold">
        {t("admin.products.title")}
      </h1>
      <p className="mb-6 text-stone-600">{t("admin.products.subtitle")}</p>
      {products.total === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 bg-white p-8 text-center">
          {t("admin.products.empty")}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-stone-50 text-stone-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t("admin.products.name")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.products.price")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.products.category")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("admin.products.featured")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {products.items.map((product) => (
                <tr key={product.id}>
                  <td className="px-4 py-3 font-medium">{product.name}</td>
                  <td className="px-4 py-3">
                    {formatMoney(product.pricePaisa)}
                    {product.discountedPricePaisa !== null ? (
                      <span className="ml-2 text-red-700">{formatMoney(product.discountedPricePaisa)}</span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3">{product.category?.name ?? t("admin.products.noCategory")}</td>
                  <td className="px-4 py-3">{product.isFeatured ? t("admin.products.isFeatured") : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={products.page} pageCount={products.pageCount} />
    </section>
  );
}

import { Outlet } from "@remix-run/react";
import { ShopLayout } from "~/components/shop-layout";
import { useRootData } from "~/root";

/**
 * The body of the storefront's pathless layout route in either language: header, main, footer
 * around every storefront page. The layout route modules themselves (_shop.tsx for English,
 * _shop.bn.layout.tsx for Bangla) only add their language's catalogue.
 */
export function ShopRoute() {
  const root = useRootData();
  if (!root) return <Outlet />;
  return (
    <ShopLayout shop={root.shop} cartCount={root.cartCount} year={root.year}>
      <Outlet />
    </ShopLayout>
  );
}

import { Outlet } from "@remix-run/react";
import { ShopLayout } from "~/components/shop-layout";
import { useRootData } from "~/root";

/** Pathless layout of every storefront page: header, main, footer (spec section 2). */
export default function ShopRoute() {
  const root = useRootData();
  if (!root) return <Outlet />;
  return (
    <ShopLayout shop={root.shop} cartCount={root.cartCount} year={root.year}>
      <Outlet />
    </ShopLayout>
  );
}

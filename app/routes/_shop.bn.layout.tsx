import { registerMessages } from "~/i18n";
import { bn } from "~/i18n/bn";
import { ShopRoute } from "./shop-route.layout";

// Every Bangla storefront page (under /bn, app/routes.ts) loads this layout module instead of
// _shop.tsx, so a Bangla page downloads the Bangla texts and not the English ones.
registerMessages("bn", bn);

/** Pathless layout of every Bangla storefront page. */
export default ShopRoute;

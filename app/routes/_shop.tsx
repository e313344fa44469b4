import { registerMessages } from "~/i18n";
import { en } from "~/i18n/en";
import { ShopRoute } from "./shop-route.layout";

// Every English storefront page loads this layout module, so the English texts load with it and
// only there (docs/decisions/023-languages-in-the-url.md).
registerMessages("en", en);

/** Pathless layout of every English storefront page. */
export default ShopRoute;

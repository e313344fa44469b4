/**
 * The back office's own messages, assembled from its areas (one module per area in this folder,
 * each `{ en, bn }` with the area's keys together): `enAdmin` and `bnAdmin` are every admin-only
 * key in one language. app/i18n/admin.ts adds them to the storefront's and the server's messages
 * for the back office's translator. A new area module is listed in ADMIN_AREAS; the messages
 * test (app/i18n/messages.test.ts) refuses an area module that is not, and two areas with a key
 * in common.
 */
import type { Bilingual } from "../bilingual";
import type { Lang } from "../lang";
import { accountMessages } from "./account";
import { activityMessages } from "./activity";
import { advanceMessages } from "./advance";
import { blocklistMessages } from "./blocklist";
import { categoriesMessages } from "./categories";
import { couriersMessages } from "./couriers";
import { customersMessages } from "./customers";
import { dashboardMessages } from "./dashboard";
import { discountsMessages } from "./discounts";
import { exportMessages } from "./export";
import { invoiceMessages } from "./invoice";
import { orderEditsMessages } from "./order-edits";
import { ordersMessages } from "./orders";
import { orderSourceMessages } from "./order-source";
import { pathaoMessages } from "./pathao";
import { paymentsMessages } from "./payments";
import { payoutsMessages } from "./payouts";
import { productsMessages } from "./products";
import { productCsvMessages } from "./product-csv";
import { reportChartsMessages } from "./report-charts";
import { reportsMessages } from "./reports";
import { settingsMessages } from "./settings";
import { shellMessages } from "./shell";
import { signInMessages } from "./sign-in";
import { smsGatewayMessages } from "./sms-gateway";
import { smsMessagesMessages } from "./sms-messages";
import { smsTemplatesMessages } from "./sms-templates";
import { staffMessages } from "./staff";
import { staffOrdersMessages } from "./staff-orders";
import { stockMessages } from "./stock";
import { uploadsMessages } from "./uploads";
import { variantsMessages } from "./variants";

/** The back office's areas, each in both languages, by module name. */
export const ADMIN_AREAS = {
  shell: shellMessages,
  "sign-in": signInMessages,
  account: accountMessages,
  dashboard: dashboardMessages,
  orders: ordersMessages,
  "order-source": orderSourceMessages,
  "order-edits": orderEditsMessages,
  advance: advanceMessages,
  stock: stockMessages,
  invoice: invoiceMessages,
  couriers: couriersMessages,
  payments: paymentsMessages,
  products: productsMessages,
  uploads: uploadsMessages,
  categories: categoriesMessages,
  settings: settingsMessages,
  activity: activityMessages,
  staff: staffMessages,
  blocklist: blocklistMessages,
  customers: customersMessages,
  export: exportMessages,
  variants: variantsMessages,
  "sms-gateway": smsGatewayMessages,
  "sms-templates": smsTemplatesMessages,
  "sms-messages": smsMessagesMessages,
  "product-csv": productCsvMessages,
  discounts: discountsMessages,
  "staff-orders": staffOrdersMessages,
  pathao: pathaoMessages,
  payouts: payoutsMessages,
  reports: reportsMessages,
  "report-charts": reportChartsMessages,
} as const satisfies Record<string, Bilingual<string>>;

/** A key of the back office's own messages (any area's). */
type AdminMessageKey = AreaKey<(typeof ADMIN_AREAS)[keyof typeof ADMIN_AREAS]>;
type AreaKey<Area> = Area extends Bilingual<infer Key> ? Key : never;

/** Every area's messages in `lang`, in one object (areas never share a key: the messages test (messages.test.ts)). */
function assemble(lang: Lang): Record<AdminMessageKey, string> {
  return Object.assign({}, ...Object.values(ADMIN_AREAS).map((area) => area[lang]));
}

/** The back office's English messages: every key only the admin uses. */
export const enAdmin = assemble("en");

/** The back office's Bangla messages: the same keys as `enAdmin`. */
export const bnAdmin = assemble("bn");

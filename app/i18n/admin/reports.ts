import { bilingual } from "../bilingual";

/** The owner's reports: sales, best sellers, categories, districts, couriers, codes and advances. */
export const reportsMessages = bilingual({
  en: {
    "admin.nav.reports": "Reports",
  },
  bn: {
    "admin.nav.reports": "রিপোর্ট",
  },
});

import { bilingual } from "../bilingual";

/** The owner's reports: sales, best sellers, categories, districts, couriers, codes and advances. */
export const reportsMessages = bilingual({
  en: {
    "admin.reports.title": "Reports",
  },
  bn: {
    "admin.reports.title": "রিপোর্ট",
  },
});

import { bilingual } from "../bilingual";

/**
 * Pathao, the second courier: its keys on the courier page, its cities, zones and areas at
 * hand-off, and its price plan.
 */
export const pathaoMessages = bilingual({
  en: {
    "admin.pathao.name": "Pathao",
  },
  bn: {
    "admin.pathao.name": "পাঠাও",
  },
});

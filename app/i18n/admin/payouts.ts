import { bilingual } from "../bilingual";

/**
 * The cash coming back from the couriers: the payouts page, a payout's parcels, the import of a
 * courier's payout file, and an order's "cash received".
 */
export const payoutsMessages = bilingual({
  en: {
    "admin.payouts.title": "Courier payouts",
  },
  bn: {
    "admin.payouts.title": "কুরিয়ারের টাকা",
  },
});

import { bilingual } from "../bilingual";

/**
 * Stock: a product's stock history, the reasons a stock level changed and the shortage an order meets.
 */
export const stockMessages = bilingual({
  en: {
    "admin.stock.shortageItem": "{name} ({available} left, {requested} needed)",
    "admin.stock.entry": "{name}: {change}, {balance} left",
    "admin.stock.entryLabel": "Stock of {name}: {change}; {balance} left",
    "admin.stock.unitIn": "{count} unit in",
    "admin.stock.unitsIn": "{count} units in",
    "admin.stock.unitOut": "{count} unit out",
    "admin.stock.unitsOut": "{count} units out",
    "admin.stock.reason.order-placed": "Stock taken by the order",
    "admin.stock.reason.order-cancelled": "Stock returned: order cancelled",
    "admin.stock.reason.order-reinstated": "Stock taken again: order reinstated",
    "admin.stock.reason.order-deleted": "Stock returned: order deleted",
    "admin.stock.reason.adjusted": "Stock counted by staff",
    "admin.stock.historyTitle": "Stock history",
    "admin.stock.historyNewest": "The newest {shown} of {total} changes.",
    "admin.stock.historyChange": "{change}, {balance} left",
    "admin.stock.reason.order-edited": "Stock moved: order edited",
  },
  bn: {
    "admin.stock.shortageItem": "{name} ({available}টি আছে, দরকার {requested}টি)",
    "admin.stock.entry": "{name}: {change}, বাকি {balance}",
    "admin.stock.entryLabel": "{name}-এর স্টক: {change}; বাকি {balance}",
    "admin.stock.unitIn": "{count} পিস বেড়েছে",
    "admin.stock.unitsIn": "{count} পিস বেড়েছে",
    "admin.stock.unitOut": "{count} পিস কমেছে",
    "admin.stock.unitsOut": "{count} পিস কমেছে",
    "admin.stock.reason.order-placed": "অর্ডারের জন্য স্টক থেকে নেওয়া হয়েছে",
    "admin.stock.reason.order-cancelled": "স্টকে ফেরত: অর্ডার বাতিল",
    "admin.stock.reason.order-reinstated": "আবার স্টক থেকে নেওয়া: অর্ডার আবার চালু",
    "admin.stock.reason.order-deleted": "স্টকে ফেরত: অর্ডার মুছে ফেলা হয়েছে",
    "admin.stock.reason.adjusted": "কর্মী স্টক গুনে ঠিক করেছেন",
    "admin.stock.historyTitle": "স্টকের ইতিহাস",
    "admin.stock.historyNewest": "{total}টি পরিবর্তনের মধ্যে নতুন {shown}টি।",
    "admin.stock.historyChange": "{change}, বাকি {balance}",
    "admin.stock.reason.order-edited": "স্টক বদলেছে: অর্ডার সম্পাদনা",
  },
});

import { bilingual } from "../bilingual";

/**
 * Exporting the ticked orders as a file for a courier: its columns, their order and the refusals.
 */
export const exportMessages = bilingual({
  en: {
    "admin.export.title": "Export orders for a courier",
    "admin.export.subtitle": "{count} orders ticked. Choose the file's columns and their order.",
    "admin.export.columns": "Columns",
    "admin.export.columnsHint":
      "Tick the columns the courier's file needs; the numbers set their order. Your choice is remembered.",
    "admin.export.position": "Position of {column}",
    "admin.export.forExcel": "For Excel (keeps Bangla text readable when opened in Excel)",
    "admin.export.download": "Download CSV",
    "admin.export.noColumns": "Tick at least one column.",
    "admin.export.col.invoice": "haat-<order number>, the invoice the courier tracks the parcel by",
    "admin.export.col.name": "The shopper's name",
    "admin.export.col.address": "Street address, area and district in one line",
    "admin.export.col.phone": "The shopper's phone, 01XXXXXXXXX",
    "admin.export.col.amount": "Cash to collect in taka, a plain number (0 when paid)",
    "admin.export.col.note": "The items (product — variant × quantity), for the rider",
    "admin.export.col.order": "The order number",
    "admin.export.col.date": "The day the order was placed (YYYY-MM-DD)",
    "admin.export.col.street": "The street address alone",
    "admin.export.col.area": "The area or thana",
    "admin.export.col.district": "The district, in English",
    "admin.export.col.itemCount": "How many items",
    "admin.export.col.shippingMethod": "Inside or Outside Dhaka",
    "admin.export.col.sku": "Each item's SKU and quantity, for packing",
  },
  bn: {
    "admin.export.title": "কুরিয়ারের জন্য অর্ডার এক্সপোর্ট",
    "admin.export.subtitle": "{count}টি অর্ডারে টিক দেওয়া। ফাইলের কলাম ও তাদের ক্রম বেছে নিন।",
    "admin.export.columns": "কলাম",
    "admin.export.columnsHint":
      "কুরিয়ারের ফাইলে যে কলাম লাগে তাতে টিক দিন; সংখ্যা দিয়ে ক্রম ঠিক হয়। আপনার পছন্দ মনে রাখা হয়।",
    "admin.export.position": "{column}-এর অবস্থান",
    "admin.export.forExcel": "Excel-এর জন্য (Excel-এ খুললে বাংলা লেখা ঠিক থাকে)",
    "admin.export.download": "CSV নামান",
    "admin.export.noColumns": "অন্তত একটি কলামে টিক দিন।",
    "admin.export.col.invoice": "haat-<অর্ডার নম্বর>, যে ইনভয়েস দিয়ে কুরিয়ার পার্সেল চেনে",
    "admin.export.col.name": "ক্রেতার নাম",
    "admin.export.col.address": "রাস্তার ঠিকানা, এলাকা ও জেলা এক লাইনে",
    "admin.export.col.phone": "ক্রেতার ফোন, 01XXXXXXXXX",
    "admin.export.col.amount": "যত টাকা তুলতে হবে, শুধু সংখ্যা (পরিশোধিত হলে 0)",
    "admin.export.col.note": "রাইডারের জন্য পণ্যগুলো (পণ্য — ভ্যারিয়েন্ট × পরিমাণ)",
    "admin.export.col.order": "অর্ডার নম্বর",
    "admin.export.col.date": "অর্ডারের দিন (YYYY-MM-DD)",
    "admin.export.col.street": "শুধু রাস্তার ঠিকানা",
    "admin.export.col.area": "এলাকা বা থানা",
    "admin.export.col.district": "জেলা, ইংরেজিতে",
    "admin.export.col.itemCount": "কয়টি পণ্য",
    "admin.export.col.shippingMethod": "ঢাকার ভেতরে না বাইরে",
    "admin.export.col.sku": "প্যাক করার জন্য প্রতিটি পণ্যের এসকেইউ ও পরিমাণ",
  },
});

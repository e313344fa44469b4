import { bilingual } from "../bilingual";

/** The reports' charts and the district map, drawn on the server: their titles, legends and labels. */
export const reportChartsMessages = bilingual({
  en: {
    "admin.charts.mapLegend": "Map legend",
    "admin.charts.empty": "Nothing to show for these dates.",
    "admin.charts.timeSummary":
      "Bar chart, {count} bars from {first} to {last}. Highest: {highLabel}, {highDisplay}. The table below has every figure.",
    "admin.charts.barSummary": "{count} rows, largest first.",
    "admin.charts.mapSummary":
      "Map of Bangladesh's 64 districts: {count} have figures. Highest: {top}. The table below has every district.",
    "admin.charts.mapSummaryEmpty": "Map of Bangladesh's 64 districts: none has figures for these dates.",
    "admin.charts.mapSummaryFew": "{count} more have too few to compare, and are dotted.",
    "admin.charts.mapSummaryAllFew":
      "Map of Bangladesh's 64 districts: {count} have figures, all too few to compare. The table below has every district.",
    "admin.charts.noData": "No orders",
    "admin.charts.smallSample": "Too few to compare",
    "admin.charts.zero": "Zero",
    "admin.charts.range": "{min} to {max}",
  },
  bn: {
    "admin.charts.mapLegend": "মানচিত্রের সংকেত",
    "admin.charts.empty": "এই তারিখগুলোতে দেখানোর মতো কিছু নেই।",
    "admin.charts.timeSummary":
      "বার চার্ট, {first} থেকে {last} পর্যন্ত {count}টি বার। সবচেয়ে বেশি: {highLabel}, {highDisplay}। নিচের টেবিলে সব সংখ্যা আছে।",
    "admin.charts.barSummary": "{count}টি সারি, বড়টি আগে।",
    "admin.charts.mapSummary":
      "বাংলাদেশের ৬৪টি জেলার মানচিত্র: {count}টি জেলার সংখ্যা আছে। সবচেয়ে বেশি: {top}। নিচের টেবিলে প্রতিটি জেলা আছে।",
    "admin.charts.mapSummaryEmpty": "বাংলাদেশের ৬৪টি জেলার মানচিত্র: এই তারিখগুলোতে কোনো জেলার সংখ্যা নেই।",
    "admin.charts.mapSummaryFew": "আরও {count}টি জেলার সংখ্যা তুলনার জন্য খুব কম, সেগুলো ফোঁটা দিয়ে আঁকা।",
    "admin.charts.mapSummaryAllFew":
      "বাংলাদেশের ৬৪টি জেলার মানচিত্র: {count}টি জেলার সংখ্যা আছে, সবগুলোই তুলনার জন্য খুব কম। নিচের টেবিলে প্রতিটি জেলা আছে।",
    "admin.charts.noData": "কোনো অর্ডার নেই",
    "admin.charts.smallSample": "তুলনার জন্য খুব কম",
    "admin.charts.zero": "শূন্য",
    "admin.charts.range": "{min} থেকে {max}",
  },
});

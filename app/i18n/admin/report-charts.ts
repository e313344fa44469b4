import { bilingual } from "../bilingual";

/** The reports' charts and the district map, drawn on the server: their titles, legends and labels. */
export const reportChartsMessages = bilingual({
  en: {
    "admin.charts.mapLegend": "Map legend",
  },
  bn: {
    "admin.charts.mapLegend": "মানচিত্রের সংকেত",
  },
});

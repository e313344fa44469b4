import { bilingual } from "../bilingual";

/** The owner's SMS texts page (/admin/sms/templates): each order event's message, on or off, in English and Bangla. */
export const smsTemplatesMessages = bilingual({
  en: {
    "admin.smsTemplates.title": "SMS texts",
  },
  bn: {
    "admin.smsTemplates.title": "এসএমএস বার্তা",
  },
});

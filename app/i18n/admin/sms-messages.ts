import { bilingual } from "../bilingual";

/** The messages sent to shoppers: the outbox's list (/admin/sms/messages) and the order page's messages. */
export const smsMessagesMessages = bilingual({
  en: {
    "admin.smsMessages.title": "Messages sent",
  },
  bn: {
    "admin.smsMessages.title": "পাঠানো বার্তা",
  },
});

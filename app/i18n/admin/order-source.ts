import { bilingual } from "../bilingual";

/**
 * Where orders come from (Order.source: the website, or staff taking one from Facebook, the phone or
 * the shop's counter) in the orders list, its filter, the order page and the dashboard; the order
 * page's message for the shopper.
 */
export const orderSourceMessages = bilingual({
  en: {
    "admin.source.label": "Source",
    "admin.source.all": "All sources",
    "admin.source.website": "Website",
    "admin.source.facebook": "Facebook",
    "admin.source.phone": "Phone",
    "admin.source.counter": "Shop counter",
    "admin.source.other": "Other",
    "admin.source.takenBy": "taken by {email}",
    "admin.source.byPeriod": "Orders by source",
    "admin.source.byPeriodNote": "Last 30 days, cancelled orders left out.",
    "admin.message.title": "Message for the shopper",
    "admin.message.hint":
      "Copy it into Messenger or an SMS: the order number, items, the cash to have ready and the tracking link.",
    "admin.message.language": "Language of the message",
    "admin.message.text": "Message text",
    "admin.message.copy": "Copy message",
    "admin.message.copied": "Copied",
    "admin.message.copyFailed": "Could not copy: select the text and copy it.",
  },
  bn: {
    "admin.source.label": "উৎস",
    "admin.source.all": "সব উৎস",
    "admin.source.website": "ওয়েবসাইট",
    "admin.source.facebook": "ফেসবুক",
    "admin.source.phone": "ফোন",
    "admin.source.counter": "দোকানের কাউন্টার",
    "admin.source.other": "অন্যান্য",
    "admin.source.takenBy": "নিয়েছেন {email}",
    "admin.source.byPeriod": "উৎস অনুযায়ী অর্ডার",
    "admin.source.byPeriodNote": "গত ৩০ দিন, বাতিল অর্ডার বাদে।",
    "admin.message.title": "ক্রেতার জন্য বার্তা",
    "admin.message.hint": "মেসেঞ্জার বা এসএমএসে কপি করে পাঠান: অর্ডার নম্বর, পণ্য, কত টাকা নগদ রাখতে হবে আর ট্র্যাকিং লিংক।",
    "admin.message.language": "বার্তার ভাষা",
    "admin.message.text": "বার্তার লেখা",
    "admin.message.copy": "বার্তা কপি করুন",
    "admin.message.copied": "কপি হয়েছে",
    "admin.message.copyFailed": "কপি করা গেল না: লেখাটি সিলেক্ট করে কপি করুন।",
  },
});

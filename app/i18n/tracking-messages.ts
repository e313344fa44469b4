import { bilingual } from "./bilingual";

/**
 * The order-tracking page's texts, in both languages; the tracking route registers them when it
 * loads, so no other page carries them (docs/decisions/023-languages-in-the-url.md).
 */
export const trackingMessages = bilingual({
  en: {
    "track.title": "Track your order",
    "track.intro": "Enter your order number and the phone number you ordered with.",
    "track.orderNumber": "Order number",
    "track.orderNumberHint": "For example 1024, as on your order confirmation.",
    "track.phone": "Phone",
    "track.submit": "Track order",
    "track.orderHeading": "Order #{id}",
    "track.placedOn": "Placed on {date} by {name}",
    "track.currentStatus": "Current status",
    "track.history": "Status history",
    "track.historyPlaced": "Order placed",
    "track.historyChanged": "Status changed to {status}",
    "track.items": "Items",
    "track.product": "Product",
    "track.unitPrice": "Unit price",
    "track.quantity": "Quantity",
    "track.subtotal": "Subtotal",
    "track.shipping": "Shipping ({method})",
    "track.discount": "Discount ({code})",
    "track.shippingWaived": "Delivery charge waived ({code})",
    "track.total": "Total (cash on delivery)",
    "track.deliverTo": "Delivery to {place}",
    "track.another": "Track another order",
    "track.insideDhaka": "Inside Dhaka",
    "track.outsideDhaka": "Outside Dhaka",
  },
  bn: {
    "track.title": "অর্ডার ট্র্যাক করুন",
    "track.intro": "আপনার অর্ডার নম্বর আর যে মোবাইল নম্বর দিয়ে অর্ডার করেছেন সেটি লিখুন।",
    "track.orderNumber": "অর্ডার নম্বর",
    "track.orderNumberHint": "যেমন ১০২৪, অর্ডার নিশ্চিত হওয়ার পেজে যেমন দেখেছেন।",
    "track.phone": "মোবাইল নম্বর",
    "track.submit": "অর্ডার খুঁজুন",
    "track.orderHeading": "অর্ডার #{id}",
    "track.placedOn": "{date} তারিখে {name} অর্ডার করেছেন",
    "track.currentStatus": "বর্তমান অবস্থা",
    "track.history": "অর্ডারের অবস্থার ইতিহাস",
    "track.historyPlaced": "অর্ডার করা হয়েছে",
    "track.historyChanged": "অবস্থা: {status}",
    "track.items": "পণ্য",
    "track.product": "পণ্য",
    "track.unitPrice": "একক দাম",
    "track.quantity": "পরিমাণ",
    "track.subtotal": "সাবটোটাল",
    "track.shipping": "ডেলিভারি চার্জ ({method})",
    "track.discount": "ছাড় ({code})",
    "track.shippingWaived": "ডেলিভারি চার্জ মওকুফ ({code})",
    "track.total": "সর্বমোট (ক্যাশ অন ডেলিভারি)",
    "track.deliverTo": "ডেলিভারি: {place}",
    "track.another": "আরেকটি অর্ডার খুঁজুন",
    "track.insideDhaka": "ঢাকার ভিতরে",
    "track.outsideDhaka": "ঢাকার বাইরে",
  },
});

/** A key of the tracking page's texts. */
export type TrackingMessageKey = keyof (typeof trackingMessages)["en"];

import { bilingual } from "./bilingual";

/**
 * What a shopper reads about paying an order's advance by bKash (the pay button and the result of a
 * payment), on the order confirmation and tracking pages, which register them when they load
 * (docs/decisions/023-languages-in-the-url.md, 061-bkash-checkout.md).
 */
export const paymentMessages = bilingual({
  en: {
    "payment.payWithBkash": "Pay {amount} with bKash",
    "payment.bkashNote": "You will go to bKash's page to approve the payment, then come back here.",
    "payment.result.paid": "Thank you: your bKash payment was received. The advance is paid.",
    "payment.result.pending":
      "bKash has not confirmed your payment yet. We check again in a few minutes; you will not be charged twice.",
    "payment.result.failed": "The bKash payment did not go through. Nothing was charged; you can try again.",
    "payment.result.cancelled": "You cancelled the bKash payment. Nothing was charged; you can try again.",
    "payment.result.insufficient": "Your bKash balance was not enough. Nothing was charged; you can try again.",
    "payment.result.unavailable":
      "bKash cannot be reached right now. Your order is kept and nothing was charged; please try again in a few minutes.",
    "payment.result.not-due": "There is no advance to pay on this order.",
  },
  bn: {
    "payment.payWithBkash": "বিকাশে {amount} পরিশোধ করুন",
    "payment.bkashNote": "পেমেন্ট অনুমোদন করতে আপনি বিকাশের পাতায় যাবেন, তারপর এখানে ফিরে আসবেন।",
    "payment.result.paid": "ধন্যবাদ: আপনার বিকাশ পেমেন্ট পাওয়া গেছে। অগ্রিম পরিশোধ হয়েছে।",
    "payment.result.pending":
      "বিকাশ এখনো আপনার পেমেন্ট নিশ্চিত করেনি। কয়েক মিনিট পরে আমরা আবার দেখব; আপনার কাছ থেকে দুবার টাকা কাটা হবে না।",
    "payment.result.failed": "বিকাশ পেমেন্ট সম্পন্ন হয়নি। কোনো টাকা কাটা হয়নি; আবার চেষ্টা করতে পারেন।",
    "payment.result.cancelled": "আপনি বিকাশ পেমেন্ট বাতিল করেছেন। কোনো টাকা কাটা হয়নি; আবার চেষ্টা করতে পারেন।",
    "payment.result.insufficient": "আপনার বিকাশে যথেষ্ট টাকা ছিল না। কোনো টাকা কাটা হয়নি; আবার চেষ্টা করতে পারেন।",
    "payment.result.unavailable":
      "এই মুহূর্তে বিকাশের সাথে যোগাযোগ করা যাচ্ছে না। আপনার অর্ডার রাখা আছে, কোনো টাকা কাটা হয়নি; কয়েক মিনিট পরে আবার চেষ্টা করুন।",
    "payment.result.not-due": "এই অর্ডারে কোনো অগ্রিম দেওয়ার নেই।",
  },
});

/** A key of the payment texts. */
export type PaymentMessageKey = keyof (typeof paymentMessages)["en"];

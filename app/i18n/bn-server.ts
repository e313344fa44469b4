import type { ServerMessageKey } from "./en-server";

/** The Bangla messages only the server sends: the same keys as en-server.ts. */
export const bnServer: Record<ServerMessageKey, string> = {
  "product.added": "কার্টে যোগ হয়েছে।",
  "cart.limitReached": "আপনার কার্ট পূর্ণ: সর্বোচ্চ {lines}টি পণ্য, প্রতিটি {quantity}টি পর্যন্ত।",
  "cart.notFound": "পণ্যটি আর পাওয়া যাচ্ছে না।",
  "cartJs.failed": "আবার চেষ্টা করুন।",
  "checkout.failed": "অর্ডারটি করা যায়নি। আবার চেষ্টা করুন।",
  "checkout.cartEmpty": "আপনার কার্ট খালি",
  "checkout.nameRequired": "আপনার নাম লিখুন।",
  "checkout.phoneRequired": "আপনার মোবাইল নম্বর লিখুন।",
  "checkout.phoneInvalid": "বাংলাদেশের একটি মোবাইল নম্বর লিখুন, যেমন ০১৭১২৩৪৫৬৭৮।",
  "checkout.addressRequired": "ডেলিভারির ঠিকানা লিখুন।",
  "checkout.areaRequired": "আপনার এলাকা বা থানার নাম লিখুন।",
  "checkout.districtRequired": "আপনার জেলা বেছে নিন।",
  "checkout.districtUnknown": "তালিকা থেকে আপনার জেলা বেছে নিন।",
  "checkout.emailInvalid": "সঠিক ইমেইল ঠিকানা লিখুন, অথবা ঘরটি খালি রাখুন।",
  "checkout.tooLong": "লেখাটি বেশি লম্বা (সর্বোচ্চ {max} অক্ষর)।",
  "checkout.cartChanged": "আপনার কার্টের পণ্যের দাম বদলেছে। অর্ডারটি দেখে আবার করুন।",
  "checkout.shippingInvalid": "ডেলিভারি এলাকা বেছে নিন।",
  "checkout.tooLarge": "এত বড় অর্ডার অনলাইনে করা যাবে না। অর্ডার করতে {phone} নম্বরে ফোন করুন।",
  "checkout.formErrors": "চিহ্নিত ঘরগুলো ঠিক করুন।",
  "track.orderRequired": "আপনার অর্ডার নম্বর লিখুন।",
  "track.orderInvalid": "অর্ডার নম্বরটি সংখ্যায় লিখুন, যেমন ১০২৪।",
  "track.notFound": "এই অর্ডার নম্বর আর মোবাইল নম্বরে কোনো অর্ডার পাওয়া যায়নি। দুটোই দেখে আবার চেষ্টা করুন।",
  "track.tooMany": "অনেকবার খোঁজা হয়েছে। {minutes} মিনিট পরে আবার চেষ্টা করুন, অথবা {phone} নম্বরে ফোন করুন।",
  "cart.outOfStock": "দুঃখিত, {name} স্টকে নেই।",
  "cart.stockLimited": "{name} মাত্র {count}টি বাকি: সবগুলোই আপনার কার্টে রাখা হয়েছে।",
  "checkout.outOfStock":
    "আপনার কার্টের কিছু পণ্য ওই পরিমাণে আর স্টকে নেই। কার্টে কত বাকি তা দেখানো হয়েছে: পরিমাণ বদলে আবার অর্ডার করুন।",
  "checkout.blocked": "এই অর্ডারটি অনলাইনে নেওয়া যাচ্ছে না। অর্ডার করতে {phone} নম্বরে ফোন করুন।",
  "checkout.limitReached": "অল্প সময়ে আপনি কয়েকটি অর্ডার করেছেন। আরেকটি অর্ডার করতে {phone} নম্বরে ফোন করুন।",
};

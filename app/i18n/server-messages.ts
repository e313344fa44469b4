import { bilingual } from "./bilingual";

/**
 * The messages only the server sends, in both languages: what an action answers (checkout and cart
 * refusals, the form's field messages, the Added toast, the tracking form's refusals) and the order
 * e-mails. They never travel in a page's JavaScript: the server's translator
 * (app/server/i18n.server.ts) knows them, components cannot ask for them.
 */
export const serverMessages = bilingual({
  en: {
    "product.added": "Added to your cart.",
    "cart.limitReached": "Your cart has reached its limit of {lines} products and {quantity} of each.",
    "cart.notFound": "That product is no longer available.",
    "cartJs.failed": "Please try again.",
    "checkout.failed": "Failed to place your order. Please try again.",
    "checkout.cartEmpty": "Your cart is empty",
    "checkout.nameRequired": "Please enter your name.",
    "checkout.phoneRequired": "Please enter your phone number.",
    "checkout.phoneInvalid": "Please enter a Bangladeshi mobile number, for example 01712345678.",
    "checkout.addressRequired": "Please enter your delivery address.",
    "checkout.areaRequired": "Please enter your area or thana.",
    "checkout.districtRequired": "Please choose your district.",
    "checkout.districtUnknown": "Please choose your district from the list.",
    "checkout.emailInvalid": "Please enter a valid email address, or leave it empty.",
    "checkout.tooLong": "This is too long (at most {max} characters).",
    "checkout.cartChanged": "Prices in your cart have changed. Please check your order and place it again.",
    "checkout.shippingInvalid": "Please choose a shipping method.",
    "checkout.tooLarge": "This order is too large to place online. Please call us on {phone} to order.",
    "checkout.formErrors": "Please correct the highlighted fields.",
    "track.orderRequired": "Please enter your order number.",
    "track.orderInvalid": "Please enter the order number as digits, for example 1024.",
    "track.notFound": "We could not find an order with this number and phone. Please check both and try again.",
    "track.tooMany": "Too many lookups. Please try again in {minutes} minutes, or call us on {phone}.",
    "cart.outOfStock": "Sorry, {name} is out of stock.",
    "cart.stockLimited": "Only {count} of {name} left: your cart now has all of them.",
    "checkout.outOfStock":
      "Some items in your cart are no longer in stock in that quantity. Your cart shows what is left: change it and place your order again.",
    "checkout.blocked": "We cannot take this order online. Please call us on {phone} to order.",
    "checkout.limitReached":
      "You have placed several orders in a short time. To place another, please call us on {phone}.",
    "email.order.subject": "Your order #{id} at {shop}",
    "email.order.greeting": "Dear {name},",
    "email.order.thanks":
      "Thank you for your order #{id}. We will call you on {phone} to confirm it before we send it. You pay in cash when the parcel arrives.",
    "email.order.items": "Your order",
    "email.order.deliverTo": "Delivery to: {address}",
    "email.order.track": "Follow your order: {url}",
    "email.order.contact": "Questions? Call us on {phone} or write to {email}.",
    "email.alert.subject": "New order #{id}: {total}, {name}",
    "email.alert.intro": "A new cash-on-delivery order. Phone the shopper to confirm it before it ships.",
    "email.alert.customer": "Customer: {name}, {phone}",
    "email.alert.open": "Open it in the back office: {url}",
  },
  bn: {
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
    "email.order.subject": "{shop}-এ আপনার অর্ডার #{id}",
    "email.order.greeting": "প্রিয় {name},",
    "email.order.thanks":
      "আপনার অর্ডার #{id}-এর জন্য ধন্যবাদ। পাঠানোর আগে নিশ্চিত করতে আমরা আপনাকে {phone} নম্বরে ফোন করব। পার্সেল পৌঁছালে নগদে মূল্য পরিশোধ করবেন।",
    "email.order.items": "আপনার অর্ডার",
    "email.order.deliverTo": "ডেলিভারির ঠিকানা: {address}",
    "email.order.track": "অর্ডারের অবস্থা দেখুন: {url}",
    "email.order.contact": "কোনো প্রশ্ন? {phone} নম্বরে ফোন করুন বা {email}-এ লিখুন।",
    "email.alert.subject": "নতুন অর্ডার #{id}: {total}, {name}",
    "email.alert.intro": "একটি নতুন ক্যাশ অন ডেলিভারি অর্ডার। পাঠানোর আগে ক্রেতাকে ফোন করে নিশ্চিত করুন।",
    "email.alert.customer": "ক্রেতা: {name}, {phone}",
    "email.alert.open": "ব্যাক অফিসে খুলুন: {url}",
  },
});

/** A key of the server-only messages. */
export type ServerMessageKey = keyof (typeof serverMessages)["en"];

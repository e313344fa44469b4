import type { PageMessages } from "./index";

/**
 * The storefront's page messages in Bangla, registered by the Bangla layout route (so an English
 * page never downloads it): the same keys as en.ts (TypeScript refuses a missing or extra one),
 * in Bangla as a shop in Dhaka writes it. Numbers in placeholders are filled in Bengali digits by
 * the translator; product names and the shop's own details are data, not here.
 */
export const bn: PageMessages = {
  // Layout: header, navigation and footer
  "nav.products": "পণ্যসমূহ",
  "nav.cart": "কার্ট",
  "nav.cartWithCount": "কার্ট, {count}টি পণ্য",
  "nav.skipToContent": "মূল অংশে যান",
  "nav.mainLabel": "প্রধান মেনু",
  "nav.switchLanguage": "ভাষা বদলান:",
  "footer.about": "আমাদের সম্পর্কে",
  "footer.quickLinks": "দরকারি লিংক",
  "footer.contact": "যোগাযোগ",
  "footer.admin": "অ্যাডমিন",
  "footer.trackOrder": "অর্ডার ট্র্যাক করুন",
  "footer.rights": "© {year} {shop}। সর্বস্বত্ব সংরক্ষিত",

  // Product card and product page
  "product.addToCart": "কার্টে যোগ করুন",
  "product.buyNow": "এখনই কিনুন",
  "card.addToCart": "কার্টে যোগ করুন",
  "card.buyNow": "এখনই কিনুন",
  "card.addToCartLabel": "কার্টে যোগ করুন: {name}",
  "card.buyNowLabel": "এখনই কিনুন: {name}",
  "product.notFound": "পণ্যটি পাওয়া যায়নি",
  "product.loadFailed": "পণ্যের তথ্য লোড করা যায়নি",
  "product.noImage": "ছবি নেই",
  "product.off": "{percent}% ছাড়",
  "product.category": "ক্যাটাগরি",
  "product.quantity": "পরিমাণ",
  "product.originalPrice": "আগের দাম",
  "product.imageOf": "ছবি {index}/{count}: {name}",
  "product.backToProducts": "সব পণ্যে ফিরে যান",
  "product.from": "{price} থেকে",
  "product.chooseOptions": "অপশন বেছে নিন",
  "product.sku": "এসকেইউ {sku}",
  "product.show": "দেখুন",
  "product.unavailable": "এই কম্বিনেশনটি পাওয়া যায় না",

  // Order statuses, as shoppers and staff read them
  "status.pending": "অপেক্ষমাণ",
  "status.processing": "প্রস্তুত হচ্ছে",
  "status.shipped": "পাঠানো হয়েছে",
  "status.delivered": "ডেলিভারি হয়েছে",
  "status.cancelled": "বাতিল",

  // Product page and gallery
  "breadcrumbs.label": "আপনি এখানে",
  "breadcrumbs.home": "হোম",
  "breadcrumbs.products": "পণ্যসমূহ",
  "gallery.label": "{name}-এর ছবি",
  "gallery.previous": "আগের ছবি",
  "gallery.next": "পরের ছবি",
  "gallery.show": "ছবি {index}/{count} দেখুন",
  "gallery.enlarge": "ছবি {index}/{count} বড় করে দেখুন",
  "gallery.fullSize": "ছবি {index}/{count}, পূর্ণ আকারে",
  "gallery.position": "ছবি {index}/{count}",
  "gallery.preview": "ছবির প্রিভিউ: {name}",
  "gallery.close": "প্রিভিউ বন্ধ করুন",
  "stepper.decrease": "একটি কমান",
  "stepper.increase": "একটি বাড়ান",

  // Seo and caching
  "seo.title": "{title} | {shop}",
  "seo.home": "হোম",

  // Cart with JavaScript
  "cartJs.added": "{name} কার্টে যোগ হয়েছে।",
  "cartJs.addedButton": "যোগ হয়েছে",
  "cartJs.addedLabel": "কার্টে যোগ হয়েছে: {name}",
  "cartJs.updated": "{name}: পরিমাণ {quantity} করা হয়েছে।",
  "cartJs.removed": "{name} কার্ট থেকে সরানো হয়েছে।",
  "cartJs.addFailed": "{name} কার্টে যোগ হয়নি। {reason}",
  "cartJs.updateFailed": "{name}-এর পরিমাণ বদলানো যায়নি। {reason}",
  "cartJs.removeFailed": "{name} কার্ট থেকে সরানো যায়নি। {reason}",
  "cartJs.networkError": "দোকানের সাথে যোগাযোগ করা যাচ্ছে না। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।",
  "stock.out": "স্টকে নেই",
  "stock.low": "মাত্র {count}টি বাকি",
  "stock.in": "স্টকে আছে",
  "notFound.help": "যা খুঁজছিলেন তা সার্চ করুন, অথবা হোম পেজ বা সব পণ্যের তালিকা থেকে শুরু করুন।",
  "notFound.allProducts": "সব পণ্য দেখুন",
};

import { bilingual } from "./bilingual";

/**
 * What the server answers about a campaign code in the cart and at checkout, in both languages
 * (docs/decisions/060-campaign-codes.md): why a code is refused, and the cart's confirmations. Only
 * the server sends them (app/rules/discount-refusal.ts fills them), so no page's JavaScript carries them.
 */
export const discountMessages = bilingual({
  en: {
    "code.invalid": "Please enter a code of 3 to 32 letters or digits.",
    "code.unknown": "There is no code {code}. Please check its spelling.",
    "code.inactive": "The code {code} is not in use.",
    "code.notStarted": "This code starts on {date}.",
    "code.ended": "This code ended on {date}.",
    "code.minimum": "Minimum order {amount} for this code.",
    "code.usedUp": "This code has been used up.",
    "code.usedUpForPhone": "This code has already been used with this phone number.",
    "code.noItems": "This code does not apply to any item in your cart.",
    "code.atCheckout": "{reason} Remove the code to place your order without it.",
    "code.changed": "The saving of your code has changed. Please check your order and place it again.",
  },
  bn: {
    "code.invalid": "৩ থেকে ৩২টি অক্ষর বা সংখ্যার একটি কোড লিখুন।",
    "code.unknown": "{code} নামে কোনো কোড নেই। বানানটি দেখে নিন।",
    "code.inactive": "{code} কোডটি এখন চালু নেই।",
    "code.notStarted": "এই কোডটি {date} থেকে চালু হবে।",
    "code.ended": "এই কোডের মেয়াদ {date} শেষ হয়েছে।",
    "code.minimum": "এই কোডের জন্য সর্বনিম্ন অর্ডার {amount}।",
    "code.usedUp": "এই কোডটির সব ব্যবহার শেষ হয়ে গেছে।",
    "code.usedUpForPhone": "এই মোবাইল নম্বর দিয়ে কোডটি আগেই ব্যবহার করা হয়েছে।",
    "code.noItems": "এই কোডটি আপনার কার্টের কোনো পণ্যে প্রযোজ্য নয়।",
    "code.atCheckout": "{reason} কোড ছাড়া অর্ডার করতে কোডটি সরান।",
    "code.changed": "আপনার কোডের ছাড় বদলে গেছে। অর্ডারটি দেখে নিয়ে আবার অর্ডার করুন।",
  },
});

/** A key of the campaign code answers. */
export type DiscountMessageKey = keyof (typeof discountMessages)["en"];

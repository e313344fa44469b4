import { bilingual } from "./bilingual";

/**
 * The few messages the root route shows on every page, in both languages: the loading bar, the
 * toast's Dismiss button and the error page. They live apart from the page messages (en.ts,
 * bn.ts), which a page's layout loads for its own language only, because the root also renders
 * where no layout matched (a page that does not exist).
 */
export const rootMessages = bilingual({
  en: {
    "nav.loading": "Loading…",
    "toast.dismiss": "Dismiss message",
    "error.notFoundTitle": "Page not found",
    "error.notFoundBody": "We could not find that page.",
    "error.generic": "Something went wrong. Please try again.",
    "error.backHome": "Go to the home page",
  },
  bn: {
    "nav.loading": "লোড হচ্ছে…",
    "toast.dismiss": "বার্তাটি বন্ধ করুন",
    "error.notFoundTitle": "পেজটি পাওয়া যায়নি",
    "error.notFoundBody": "আপনি যে পেজটি খুঁজছেন সেটি আমরা খুঁজে পাইনি।",
    "error.generic": "কিছু একটা সমস্যা হয়েছে। আবার চেষ্টা করুন।",
    "error.backHome": "হোম পেজে যান",
  },
});

/** A key of the root's messages. */
export type RootMessageKey = keyof (typeof rootMessages)["en"];

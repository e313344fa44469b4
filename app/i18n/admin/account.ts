import { bilingual } from "../bilingual";

/**
 * A staff member's own account page and the password rules every password form shares.
 */
export const accountMessages = bilingual({
  en: {
    "admin.account.title": "My account",
    "admin.account.mustChange":
      "Choose your own password before you go on: the first one was given to you by the owner.",
    "admin.account.passwordTitle": "Change password",
    "admin.account.currentPassword": "Current password",
    "admin.account.newPassword": "New password",
    "admin.account.confirmPassword": "New password again",
    "admin.account.changePassword": "Change password",
    "admin.account.saving": "Saving...",
    "admin.account.passwordChanged": "Your password is changed. Your other sessions are signed out.",
    "admin.account.sessionsTitle": "Where you are signed in",
    "admin.account.thisSession": "This browser",
    "admin.account.signedIn": "signed in",
    "admin.account.lastActive": "last active",
    "admin.account.signOutSession": "Sign out",
    "admin.account.signOutOthers": "Sign out everywhere else",
    "admin.account.noOtherSessions": "You are not signed in anywhere else.",
    "admin.account.revoked": "Sessions signed out: {count}.",
    "admin.password.required": "Enter the password.",
    "admin.password.tooShort": "Use at least 12 characters.",
    "admin.password.tooLong": "Use at most 1,024 characters.",
    "admin.password.tooCommon":
      "This password is too easy to guess: it is a common password, or close to one. A few unrelated words are stronger and easy to remember.",
    "admin.password.mismatch": "The two new passwords are not the same.",
    "admin.password.currentWrong": "The current password is not right.",
    "admin.password.same": "Choose a password different from the current one.",
    "admin.password.hint": "At least 12 characters. A few unrelated words are easy to remember and hard to guess.",
    "admin.password.tooManyChecks": "Too many wrong passwords. Wait {minutes} minutes and try again.",
    "admin.password.tooManyChecksShort": "Too many wrong passwords. Wait up to a minute and try again.",
    "admin.password.signedOut":
      "You were signed out after {count} wrong passwords. Sign in again with your password; if it was not you, change your password then.",
  },
  bn: {
    "admin.account.title": "আমার অ্যাকাউন্ট",
    "admin.account.mustChange": "এগোনোর আগে নিজের পাসওয়ার্ড বাছুন: প্রথমটি মালিক আপনাকে দিয়েছিলেন।",
    "admin.account.passwordTitle": "পাসওয়ার্ড বদলান",
    "admin.account.currentPassword": "বর্তমান পাসওয়ার্ড",
    "admin.account.newPassword": "নতুন পাসওয়ার্ড",
    "admin.account.confirmPassword": "নতুন পাসওয়ার্ড আবার",
    "admin.account.changePassword": "পাসওয়ার্ড বদলান",
    "admin.account.saving": "সংরক্ষণ হচ্ছে...",
    "admin.account.passwordChanged": "আপনার পাসওয়ার্ড বদলানো হয়েছে। অন্য সব সেশন লগআউট হয়েছে।",
    "admin.account.sessionsTitle": "যেখানে আপনি লগইন করা আছেন",
    "admin.account.thisSession": "এই ব্রাউজার",
    "admin.account.signedIn": "লগইন",
    "admin.account.lastActive": "সর্বশেষ সক্রিয়",
    "admin.account.signOutSession": "লগআউট করুন",
    "admin.account.signOutOthers": "অন্য সব জায়গা থেকে লগআউট করুন",
    "admin.account.noOtherSessions": "আর কোথাও আপনি লগইন করা নেই।",
    "admin.account.revoked": "লগআউট হওয়া সেশন: {count}।",
    "admin.password.required": "পাসওয়ার্ড লিখুন।",
    "admin.password.tooShort": "অন্তত ১২টি অক্ষর দিন।",
    "admin.password.tooLong": "১,০২৪টির বেশি অক্ষর দেওয়া যাবে না।",
    "admin.password.tooCommon":
      "এই পাসওয়ার্ড অনুমান করা খুব সহজ: এটি একটি প্রচলিত পাসওয়ার্ড বা তার কাছাকাছি। কয়েকটি সম্পর্কহীন শব্দ বেশি শক্ত এবং মনে রাখাও সহজ।",
    "admin.password.mismatch": "নতুন পাসওয়ার্ড দুটি মিলছে না।",
    "admin.password.currentWrong": "বর্তমান পাসওয়ার্ডটি ঠিক নয়।",
    "admin.password.same": "বর্তমানটি থেকে আলাদা একটি পাসওয়ার্ড বাছুন।",
    "admin.password.hint": "অন্তত ১২টি অক্ষর। কয়েকটি সম্পর্কহীন শব্দ মনে রাখা সহজ, অনুমান করা কঠিন।",
    "admin.password.tooManyChecks": "অনেকবার ভুল পাসওয়ার্ড দেওয়া হয়েছে। {minutes} মিনিট অপেক্ষা করে আবার চেষ্টা করুন।",
    "admin.password.tooManyChecksShort": "অনেকবার ভুল পাসওয়ার্ড দেওয়া হয়েছে। এক মিনিটের মতো অপেক্ষা করে আবার চেষ্টা করুন।",
    "admin.password.signedOut":
      "{count}বার ভুল পাসওয়ার্ড দেওয়ায় আপনাকে লগআউট করা হয়েছে। আপনার পাসওয়ার্ড দিয়ে আবার লগইন করুন; এটা আপনি না হলে, তারপর পাসওয়ার্ড বদলে নিন।",
  },
});

import { bilingual } from "../bilingual";

/**
 * Image uploads (a product's or a category's images): the limits, the refusals and the progress shown.
 */
export const uploadsMessages = bilingual({
  en: {
    "upload.tooLarge": "{file} is larger than {mb} MB.",
    "upload.tooMany": "{file} was not uploaded: at most {max} images can be sent at once.",
    "upload.notImage": "{file} is not an image we can read.",
    "upload.unsupported": "{file} is in a format we do not accept: use JPEG, PNG, WebP, GIF, TIFF or AVIF.",
    "upload.tooManyPixels": "{file} has too many pixels (at most {mp} megapixels).",
    "upload.damaged": "{file} could not be processed; it may be damaged.",
    "upload.chooseAgain": "Your other entries are kept, but files cannot be kept: please choose the images again.",
    "upload.badRequest": "The form could not be read. Please try again.",
    "upload.requestTooLarge": "The upload is too large: send at most 10 images of up to 10 MB each.",
    "upload.fixErrors": "Please correct the highlighted fields.",
    "upload.chosen": "Chosen: {names}",
    "upload.noneChosen": "No file chosen",
    "upload.progress": "Uploading… {percent}%",
    "upload.progressLabel": "Upload progress",
    "upload.preview": "Preview of {file}",
    "upload.networkError": "The upload failed (network error). Please check your connection and try again.",
    "upload.limits": "JPEG, PNG, WebP, GIF, TIFF or AVIF; up to {max} images of at most {mb} MB each.",
  },
  bn: {
    "upload.tooLarge": "{file} ফাইলটি {mb} এমবি-র চেয়ে বড়।",
    "upload.tooMany": "{file} আপলোড হয়নি: একবারে সর্বোচ্চ {max}টি ছবি পাঠানো যায়।",
    "upload.notImage": "{file} ফাইলটি ছবি হিসেবে পড়া যাচ্ছে না।",
    "upload.unsupported": "{file} ফাইলের ফরম্যাট চলবে না: JPEG, PNG, WebP, GIF, TIFF বা AVIF ছবি দিন।",
    "upload.tooManyPixels": "{file} ছবিটিতে পিক্সেল বেশি (সর্বোচ্চ {mp} মেগাপিক্সেল)।",
    "upload.damaged": "{file} প্রসেস করা যায়নি; ফাইলটি হয়তো নষ্ট।",
    "upload.chooseAgain": "আপনার লেখা বাকি সব তথ্য রাখা আছে, কিন্তু ফাইল রাখা যায় না: ছবিগুলো আবার বেছে নিন।",
    "upload.badRequest": "ফর্মটি পড়া যায়নি। আবার চেষ্টা করুন।",
    "upload.requestTooLarge": "আপলোডটি অনেক বড়: সর্বোচ্চ ১০টি ছবি পাঠান, প্রতিটি ১০ এমবি পর্যন্ত।",
    "upload.fixErrors": "চিহ্নিত ঘরগুলো ঠিক করুন।",
    "upload.chosen": "বেছে নেওয়া হয়েছে: {names}",
    "upload.noneChosen": "কোনো ফাইল বেছে নেওয়া হয়নি",
    "upload.progress": "আপলোড হচ্ছে… {percent}%",
    "upload.progressLabel": "আপলোডের অগ্রগতি",
    "upload.preview": "{file}-এর প্রিভিউ",
    "upload.networkError": "আপলোড হয়নি (নেটওয়ার্কের সমস্যা)। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।",
    "upload.limits": "JPEG, PNG, WebP, GIF, TIFF বা AVIF; সর্বোচ্চ {max}টি ছবি, প্রতিটি {mb} এমবি পর্যন্ত।",
  },
});

import { bilingual } from "./bilingual";

/**
 * The texts of the catalogue's listing pages (home, /products, search results) and their search box
 * and pagination, in both languages. Only those pages' route modules (and the back office, whose
 * lists use the same pagination) register them, so a product page never downloads them
 * (docs/decisions/023-languages-in-the-url.md).
 */
export const listingMessages = bilingual({
  en: {
    "home.searchPlaceholder": "Search products...",
    "home.searchLabel": "Search products",
    "home.searchButton": "Search",
    "home.shopByCategory": "Shop by Category",
    "home.featured": "Featured Products",
    "home.noCategories": "No categories yet.",
    "home.noFeatured": "No featured products yet.",

    "products.title": "Products",
    "products.categories": "Categories",
    "products.sortLabel": "Sort products",
    "products.sort.name": "Sort by Name",
    "products.sort.priceAsc": "Price: Low to High",
    "products.sort.priceDesc": "Price: High to Low",
    "products.sortApply": "Apply",
    "products.count": "{count} products",
    "products.searchResults": "Results for “{q}”",
    "products.empty": "No products match your choice.",
    "products.emptyHint": "Try another category or search, or see all products.",
    "products.showAll": "Show all products",

    "pagination.label": "Pages",
    "pagination.previous": "Previous page",
    "pagination.next": "Next page",
    "pagination.status": "Page {page} of {pageCount}",

    "search.suggestionsLabel": "Suggestions",
    "search.suggestionsCount": "{count} suggestions",
    "search.suggestionsCountOne": "1 suggestion",
    "search.noSuggestions": "No suggestions",
    "search.noMatches": "No products match “{q}”",
    "search.inCategory": "Search in {category}",
    "search.allProducts": "All products",
    "search.clearSearch": "Clear the search",
    "search.clearCategory": "Search all categories",
    "search.emptyFor": "No products match “{q}”.",
    "search.pageLink": "Page {page}",

    "card.chooseOptionsLabel": "Choose options: {name}",

    "seo.pageNumber": "{title}, page {page}",
    "seo.searchTitle": "Search results for “{q}”",
    "seo.productsDescription": "All products of {shop}, with prices in taka and cash on delivery.",
    "seo.categoryDescription": "{category} at {shop}: {count} products, with prices in taka and cash on delivery.",
    "seo.searchDescription": "Products of {shop} whose name contains “{q}”.",
  },
  bn: {
    "home.searchPlaceholder": "পণ্য খুঁজুন...",
    "home.searchLabel": "পণ্য খুঁজুন",
    "home.searchButton": "খুঁজুন",
    "home.shopByCategory": "ক্যাটাগরি অনুযায়ী কিনুন",
    "home.featured": "বাছাই করা পণ্য",
    "home.noCategories": "এখনো কোনো ক্যাটাগরি নেই।",
    "home.noFeatured": "এখনো কোনো বাছাই করা পণ্য নেই।",

    "products.title": "পণ্যসমূহ",
    "products.categories": "ক্যাটাগরি",
    "products.sortLabel": "পণ্য সাজান",
    "products.sort.name": "নাম অনুযায়ী",
    "products.sort.priceAsc": "দাম: কম থেকে বেশি",
    "products.sort.priceDesc": "দাম: বেশি থেকে কম",
    "products.sortApply": "সাজান",
    "products.count": "{count}টি পণ্য",
    "products.searchResults": "“{q}”-এর ফলাফল",
    "products.empty": "আপনার পছন্দের সাথে মেলে এমন কোনো পণ্য নেই।",
    "products.emptyHint": "অন্য ক্যাটাগরি বা অন্য কিছু লিখে খুঁজুন, অথবা সব পণ্য দেখুন।",
    "products.showAll": "সব পণ্য দেখুন",

    "pagination.label": "পেজ",
    "pagination.previous": "আগের পেজ",
    "pagination.next": "পরের পেজ",
    "pagination.status": "পেজ {page}/{pageCount}",

    "search.suggestionsLabel": "পরামর্শ",
    "search.suggestionsCount": "{count}টি পরামর্শ",
    "search.suggestionsCountOne": "১টি পরামর্শ",
    "search.noSuggestions": "কোনো পরামর্শ নেই",
    "search.noMatches": "“{q}” নামে কোনো পণ্য নেই",
    "search.inCategory": "{category}-এ খুঁজুন",
    "search.allProducts": "সব পণ্য",
    "search.clearSearch": "খোঁজা মুছে ফেলুন",
    "search.clearCategory": "সব ক্যাটাগরিতে খুঁজুন",
    "search.emptyFor": "“{q}” নামে কোনো পণ্য নেই।",
    "search.pageLink": "পেজ {page}",

    "card.chooseOptionsLabel": "অপশন বেছে নিন: {name}",

    "seo.pageNumber": "{title}, পেজ {page}",
    "seo.searchTitle": "“{q}”-এর খোঁজের ফলাফল",
    "seo.productsDescription": "{shop}-এর সব পণ্য, টাকায় দাম, ক্যাশ অন ডেলিভারি।",
    "seo.categoryDescription": "{shop}-এ {category}: {count}টি পণ্য, টাকায় দাম, ক্যাশ অন ডেলিভারি।",
    "seo.searchDescription": "{shop}-এর যেসব পণ্যের নামে “{q}” আছে।",
  },
});

/** A key of the listing pages' texts. */
export type ListingMessageKey = keyof (typeof listingMessages)["en"];

/**
 * The texts of the catalogue's listing pages (home, /products, search results) and their search box
 * and pagination, in both languages. Only those pages' route modules (and the back office, whose
 * lists use the same pagination) register them, so a product page never downloads them
 * (docs/decisions/023-languages-in-the-url.md).
 */
export const listingMessages = {
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

    "seo.pageNumber": "{title}, page {page}",
    "seo.searchTitle": "Search results for “{q}”",
    "seo.productsDescription": "All products of {shop}, with prices in taka and cash on delivery.",
    "seo.categoryDescription": "{category} at {shop}: {count} products, with prices in taka and cash on delivery.",
    "seo.searchDescription": "Products of {shop} whose name contains “{q}”.",
  },
  bn: {
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

    "seo.pageNumber": "{title}, page {page}",
    "seo.searchTitle": "Search results for “{q}”",
    "seo.productsDescription": "All products of {shop}, with prices in taka and cash on delivery.",
    "seo.categoryDescription": "{category} at {shop}: {count} products, with prices in taka and cash on delivery.",
    "seo.searchDescription": "Products of {shop} whose name contains “{q}”.",
  },
} as const satisfies Record<"en" | "bn", Record<string, string>>;

/** A key of the listing pages' texts. */
export type ListingMessageKey = keyof (typeof listingMessages)["en"];

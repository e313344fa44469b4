import type { PageCatalogue } from "./index";

// TEMPORARY: English text until the Bangla translation lands.
export const bn: PageCatalogue = {
  // Layout, spec section 2
  "nav.products": "Products",
  "nav.cart": "Cart",
  "nav.cartWithCount": "Cart, {count} items",
  "nav.skipToContent": "Skip to main content",
  "nav.mainLabel": "Main",
  "nav.switchLanguage": "Read this page in",
  "footer.about": "About",
  "footer.quickLinks": "Quick Links",
  "footer.contact": "Contact",
  "footer.admin": "Admin",
  "footer.rights": "© {year} {shop}. All rights reserved",

  // Home
  "home.searchPlaceholder": "Search products...",
  "home.searchLabel": "Search products",
  "home.searchButton": "Search",
  "home.shopByCategory": "Shop by Category",
  "home.featured": "Featured Products",
  "home.noCategories": "No categories yet.",
  "home.noFeatured": "No featured products yet.",

  // Products list
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

  // Pagination
  "pagination.label": "Pages",
  "pagination.previous": "Previous page",
  "pagination.next": "Next page",
  "pagination.status": "Page {page} of {pageCount}",

  // Product card and product page
  "product.addToCart": "Add to Cart",
  "product.buyNow": "Buy Now",
  "card.addToCart": "Add to Cart",
  "card.buyNow": "Buy now",
  "card.addToCartLabel": "Add to Cart: {name}",
  "card.buyNowLabel": "Buy now: {name}",
  "product.notFound": "Product not found",
  "product.loadFailed": "Failed to load product details",
  "product.noImage": "No image available",
  "product.off": "{percent}% OFF",
  "product.category": "Category",
  "product.quantity": "Quantity",
  "product.originalPrice": "Original price",
  "product.imageOf": "Image {index} of {count}: {name}",
  "product.backToProducts": "Back to Products",

  // Cart, spec section 2 and 4
  "cart.empty": "Your cart is empty",
  "cart.productRemoved": "A product in your cart is no longer sold and was removed.",

  // Checkout, spec sections 4, 5, 8, 9
  // Order success, spec section 2
  "success.title": "Order Placed Successfully!",
  "success.body": "Thank you for your order. We'll contact you soon with delivery details.",
  "success.orderNumber": "Your order number is #{id}.",
  "success.continueShopping": "Continue Shopping",

  // Admin, spec section 2

  "admin.order.notFound": "Order not found",

  "status.pending": "pending",
  "status.processing": "processing",
  "status.shipped": "shipped",
  "status.delivered": "delivered",
  "status.cancelled": "cancelled",

  // Errors

  // Search
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

  // Product page and gallery
  "breadcrumbs.label": "Breadcrumb",
  "breadcrumbs.home": "Home",
  "breadcrumbs.products": "Products",
  "gallery.label": "Images of {name}",
  "gallery.previous": "Previous image",
  "gallery.next": "Next image",
  "gallery.show": "Show image {index} of {count}",
  "gallery.enlarge": "Enlarge image {index} of {count}",
  "gallery.fullSize": "Image {index} of {count}, full size",
  "gallery.position": "Image {index} of {count}",
  "gallery.preview": "Image preview: {name}",
  "gallery.close": "Close preview",
  "stepper.decrease": "Decrease by one",
  "stepper.increase": "Increase by one",

  // Seo and caching
  "seo.title": "{title} | {shop}",
  "seo.home": "Home",
  "seo.pageNumber": "{title}, page {page}",
  "seo.searchTitle": "Search results for “{q}”",
  "seo.productsDescription": "All products of {shop}, with prices in taka and cash on delivery.",
  "seo.categoryDescription": "{category} at {shop}: {count} products, with prices in taka and cash on delivery.",
  "seo.searchDescription": "Products of {shop} whose name contains “{q}”.",

  // Cart with JavaScript
  "cartJs.added": "Added {name} to the cart.",
  "cartJs.addedButton": "Added",
  "cartJs.addedLabel": "Added to cart: {name}",
  "cartJs.updated": "{name}: quantity changed to {quantity}.",
  "cartJs.removed": "Removed {name} from the cart.",
  "cartJs.addFailed": "{name} was not added to the cart. {reason}",
  "cartJs.updateFailed": "The quantity of {name} was not changed. {reason}",
  "cartJs.removeFailed": "{name} was not removed from the cart. {reason}",
  "cartJs.networkError": "The shop could not be reached. Please check your connection and try again.",
};

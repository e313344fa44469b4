/**
 * The storefront's page messages in English: the texts any storefront page may show (header,
 * navigation and footer, product card and product page, order status names). The English layout
 * route registers it, so an English page downloads these texts and a Bangla page does not: unlike
 * the other message modules (`{ en, bn }`, see app/i18n/index.ts), this one and bn.ts are one
 * module per language. `{name}` marks a placeholder filled by `t()`.
 */
export const en = {
  // Layout: header, navigation and footer
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
  "footer.trackOrder": "Track your order",
  "footer.rights": "© {year} {shop}. All rights reserved",

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
  "product.from": "from {price}",
  "product.chooseOptions": "Choose options",
  "product.sku": "SKU {sku}",
  "product.show": "Show",
  "product.unavailable": "This combination is not available",

  // Order statuses, as shoppers and staff read them
  "status.pending": "pending",
  "status.processing": "processing",
  "status.shipped": "shipped",
  "status.delivered": "delivered",
  "status.cancelled": "cancelled",

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
  "stock.out": "Out of stock",
  "stock.low": "Only {count} left",
  "stock.in": "In stock",
  "notFound.help": "Search for what you were looking for, or start from the home page or the list of all products.",
  "notFound.allProducts": "See all products",
} as const;

export type MessageKey = keyof typeof en;

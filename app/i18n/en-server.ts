/**
 * The English messages only the server sends: what an action answers (checkout and cart refusals,
 * the form's field messages, the Added toast). They never travel in a page's JavaScript: the
 * server's translator (app/server/i18n.server.ts) knows them, components cannot ask for them.
 * The Bangla ones are in bn-server.ts.
 */
export const enServer = {
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
} as const;

/** A key of the server-only messages. */
export type ServerMessageKey = keyof typeof enServer;

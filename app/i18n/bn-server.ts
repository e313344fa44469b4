import type { ServerMessageKey } from "./en-server";

// TEMPORARY: English text until the Bangla translation lands.
export const bnServer: Record<ServerMessageKey, string> = {
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
};

import { describe, expect, it, vi } from "vitest";
import { clearCartFeedback, getCartFeedback, publishCartFeedback, subscribeCartFeedback } from "./cart-feedback";

describe("cart feedback store", () => {
  it("keeps the latest success and error, notifies subscribers, and clears by id", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeCartFeedback(listener);

    publishCartFeedback("error", "Lamp was not added to the cart.");
    const error = getCartFeedback().error!;
    expect(error).toMatchObject({ kind: "error", message: "Lamp was not added to the cart.", visible: true });

    publishCartFeedback("success", "Quantity changed.", { visible: false });
    // A success describes the cart as it now is: the older error goes.
    expect(getCartFeedback()).toMatchObject({ success: { message: "Quantity changed.", visible: false }, error: null });

    publishCartFeedback("error", "Fan was not removed.");
    const { success, error: latest } = getCartFeedback();
    expect(success?.message).toBe("Quantity changed.");
    clearCartFeedback(error.id); // an old id changes nothing
    expect(getCartFeedback().error).toBe(latest);
    clearCartFeedback(latest!.id);
    expect(getCartFeedback().error).toBeNull();
    expect(listener).toHaveBeenCalledTimes(5);

    unsubscribe();
    publishCartFeedback("success", "Added.");
    expect(listener).toHaveBeenCalledTimes(5);
  });
});

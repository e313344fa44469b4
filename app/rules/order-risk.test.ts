import { describe, expect, it } from "vitest";
import {
  addToHistory,
  DUPLICATE_WINDOW_MS,
  likelyDuplicates,
  nameKey,
  NO_HISTORY,
  type OrderForDuplicateCheck,
} from "./order-risk";

const at = (hours: number) => new Date(Date.UTC(2026, 10, 25, 6) + hours * 3_600_000);

describe("addToHistory", () => {
  it("counts delivered and cancelled orders, and everything else as open", () => {
    let history = addToHistory(NO_HISTORY, "delivered", 3);
    history = addToHistory(history, "cancelled", 1);
    history = addToHistory(history, "pending", 1);
    history = addToHistory(history, "shipped", 2);
    expect(history).toEqual({ delivered: 3, cancelled: 1, returned: 0, open: 3 });
    expect(NO_HISTORY).toEqual({ delivered: 0, cancelled: 0, returned: 0, open: 0 });
  });

  it("counts a parcel the courier brought back as returned, whatever our status says", () => {
    let history = addToHistory(NO_HISTORY, "cancelled", 2, "returned");
    history = addToHistory(history, "shipped", 1, "returned");
    history = addToHistory(history, "cancelled", 1, null);
    history = addToHistory(history, "delivered", 1, "delivered");
    expect(history).toEqual({ delivered: 1, cancelled: 1, returned: 3, open: 0 });
  });
});

/** An order for the duplicate check: phone, name and address the same unless given. */
function order(id: number, hours: number, products: (number | string)[], over: Partial<OrderForDuplicateCheck> = {}) {
  return {
    id,
    createdAt: at(hours),
    products,
    phone: "01711000000",
    name: "Rahim Uddin",
    addressKey: "house4road2|mirpur10|dhaka",
    ...over,
  };
}

describe("likelyDuplicates by phone", () => {
  const self = order(10, 0, [7, 3]);

  it("finds orders with the same products within six hours, before or after, quantities aside", () => {
    const others = [
      order(11, 2, [3, 7, 7]),
      order(9, -5.9, [7, 3]),
      order(12, 6.1, [7, 3]),
      order(13, 1, [7]),
      order(14, 1, [7, 3, 5]),
      order(10, 0, [7, 3]),
    ];
    expect(likelyDuplicates(self, others)).toEqual({ samePhone: [9, 11], sameAddress: [] });
  });

  it("takes the window's edge as inside it", () => {
    const edge = { ...order(2, 0, [3, 7]), createdAt: new Date(self.createdAt.getTime() + DUPLICATE_WINDOW_MS) };
    expect(likelyDuplicates(self, [edge]).samePhone).toEqual([2]);
  });

  it("compares a deleted product by its name, never equal to a product id", () => {
    const named = order(1, 0, ["Brass Lamp"]);
    expect(likelyDuplicates(named, [order(2, 1, ["Brass Lamp"])]).samePhone).toEqual([2]);
    expect(likelyDuplicates(named, [order(3, 1, [7])]).samePhone).toEqual([]);
  });

  it("needs nothing but the phone: another name or address from one phone is still a duplicate", () => {
    const other = order(2, 1, [7, 3], { name: "Someone Else", addressKey: "elsewhere||dhaka" });
    expect(likelyDuplicates(self, [other])).toEqual({ samePhone: [2], sameAddress: [] });
  });
});

describe("likelyDuplicates by name and address", () => {
  const self = order(10, 0, [7, 3]);

  it("finds orders from other phones to the same name and address, with the same products, in the window", () => {
    const others = [
      order(11, 0.05, [7, 3], { phone: "01811000001" }),
      order(12, -3, [3, 7], { phone: "01911000002", name: "  RAHIM  uddin. " }),
      order(13, 7, [7, 3], { phone: "01511000003" }), // outside the window
      order(14, 1, [7], { phone: "01611000004" }), // other products
    ];
    expect(likelyDuplicates(self, others)).toEqual({ samePhone: [], sameAddress: [11, 12] });
  });

  it("eight orders within four minutes from eight new phones to one name and address: each is a duplicate of the seven others", () => {
    const flood = Array.from({ length: 8 }, (_, i) => order(i + 1, (i * 0.5) / 60, [7], { phone: `0171100000${i}` }));
    for (const one of flood) {
      expect(likelyDuplicates(one, flood).sameAddress).toEqual(flood.map((o) => o.id).filter((id) => id !== one.id));
    }
  });

  it("does not match another name at the same address, the same name at another address, or an order without an address key", () => {
    const others = [
      order(11, 1, [7, 3], { phone: "01811000001", name: "Karim Uddin" }),
      order(12, 1, [7, 3], { phone: "01811000002", addressKey: "house5road2|mirpur10|dhaka" }),
      order(13, 1, [7, 3], { phone: "01811000003", addressKey: null }),
    ];
    expect(likelyDuplicates(self, others)).toEqual({ samePhone: [], sameAddress: [] });
    expect(
      likelyDuplicates({ ...self, addressKey: null }, [
        order(14, 1, [7, 3], { phone: "01811000004", addressKey: null }),
      ]),
    ).toEqual({
      samePhone: [],
      sameAddress: [],
    });
  });
});

describe("nameKey", () => {
  it("reads two typings of one name as one: case, spaces, punctuation, accents, Mohammad's spellings", () => {
    expect(nameKey("Md. Rahim  Uddin")).toBe("md rahim uddin");
    expect(nameKey("MOHAMMAD RAHIM-UDDIN")).toBe("md rahim uddin");
    expect(nameKey(" mohammed\u200b rahim uddin ")).toBe("md rahim uddin");
    expect(nameKey("Ｒａｈｉｍ Uddín")).toBe("rahim uddin");
    expect(nameKey("মোঃ রহিম উদ্দিন")).toBe("md রহিম উদ্দিন");
    expect(nameKey("মোহাম্মদ রহিম  উদ্দিন।")).toBe("md রহিম উদ্দিন");
  });

  it("keeps different names apart", () => {
    expect(nameKey("Rahim Uddin")).not.toBe(nameKey("Md Rahim Uddin"));
    expect(nameKey("Rahim Uddin")).not.toBe(nameKey("Rahima Uddin"));
    expect(nameKey("Rahim Uddin")).not.toBe(nameKey("Uddin Rahim"));
  });
});

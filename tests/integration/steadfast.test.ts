/**
 * The Steadfast adapter (app/server/couriers/steadfast.server.ts) against a local server that
 * implements Steadfast's documented API (tests/support/steadfast-server.ts): one consignment, a bulk
 * of them with a refused parcel, the statuses mapped to ours, and the error answers: a wrong key, a
 * refused field, an unreachable server, a timeout, a redirect (never followed, the keys never sent on).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CourierError, CourierRedirectError, type ConsignmentRequest } from "~/server/couriers/courier";
import { steadfastCourier, steadfastState } from "~/server/couriers/steadfast.server";
import { startFakeSteadfast, startHeaderRecorder, type FakeSteadfast } from "../support/steadfast-server";

let steadfast: FakeSteadfast;

beforeEach(async () => {
  steadfast = await startFakeSteadfast();
});
afterEach(async () => {
  await steadfast.close();
});

const courier = (overrides: { apiKey?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  steadfastCourier({
    apiKey: overrides.apiKey ?? steadfast.apiKey,
    secretKey: steadfast.secretKey,
    baseUrl: overrides.baseUrl ?? steadfast.baseUrl,
    timeoutMs: overrides.timeoutMs,
  });

const parcel = (invoice: string, overrides: Partial<ConsignmentRequest> = {}): ConsignmentRequest => ({
  invoice,
  recipientName: "Rahima Akter",
  recipientPhone: "01712345678",
  recipientAddress: "House 4, Road 2, Mirpur 10, Dhaka",
  codAmountPaisa: 125_050,
  note: "Call before coming",
  itemDescription: "Lamp × 2",
  ...overrides,
});

describe("the Steadfast adapter", () => {
  it("creates a consignment with the documented fields, the amount in taka and the keys in headers", async () => {
    const created = await courier().createConsignment(parcel("haat-101"));
    expect(created).toMatchObject({ invoice: "haat-101", courierStatus: "in_review" });
    expect(created.trackingCode).toMatch(/^B0[0-9A-F]+$/);
    const request = steadfast.requests.at(-1)!;
    expect(request).toMatchObject({ method: "POST", path: "/create_order" });
    expect(request.headers["api-key"]).toBe(steadfast.apiKey);
    expect(request.headers["secret-key"]).toBe(steadfast.secretKey);
    expect(request.body).toEqual({
      invoice: "haat-101",
      recipient_name: "Rahima Akter",
      recipient_phone: "01712345678",
      recipient_address: "House 4, Road 2, Mirpur 10, Dhaka",
      cod_amount: 1250.5,
      note: "Call before coming",
      item_description: "Lamp × 2",
    });
    expect(steadfast.consignments.get("haat-101")?.consignmentId).toBe(Number(created.consignmentId));
  });

  it("creates many at once and reports each parcel, a refused one included, in order", async () => {
    await courier().createConsignment(parcel("haat-201"));
    const results = await courier().createConsignments([
      parcel("haat-202"),
      parcel("haat-201"), // already sent: Steadfast refuses a second consignment for it
      parcel("haat-203", { recipientPhone: "12345" }),
      parcel("haat-204"),
    ]);
    expect(results.map((result) => [result.invoice, result.ok])).toEqual([
      ["haat-202", true],
      ["haat-201", false],
      ["haat-203", false],
      ["haat-204", true],
    ]);
    expect(steadfast.requests.at(-1)).toMatchObject({ method: "POST", path: "/create_order/bulk-order" });
  });

  it("refuses more than 500 parcels in one request without sending it", async () => {
    const many = Array.from({ length: 501 }, (_, i) => parcel(`haat-bulk-${i}`));
    await expect(courier().createConsignments(many)).rejects.toMatchObject({ kind: "refused" });
    expect(steadfast.requests).toHaveLength(0);
  });

  it("reads a parcel's status by invoice and maps it to ours", async () => {
    await courier().createConsignment(parcel("haat-301"));
    expect(await courier().deliveryStatus("haat-301")).toEqual({
      state: "with-courier",
      courierStatus: "in_review",
      final: false,
    });
    steadfast.setStatus("haat-301", "cancelled_approval_pending");
    expect(await courier().deliveryStatus("haat-301")).toEqual({
      state: "returned",
      courierStatus: "cancelled_approval_pending",
      final: false,
    });
    steadfast.setStatus("haat-301", "delivered");
    expect(await courier().deliveryStatus("haat-301")).toEqual({
      state: "delivered",
      courierStatus: "delivered",
      final: true,
    });
    await expect(courier().deliveryStatus("haat-999")).rejects.toMatchObject({ kind: "refused" });
  });

  it("checks the account with the balance, in paisa", async () => {
    expect(await courier().checkAccount()).toEqual({ balancePaisa: 152_050 });
    expect(steadfast.requests.at(-1)).toMatchObject({ method: "GET", path: "/get_balance" });
  });

  it("says which field Steadfast refused", async () => {
    const refused = courier().createConsignment(parcel("haat-401", { recipientPhone: "017123" }));
    await expect(refused).rejects.toThrow(CourierError);
    await expect(courier().createConsignment(parcel("haat-402", { recipientPhone: "017123" }))).rejects.toThrow(
      "The recipient phone must be 11 digits.",
    );
  });

  it("tells a wrong key, an unreachable server and a timeout apart", async () => {
    await expect(courier({ apiKey: "wrong" }).createConsignment(parcel("haat-501"))).rejects.toMatchObject({
      kind: "unauthorised",
    });
    await expect(
      courier({ baseUrl: "http://127.0.0.1:9/api/v1" }).createConsignment(parcel("haat-502")),
    ).rejects.toMatchObject({ kind: "unreachable", message: "Steadfast could not be reached." });
    steadfast.delayMs = 500;
    await expect(courier({ timeoutMs: 100 }).createConsignment(parcel("haat-503"))).rejects.toMatchObject({
      kind: "timeout",
      message: "Steadfast did not answer within 0.1 s.",
    });
  });

  it("never follows a redirect: every call fails as redirected and the other host receives nothing, keys least of all", async () => {
    const elsewhere = await startHeaderRecorder();
    try {
      for (const status of [301, 302, 303, 307, 308]) {
        steadfast.redirect = { status, to: elsewhere.origin };
        const calls = [
          () => courier().createConsignment(parcel(`haat-60${status}`)),
          () => courier().createConsignments([parcel(`haat-61${status}`), parcel(`haat-62${status}`)]),
          () => courier().deliveryStatus("haat-601"),
          () => courier().checkAccount(),
        ];
        for (const call of calls) {
          const error = await call().then(
            () => null,
            (thrown: unknown) => thrown,
          );
          expect(error, `HTTP ${status}`).toBeInstanceOf(CourierRedirectError);
          expect(error).toMatchObject({ kind: "redirected", status, target: elsewhere.origin });
          expect((error as Error).message).not.toContain(steadfast.apiKey);
          expect((error as Error).message).not.toContain(steadfast.secretKey);
        }
      }
      expect(elsewhere.requests).toEqual([]);
      expect(steadfast.consignments.size).toBe(0);
    } finally {
      steadfast.redirect = null;
      await elsewhere.close();
    }
  });

  it("maps every documented status, and an undocumented one to unknown", () => {
    expect(steadfastState("pending")).toBe("with-courier");
    expect(steadfastState("hold")).toBe("on-hold");
    expect(steadfastState("partial_delivered")).toBe("partly-delivered");
    expect(steadfastState("delivered_approval_pending")).toBe("delivered");
    expect(steadfastState("lost_in_space")).toBe("unknown");
  });
});

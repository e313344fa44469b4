/** The key per-address limits count a client under: one IPv6 subscriber's /64, an IPv4 address as it is. */
import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.server";

describe("clientKey", () => {
  it("counts an IPv6 address by its /64 network, however it is written", () => {
    expect(clientKey("2001:db8:7:1::5")).toBe("2001:db8:7:1::/64");
    expect(clientKey("2001:0DB8:0007:0001:abcd:1:2:3")).toBe("2001:db8:7:1::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps an IPv4 address, also when written as IPv6, and anything else as given", () => {
    expect(clientKey("103.4.145.2")).toBe("103.4.145.2");
    expect(clientKey("::ffff:103.4.145.2")).toBe("103.4.145.2");
    expect(clientKey("unknown")).toBe("unknown");
  });
});

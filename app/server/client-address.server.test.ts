import { describe, expect, it } from "vitest";
import { readableAddress } from "./client-address.server";

describe("readableAddress", () => {
  it("says a loopback address is this computer, in IPv6, IPv4 and IPv4-mapped form", () => {
    for (const address of ["::1", "127.0.0.1", "127.8.9.1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"])
      expect(readableAddress(address), address).toEqual({ loopback: true, text: expect.any(String) });
  });

  it("shows an IPv4-mapped IPv6 address as its IPv4 address, and IPv6 in its short form", () => {
    expect(readableAddress("::ffff:203.0.113.5")).toEqual({ loopback: false, text: "203.0.113.5" });
    expect(readableAddress("::FFFF:CB00:7105")).toEqual({ loopback: false, text: "203.0.113.5" });
    expect(readableAddress("203.0.113.5")).toEqual({ loopback: false, text: "203.0.113.5" });
    expect(readableAddress("2001:0DB8:0000:0000:0000:0000:0000:0042")).toEqual({ loopback: false, text: "2001:db8::42" });
    expect(readableAddress("fe80::1%eth0")).toEqual({ loopback: false, text: "fe80::1" });
  });

  it("shows anything that is not an IP address as stored", () => {
    expect(readableAddress("unknown")).toEqual({ loopback: false, text: "unknown" });
    expect(readableAddress("0x7f.1")).toEqual({ loopback: false, text: "0x7f.1" });
  });
});

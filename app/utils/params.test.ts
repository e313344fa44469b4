import { describe, expect, it } from "vitest";
import { MAX_RECORD_ID, parseId, requireId } from "./params";

describe("record ids in URLs", () => {
  it("reads a plainly written positive 32-bit integer", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId(String(MAX_RECORD_ID))).toBe(MAX_RECORD_ID);
  });

  it("refuses anything else", () => {
    for (const value of [
      null,
      undefined,
      "",
      "0",
      "01",
      "-3",
      "+3",
      "1.5",
      "1e3",
      " 3",
      "abc",
      "2147483648",
      "99999999999",
    ]) {
      expect(parseId(value), JSON.stringify(value)).toBeNull();
    }
  });

  it("requireId throws a 404 Response for a bad id", () => {
    expect(requireId("7")).toBe(7);
    try {
      requireId("07");
      expect.unreachable("requireId accepted 07");
    } catch (thrown) {
      expect(thrown).toBeInstanceOf(Response);
      expect(thrown).toMatchObject({ status: 404 });
    }
  });
});

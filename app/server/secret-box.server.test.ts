import { describe, expect, it } from "vitest";
import { seal, unseal } from "./secret-box.server";

const secret = "a-session-secret-of-at-least-32-characters";

describe("the secret box", () => {
  it("opens what it sealed, and seals the same value differently each time", () => {
    const first = seal("steadfast-api-key-1234", secret);
    const second = seal("steadfast-api-key-1234", secret);
    expect(first).not.toBe(second);
    expect(first).not.toContain("steadfast-api-key");
    expect(unseal(first, secret)).toBe("steadfast-api-key-1234");
    expect(unseal(second, secret)).toBe("steadfast-api-key-1234");
  });

  it("cannot open a value under another secret, altered, or not sealed at all", () => {
    const sealed = seal("key", secret);
    expect(unseal(sealed, "another-session-secret-of-32-characters!")).toBeNull();
    const [iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(unseal([iv, tag, flipped.toString("base64url")].join("."), secret)).toBeNull();
    expect(unseal("plain-text-key", secret)).toBeNull();
  });
});

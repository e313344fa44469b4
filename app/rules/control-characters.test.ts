import { describe, expect, it } from "vitest";
import { withoutControlCharacters } from "./control-characters";

describe("withoutControlCharacters", () => {
  it("removes C0 and C1 controls, DEL, lone surrogates and U+FFFE/U+FFFF, keeping tabs, line breaks and every letter", () => {
    expect(withoutControlCharacters("a\u0000b\u0001c\u000Bd\u001Be\u007Ff\u0085g\uD800h\uDC00i\uFFFEj\uFFFFk")).toBe(
      "abcdefghijk",
    );
    expect(withoutControlCharacters("one\ttwo\nthree\r\nfour")).toBe("one\ttwo\nthree\r\nfour");
    // A surrogate pair is one character (an emoji); Bangla's joiners are format characters, not controls.
    expect(withoutControlCharacters("ফ্যান 😀 র‍্যাব")).toBe("ফ্যান 😀 র‍্যাব");
  });
});

import { PassThrough, Writable, type Duplex } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { stripNul, withoutNul } from "./strip-nul.server";

/** The bytes React streams for `element`, piped through `through` (a PassThrough for the raw bytes). */
function render(element: ReturnType<typeof createElement>, through: Duplex): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    sink.on("error", reject);
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        through.pipe(sink);
        pipe(through);
      },
      onError: reject,
    });
  });
}

/**
 * A page whose short Bangla description (3 bytes a letter in UTF-8; React copies strings shorter
 * than 683 characters into its 2048-byte buffer) sits in a textarea after `padding` bytes of
 * ASCII text, so that, for some padding, a letter meets the buffer's edge.
 */
function bangladeshiTextarea(padding: number) {
  const text = "বেডরুম, দোকান আর অফিসের জন্য ঝকঝকে সাদা আলো। ২৫,০০০ ঘণ্টা চলে, ১৪০ থেকে ২৭০ ভোল্টেও আলো কাঁপে না।";
  const element = createElement(
    "div",
    null,
    createElement("p", null, "a".repeat(600)),
    createElement("p", null, "b".repeat(600)),
    createElement("p", null, "c".repeat(600 + padding)),
    createElement("textarea", { defaultValue: text, readOnly: true }),
  );
  return { text, element };
}

describe("stripNul", () => {
  it("drops only NUL bytes, keeping multi-byte characters whole", () => {
    const bytes = Buffer.concat([Buffer.from("ঘণ্টা "), Buffer.from([0, 0]), Buffer.from("চলে")]);
    expect(withoutNul(bytes).toString("utf8")).toBe("ঘণ্টা চলে");
    const clean = Buffer.from("<p>হাট</p>");
    expect(withoutNul(clean)).toBe(clean);
  });

  it("repairs what React 18 streams when a Bangla letter meets its 2048-byte buffer edge", async () => {
    // Each padding puts the edge at another byte; some of them fall inside a letter.
    let sawNul = false;
    for (let padding = 0; padding < 240; padding += 1) {
      const { text, element } = bangladeshiTextarea(padding);
      const raw = await render(element, new PassThrough());
      if (raw.includes(0)) sawNul = true;
      const repaired = await render(element, stripNul());
      expect(repaired.includes(0)).toBe(false);
      expect(repaired.toString("utf8")).toContain(text);
    }
    // The upstream defect this filter exists for (if React fixes it, the filter is no longer needed).
    expect(sawNul).toBe(true);
  });
});

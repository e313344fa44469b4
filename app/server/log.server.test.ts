/**
 * The server's log: masking of phones and e-mails in any part of a line, and the one line per
 * request written by the request logger, read back from a real Express server on a free port.
 */
import express from "express";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { normalizeBdMobile } from "~/rules/phone";
import { createLogger, createRequestLogger, maskPersonalData } from "./log.server";

describe("maskPersonalData", () => {
  it("keeps the last three digits of a Bangladeshi mobile number, however it is typed", () => {
    expect(maskPersonalData("call 01712345678 now")).toBe("call ********678 now");
    expect(maskPersonalData("+880 1712-345678")).toBe("+*** ****-***678");
    expect(maskPersonalData("8801812345678")).toBe("**********678");
    expect(maskPersonalData("ফোন ০১৭১২৩৪৫৬৭৮")).toBe("ফোন ********৬৭৮");
  });

  it("masks every form the checkout accepts as a phone: brackets, 00 and 0088 prefixes, dots, Bengali digits", () => {
    expect(maskPersonalData("(015) 61440952")).toBe("(***) *****952");
    expect(maskPersonalData("008801561440952")).toBe("************952");
    expect(maskPersonalData("00880 1561 440952")).toBe("***** **** ***952");
    expect(maskPersonalData("+880 1561-440952")).toBe("+*** ****-***952");
    expect(maskPersonalData("+88 (0156) 144-0952")).toBe("+** (****) ***-*952");
    expect(maskPersonalData("0156.1440.952")).toBe("****.****.952");
    expect(maskPersonalData("+৮৮০ ১৫৬১-৪৪০৯৫২")).toBe("+*** ****-***৯৫২");
    expect(maskPersonalData('{"phone":"(015) 61440952","q":"008801561440952"}')).toBe(
      '{"phone":"(***) *****952","q":"************952"}',
    );
    // Each of two numbers in one run of digits, and a number after an order number.
    expect(maskPersonalData("01712345678 01812345678")).toBe("********678 ********678");
    expect(maskPersonalData("order 1234 01712345678")).toBe("order 1234 ********678");
    // Whatever the checkout accepts, the log masks.
    for (const typed of ["(015) 61440952", "008801561440952", "+880 1561-440952", "০১৫৬১৪৪০৯৫২", "88 01561 440952"]) {
      expect(normalizeBdMobile(typed), typed).toBe("01561440952");
      expect(maskPersonalData(`phone ${typed}.`).match(/[0-9০-৯]/gu)?.length, typed).toBe(3);
    }
  });

  it("masks a number with any count and kind of separators the checkout accepts, in text and in a log line", () => {
    // A seeded generator: the same cases on every run.
    let seed = 0x5eed;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    // Every character JavaScript's \s matches (normalizeBdMobile strips them), and the others it strips.
    const spaces = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((char) =>
      /\s/.test(char),
    );
    const kinds = [...spaces, "-", ".", "(", ")"];
    const prefixes = ["", "+880", "880", "+88", "88", "0088", "00880", "+88 (", "("];
    const bengali = (text: string) => text.replace(/[0-9]/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
    const { logger, lines } = collectingLogger();
    let accepted = 0;
    for (let round = 0; round < 3000; round += 1) {
      const national = `01${pick(["3", "5", "7", "8", "9"])}${String(Math.floor(random() * 1e8)).padStart(8, "0")}`;
      const prefix = pick(prefixes);
      let digits = prefix.includes("880") && random() < 0.5 ? national.slice(1) : national;
      if (random() < 0.3) digits = bengali(digits);
      // Cut the number at 1 to 4 places, each joined by 1 to 12 separators of any kinds.
      const cuts = new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, () => 1 + Math.floor(random() * 9)));
      let typed = prefix;
      [...digits].forEach((digit, index) => {
        if (cuts.has(index)) {
          typed += Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick(kinds)).join("");
        }
        typed += digit;
      });
      if (normalizeBdMobile(typed) === null) continue;
      accepted += 1;
      const masked = maskPersonalData(`phone ${typed}, thanks`);
      expect(masked.match(/[0-9০-৯]/gu)?.length, JSON.stringify(typed)).toBe(3);
      // The line is masked after JSON has escaped it: a newline or a tab is "\n" or "\t" there.
      logger.info({ phone: typed }, "checkout");
      const logged = String(lines.at(-1)!.phone);
      expect(logged.match(/[0-9০-৯]/gu)?.length, JSON.stringify(typed)).toBe(3);
      expect(logged.replace(/[0-9০-৯*]/gu, "")).toBe(typed.replace(/[0-9০-৯]/gu, ""));
    }
    expect(accepted).toBeGreaterThan(1000);
    expect(maskPersonalData("017    12345678")).toBe("***    *****678");
    expect(maskPersonalData("017 -  1234 5678")).toBe("*** -  **** *678");
  });

  it("gives the right answer on long adversarial input, read once (no pattern retried from every position)", () => {
    const digits = "1".repeat(100_000);
    expect(maskPersonalData(digits)).toBe(digits);
    expect(maskPersonalData(`${digits} 01712345678`)).toBe(`${digits} ********678`);
    expect(maskPersonalData(`${"0 ".repeat(20_000)}01712345678`)).toBe(`${"0 ".repeat(20_000)}********678`);
    const letters = "a".repeat(100_000);
    expect(maskPersonalData(letters)).toBe(letters);
    expect(maskPersonalData(`${letters}@example.com`)).toBe("a***@example.com");
    expect(maskPersonalData(`${"1.".repeat(50_000)}x@example.com`)).toBe("1***@example.com");
    const spaced = `017${" ".repeat(50_000)}12345678`;
    expect(maskPersonalData(spaced)).toBe(`***${" ".repeat(50_000)}*****678`);
    // Two addresses written together are both masked, as before.
    expect(maskPersonalData("a@b.c_rahima@example.com")).toBe("a***@b.c_***@example.com");
  });

  it("keeps an e-mail address's first character and its domain", () => {
    expect(maskPersonalData("to rahima.akter+shop@example.com.bd,")).toBe("to r***@example.com.bd,");
    expect(maskPersonalData('{"email":"s1@haat.example"}')).toBe('{"email":"s***@haat.example"}');
  });

  it("leaves other numbers alone: order numbers, amounts, dates, ids, a landline", () => {
    const text = "order #123456 total 152050 paisa on 2026-11-25T10:20:30Z id 1795612451110 tel 029551234";
    expect(maskPersonalData(text)).toBe(text);
    const more = "time 1764067200000 ms 12.5 (2026) 11-25 ip 192.168.10.123 id 01234567890 (012 3456 7890)";
    expect(maskPersonalData(more)).toBe(more);
  });
});

/** A logger whose lines are collected, parsed. */
function collectingLogger(level = "info") {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger((line) => void lines.push(JSON.parse(line) as Record<string, unknown>), level);
  return { logger, lines };
}

describe("the log lines", () => {
  it("are JSON with a level name, an ISO time and the message; an error's stack is there, masked", () => {
    const { logger, lines } = collectingLogger();
    logger.error({ err: new Error("no parcel for 01712345678") }, "Courier failed for rahima@example.com");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", msg: "Courier failed for r***@example.com", pid: process.pid });
    expect(String(lines[0]!.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const err = lines[0]!.err as { message: string; stack: string };
    expect(err.message).toBe("no parcel for ********678");
    expect(err.stack).toContain("no parcel for ********678");
    expect(err.stack).toContain("log.server.test.ts");
    expect(JSON.stringify(lines)).not.toContain("01712345678");
  });

  it("follow the level: below it nothing is written", () => {
    const { logger, lines } = collectingLogger("warn");
    logger.info("quiet");
    logger.warn("loud");
    expect(lines.map((line) => line.msg)).toEqual(["loud"]);
  });
});

describe("the request logger", () => {
  it("writes one line per request with its id, method and path, status and duration, never a header", async () => {
    const { logger, lines } = collectingLogger("debug");
    const app = express();
    app.use(createRequestLogger(logger));
    app.get("/products", (_req, res) => void res.send("ok"));
    app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
    app.get("/boom", (_req, res) => {
      // The app logs the error once, with its stack, where it handles it (as handleError does).
      logger.error({ err: new Error("database is locked") }, "Request failed");
      res.status(500).send("sorry");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let requestId: string | null = null;
    try {
      const products = await fetch(`${origin}/products?q=lamp&phone=01712345678`, {
        headers: { Cookie: "haat_session=secret-session-value" },
      });
      requestId = products.headers.get("X-Request-Id");
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      await fetch(
        `${origin}/products?q=rahima%40example.com&phone=01712+345678&bn=%E0%A7%A6%E0%A7%A7%E0%A7%AD%E0%A7%A7%E0%A7%A8%E0%A7%A9%E0%A7%AA%E0%A7%AB%E0%A7%AC%E0%A7%AD%E0%A7%AE`,
      );
      const reused = await fetch(`${origin}/products`, { headers: { "X-Request-Id": "proxy-req-12345678" } });
      expect(reused.headers.get("X-Request-Id")).toBe("proxy-req-12345678");
      await fetch(`${origin}/boom`);
      await fetch(`${origin}/healthz`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }

    const requests = lines.filter((line) => line.req);
    expect(requests).toHaveLength(5);
    // Escaped in the address, a phone or an e-mail is still masked.
    const escaped = requests.splice(1, 1)[0]!;
    expect(escaped.req).toEqual({
      method: "GET",
      url: "/products?q=r***@example.com&phone=***** ***678&bn=********৬৭৮",
    });
    expect(requests[0]).toMatchObject({
      level: "info",
      msg: "request completed",
      req: { method: "GET", url: "/products?q=lamp&phone=********678" },
      res: { statusCode: 200 },
    });
    expect(requests[0]!.reqId).toBe(requestId);
    expect(Object.keys(requests[0]!.req as object)).toEqual(["method", "url"]);
    expect(typeof requests[0]!.responseTime).toBe("number");
    expect(requests[1]).toMatchObject({ reqId: "proxy-req-12345678" });
    expect(requests[2]).toMatchObject({ level: "error", msg: "request failed", res: { statusCode: 500 } });
    expect(requests[2]).not.toHaveProperty("err");
    expect(requests[3]).toMatchObject({ level: "debug", req: { url: "/healthz" } });
    // The error's stack is written once, by the line that handled it.
    expect(lines.filter((line) => JSON.stringify(line).includes("database is locked"))).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain("secret-session-value");
    expect(new Set(requests.map((line) => line.reqId)).size).toBe(4);
  });
});

/** `npm run bench:http`, step 6: the figures of the report (scripts/bench/bench-http.ts, section 6). */
import fs from "node:fs";

/** The p95 of the server's own times (`responseTime`, ms) for requests to exactly `url`, from its log. */
export function serverP95(logPath: string, url: string, method = "GET"): number {
  const times: number[] = [];
  for (const line of fs.readFileSync(logPath, "utf8").split("\n")) {
    if (!line.includes('"responseTime"')) continue;
    try {
      const entry = JSON.parse(line) as { req?: { url?: string; method?: string }; responseTime?: number };
      if (entry.req?.url === url && entry.req.method === method && typeof entry.responseTime === "number") {
        times.push(entry.responseTime);
      }
    } catch {
      // Not a request line.
    }
  }
  if (times.length === 0) return NaN;
  times.sort((a, b) => a - b);
  return times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!;
}

export const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "–");

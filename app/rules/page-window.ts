/**
 * Which page numbers a pager shows: always the first and last page, the current page and
 * `radius` pages either side of it, with "gap" where numbers are left out. A gap never hides a
 * single page (that page is shown instead), so the list is at most 2 × radius + 5 entries long.
 * Pages are 1-based; `page` is clamped into 1…pageCount; pageCount below 1 counts as 1.
 *
 * Example: pageWindow(5, 417) → [1, "gap", 4, 5, 6, "gap", 417].
 */
export function pageWindow(page: number, pageCount: number, radius = 1): (number | "gap")[] {
  const last = Math.max(1, Math.floor(pageCount));
  const current = Math.min(Math.max(1, Math.floor(page)), last);
  const shown = new Set<number>([1, last]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= last) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  for (const p of sorted) {
    const previous = result.length ? (result[result.length - 1] as number) : 0;
    if (p - previous === 2) result.push(previous + 1);
    else if (p - previous > 2) result.push("gap");
    result.push(p);
  }
  return result;
}

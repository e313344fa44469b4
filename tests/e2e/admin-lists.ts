/** The admin lists: paging (the page size, the pager, a wait for a new page) and the phone card layout check. */
import type { Page } from "@playwright/test";

/** Rows per admin list page (app/rules/pagination.ts ADMIN_PAGE_SIZE). */
export const PAGE_SIZE = 50;

/**
 * For the first check after a list navigation. With JavaScript the address changes before React
 * commits the new page (Remix renders navigations in a transition); on the shared 2-core machine
 * under load that render of 50 rows has been seen to take more than the default 5 s.
 */
export const SETTLED = { timeout: 15_000 };

/** The list's pager ("Previous page", "Page N", "Next page"). */
export const pager = (page: Page) => page.getByRole("navigation", { name: "Pages" });

/**
 * What breaks the back office's one card layout on a phone in the list table `table` (a CSS
 * selector; set a viewport below 640 px first), as messages, none when it holds: every card (a
 * `tbody tr`) shows its cells in the same place (each cell's left edge at the same offset in every
 * card), every value cell (all but the first, the card's title, and, with `actions`, the last) has
 * a visible label equal to its column's header, and with `actions` the last cell's controls are a
 * row at the bottom of the card, each in the same place in every card (by its text), at least 44 px
 * tall, the `destructive` one (Delete, Disable) last and at least 24 px from any other on its line.
 * The page itself must not scroll sideways.
 */
export async function cardLayoutProblems(
  page: Page,
  table: string,
  { actions = true, destructive = /^(Delete|Disable)$/ }: { actions?: boolean; destructive?: RegExp } = {},
): Promise<string[]> {
  return page.evaluate(
    ({ table, actions, destructive }) => {
      const problems: string[] = [];
      if (document.documentElement.scrollWidth > window.innerWidth) {
        problems.push(`page ${document.documentElement.scrollWidth}px wide`);
      }
      const root = document.querySelector(table);
      if (!root) return [`no ${table}`];
      const headers = Array.from(root.querySelectorAll("thead th")).map((th) => th.textContent?.trim() ?? "");
      const cards = Array.from(root.querySelectorAll<HTMLElement>("tbody > tr"));
      if (cards.length === 0) return [`${table}: no rows`];
      const cellLefts: number[][] = [];
      const places = new Map<string, { left: number; right: number }>();
      const isDestructive = new RegExp(destructive);
      for (const [n, card] of cards.entries()) {
        const box = card.getBoundingClientRect();
        const cells = Array.from(card.children) as HTMLElement[];
        cellLefts.push(cells.map((cell) => Math.round(cell.getBoundingClientRect().left - box.left)));
        const last = actions ? cells.length - 1 : cells.length;
        for (let i = 1; i < last; i++) {
          const label = getComputedStyle(cells[i]!, "::before").content.replace(/^"|"$/g, "");
          if (label !== headers[i])
            problems.push(`card ${n} cell ${i}: label ${JSON.stringify(label)}, not "${headers[i]}"`);
        }
        if (!actions) continue;
        const actionCell = cells[cells.length - 1]!;
        const others = cells.slice(0, -1).map((cell) => cell.getBoundingClientRect().bottom);
        const controls = Array.from(
          actionCell.querySelectorAll<HTMLElement>("a, button, summary, input:not([type=hidden])"),
        )
          .filter((control) => control.getBoundingClientRect().width > 1)
          .map((control) => ({
            text: control.innerText.trim() || control.getAttribute("placeholder") || "",
            box: control.getBoundingClientRect(),
          }));
        for (const [i, { text, box: at }] of controls.entries()) {
          if (at.top < Math.max(...others)) problems.push(`card ${n}: ${text} is not below the values`);
          if (at.height < 44) problems.push(`card ${n}: ${text} is ${Math.round(at.height)}px tall`);
          const place = { left: Math.round(at.left - box.left), right: Math.round(box.right - at.right) };
          const seen = places.get(text);
          if (!seen) places.set(text, place);
          else if (seen.left !== place.left || seen.right !== place.right) {
            problems.push(`card ${n}: ${text} at ${place.left}/${place.right}, elsewhere ${seen.left}/${seen.right}`);
          }
          if (!isDestructive.test(text)) continue;
          if (i !== controls.length - 1) problems.push(`card ${n}: ${text} is not the last action`);
          for (const other of controls) {
            if (other.text === text || other.box.bottom <= at.top || other.box.top >= at.bottom) continue;
            const gap = Math.max(at.left - other.box.right, other.box.left - at.right);
            if (gap < 24) problems.push(`card ${n}: ${text} is ${Math.round(gap)}px from ${other.text}`);
          }
        }
      }
      for (const [n, lefts] of cellLefts.entries()) {
        if (lefts.join() !== cellLefts[0]!.join())
          problems.push(`card ${n}: cells at ${lefts.join()}, card 0 ${cellLefts[0]!.join()}`);
      }
      return problems;
    },
    { table, actions, destructive: destructive.source },
  );
}

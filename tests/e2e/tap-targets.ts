/**
 * Tap-target size check for phone layouts, usable on any page (storefront or back office).
 *
 * A target is what a thumb can hit: every visible `a[href]`, `button`, `input` (not hidden),
 * `select`, `textarea`, `summary`, `[role=button]`, and a `label` wrapping a radio button or
 * checkbox (measured instead of the small box inside it). Left out: visually hidden elements (the
 * `sr-only` pattern: 1 px or clipped, e.g. the skip link until focused) and links inside running
 * text (WCAG 2.2 SC 2.5.8's "inline" exception: the text around the link constrains its size).
 *
 * The rule (a thumb's 44 × 44 CSS px, WCAG 2.2 SC 2.5.5, with SC 2.5.8's spacing idea for the
 * rest): a target passes when its box is at least `size` × `size`; a smaller target passes only
 * when it is at least `minSize` × `minSize` AND the `size` × `size` square centred on it overlaps
 * no other target's box, i.e. it would not touch a neighbour had it been full size: the empty space
 * around it makes up the difference. (2.5.8's own test, a 24 px circle around targets under 24 px,
 * is weaker: it passes any target of 24 × 24.) Everything else is returned as an offender.
 */
import type { Page } from "@playwright/test";

/** A target that fails the rule: how to find it and how big it is (CSS px, rounded to 0.1). */
export type TapTargetOffender = {
  /** A short CSS selector for it (tag, id, data-testid or classes, and its parent's). */
  selector: string;
  /** Its accessible text: aria-label, else its visible text, else value, name or type; at most 60 characters. */
  text: string;
  width: number;
  height: number;
  /** What is too close (selector of the nearest other target) when it is big enough but crowded. */
  crowdedBy?: string;
};

/** The thresholds of the rule, in CSS px. */
export type TapTargetOptions = {
  /** The full size needing no spacing (default 44). */
  size?: number;
  /** The smallest size any target may have, even with space around it (default 24, WCAG 2.5.8). */
  minSize?: number;
};

/**
 * Measures every tap target on `page` as it is now (set the viewport first, e.g. 360 × 800) and
 * returns those that fail the rule above, in document order; an empty array when all pass.
 * Targets outside the viewport are measured too (the whole page, not just what is on screen).
 * It runs a script in the page, so with JavaScript disabled open the page through a context that
 * allows scripts but blocks the app's (see tests/e2e/axe.ts, `scanPage`).
 */
export async function tapTargetOffenders(page: Page, options: TapTargetOptions = {}): Promise<TapTargetOffender[]> {
  const { size = 44, minSize = 24 } = options;
  return page.evaluate(
    ({ size, minSize }) => {
      const round = (n: number) => Math.round(n * 10) / 10;

      /** Visually hidden: the sr-only pattern (1 px, clipped) or not rendered at all. */
      const hidden = (el: Element): boolean => {
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) return true;
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return true;
        for (let node: Element | null = el; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)") return true;
          if (style.position === "absolute" && node !== el && node.getBoundingClientRect().width <= 1) return true;
        }
        return false;
      };

      /** Visible text under `root` outside `skip` and outside visually hidden elements. */
      const textOutside = (root: Element, skip: Element): string => {
        let text = "";
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || skip.contains(parent) || hidden(parent)) continue;
          text += node.textContent ?? "";
        }
        return text.trim();
      };

      /** A link in running text: displayed inline, with other visible text in its block. */
      const inlineInText = (el: Element): boolean => {
        if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
        let block = el.parentElement;
        while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
        return !!block && textOutside(block, el) !== "";
      };

      const describe = (el: Element): string => {
        const part = (node: Element) => {
          const tag = node.tagName.toLowerCase();
          if (node.id) return `${tag}#${node.id}`;
          const testId = node.getAttribute("data-testid");
          if (testId) return `${tag}[data-testid="${testId}"]`;
          const classes = [...node.classList].filter((c) => /^[a-z-]+$/.test(c)).slice(0, 2);
          return classes.length ? `${tag}.${classes.join(".")}` : tag;
        };
        return el.parentElement ? `${part(el.parentElement)} > ${part(el)}` : part(el);
      };

      const label = (el: Element): string => {
        const text =
          el.getAttribute("aria-label") ||
          (el as HTMLElement).innerText?.trim() ||
          (el as HTMLInputElement).value ||
          el.getAttribute("name") ||
          el.getAttribute("type") ||
          "";
        return text.replace(/\s+/g, " ").slice(0, 60);
      };

      const candidates = document.querySelectorAll(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], label",
      );
      const targets: Element[] = [];
      for (const el of candidates) {
        if (el.tagName === "LABEL") {
          // Only a label wrapping a radio button or checkbox is the target (its box stands in for it).
          if (!el.querySelector("input[type=radio], input[type=checkbox]")) continue;
        } else if (el.matches("input[type=radio], input[type=checkbox]") && el.closest("label")) {
          continue;
        }
        if (hidden(el) || inlineInText(el)) continue;
        targets.push(el);
      }

      const boxes = targets.map((el) => el.getBoundingClientRect());
      /** Whether the `side` × `side` square centred on `box` overlaps `other`. */
      const squareMeets = (box: DOMRect, other: DOMRect, side: number) => {
        const cx = box.x + box.width / 2;
        const cy = box.y + box.height / 2;
        const half = side / 2;
        return cx - half < other.right && cx + half > other.left && cy - half < other.bottom && cy + half > other.top;
      };

      const offenders = [];
      for (const [i, el] of targets.entries()) {
        const box = boxes[i]!;
        if (box.width >= size && box.height >= size) continue;
        const base = { selector: describe(el), text: label(el), width: round(box.width), height: round(box.height) };
        if (box.width < minSize || box.height < minSize) {
          offenders.push(base);
          continue;
        }
        const crowd = targets.findIndex(
          (other, j) => j !== i && !other.contains(el) && !el.contains(other) && squareMeets(box, boxes[j]!, size),
        );
        if (crowd >= 0) offenders.push({ ...base, crowdedBy: describe(targets[crowd]!) });
      }
      return offenders;
    },
    { size, minSize },
  );
}

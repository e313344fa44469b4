import type { ReactNode } from "react";

/**
 * A long form's save button (and a line beside it), in a bar that sticks to the bottom of the
 * screen while the form goes on below it: full width on a phone, clear of its home indicator; from
 * 640 px a card floating a little above the bottom edge. CSS `position: sticky`, so without
 * JavaScript too.
 */
export function SaveBar({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className="sticky bottom-0 z-10 -mx-4 flex items-center gap-3 border-t border-stone-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:bottom-4 sm:mx-0 sm:gap-4 sm:rounded-lg sm:border sm:pb-3"
    >
      {children}
    </div>
  );
}

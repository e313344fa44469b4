import type { ReactNode } from "react";

/** A notice the person must act on (choose a password, set up two-factor sign-in): an amber status box. */
export function Notice({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
      data-testid={testId}
    >
      {children}
    </p>
  );
}

import { useEffect, useState } from "react";

/** False during server rendering and before hydration; true once JavaScript runs in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

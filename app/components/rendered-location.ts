/**
 * The path and query of the page a layout has rendered, for its `<main data-location>`. With
 * JavaScript, Remix changes the browser's address before React commits the new page (the render
 * runs in a transition); `data-location` changes in the same commit as the page, so an end-to-end
 * test waits until it equals the address before reading the page (tests/e2e/fixtures.ts `rendered`).
 */
export function renderedLocation(location: { pathname: string; search: string }): string {
  return location.pathname + location.search;
}

import { createContext, useContext } from "react";

/**
 * The stylesheet's text, provided by the server render only (app/entry.server.tsx in production);
 * null in the browser and in development, where the stylesheet is a `<link>` (app/root.tsx) so
 * that Vite can replace it as you edit.
 */
export const StylesheetContext = createContext<string | null>(null);

/**
 * A `<style>` with the whole stylesheet, in the page's <head>. The server fills it; the browser
 * keeps the server's text: React never rewrites the inner HTML of an element it hydrates, and on
 * later renders the (empty) value it holds never changes, so the element is left alone for the
 * life of the page. See docs/decisions/038-inline-stylesheet.md.
 */
export function InlineStylesheet() {
  const css = useContext(StylesheetContext);
  return <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css ?? "" }} />;
}

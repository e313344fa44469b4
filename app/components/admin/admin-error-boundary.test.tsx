/**
 * The one admin ErrorBoundary, rendered on the server inside react-router-dom's static data router
 * (as Remix renders it): a loader that throws a 404 Response, a 403, or fails shows the page's
 * own message and its way back.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { notFound } from "~/utils/params";
import { adminErrorBoundary } from "./admin-error-boundary";

const ProductBoundary = adminErrorBoundary({
  notFound: "admin.productForm.notFound",
  failed: "admin.productForm.loadFailed",
  backTo: "/admin/products",
  backLabel: "admin.productForm.back",
});

/** The page at /page whose loader does `loader`, rendered with `Boundary` as its error element. */
async function renderFailing(loader: () => never, Boundary = ProductBoundary): Promise<string> {
  const handler = createStaticHandler([{ path: "/page", loader, element: <p>page</p>, errorElement: <Boundary /> }]);
  const context = await handler.query(new Request("http://localhost/page"));
  if (context instanceof Response) throw new Error(`Unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

describe("adminErrorBoundary", () => {
  it("a 404 shows the page's not-found message with the way back", async () => {
    const html = await renderFailing(() => {
      throw notFound();
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain("<h1");
    expect(html).toContain("Product not found");
    expect(html).toMatch(/<a[^>]*href="\/admin\/products"[^>]*>Back to Products<\/a>/);
  });

  it("a failure shows the page's failure message", async () => {
    const html = await renderFailing(() => {
      throw new Error("database is locked");
    });
    expect(html).toContain("Failed to load data. Please try again.");
    expect(html).not.toContain("database is locked");
  });

  it("a 403 says why; the layout's defaults lead back to the dashboard", async () => {
    const html = await renderFailing(() => {
      throw new Response("Forbidden", { status: 403 });
    }, adminErrorBoundary());
    expect(html).toContain("You do not have permission to open this page.");
    expect(html).toMatch(/<a[^>]*href="\/admin\/dashboard"[^>]*>Back to Dashboard<\/a>/);
  });
});

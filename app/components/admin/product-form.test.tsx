/**
 * The product form's category field (required) as the server renders it: with no
 * categories it says so, with categories the select starts with the empty 'Select a category'
 * placeholder. Rendered with react-dom/server inside react-router-dom's static data router (the
 * router @remix-run/react is built on, as Remix renders on the server): the form's <Form>, <Link>
 * and useNavigation need one. No DOM library: the few elements read are found in the markup.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it, vi } from "vitest";
import { AdminLangContext } from "~/hooks/admin-lang-context";
import type { Lang } from "~/i18n/lang";
import { ProductForm } from "./product-form";

type Category = { id: number; name: string; nameBn: string };

/** The create page's form, rendered on the server at /admin/products/create in `lang`, as HTML. */
async function renderForm(categories: Category[], lang: Lang = "en"): Promise<string> {
  const handler = createStaticHandler([
    {
      path: "/admin/products/create",
      element: (
        <AdminLangContext.Provider value={lang}>
          <ProductForm
            action="/admin/products/create"
            uploadEndpoint="/admin/products/upload"
            categories={categories}
            defaults={null}
            problem={null}
            submitLabel="Create Product"
          />
        </AdminLangContext.Provider>
      ),
    },
  ]);
  const context = await handler.query(new Request("http://localhost/admin/products/create"));
  if (context instanceof Response) throw new Error(`Unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // A React or router warning during the render (they go to console.error) fails the test.
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    const html = renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
    expect(consoleError.mock.calls).toEqual([]);
    return html;
  } finally {
    consoleError.mockRestore();
  }
}

/** The <option> elements of the category select, in order: value, text, and whether it is selected. */
function categoryOptions(html: string): { value: string; text: string; selected: boolean }[] {
  const select = /<select[^>]*\bname="categoryId"[^>]*>([\s\S]*?)<\/select>/.exec(html);
  if (!select) throw new Error("No category select in the rendered form");
  return [...select[1]!.matchAll(/<option value="([^"]*)"([^>]*)>([^<]*)<\/option>/g)].map((m) => ({
    value: m[1]!,
    text: m[3]!,
    selected: /\bselected\b/.test(m[2]!),
  }));
}

describe("ProductForm category field", () => {
  it("with no categories says 'No categories available. Please create categories first.' and links to create one", async () => {
    const html = await renderForm([]);
    const notice = /<p[^>]*data-testid="no-categories"[^>]*>([\s\S]*?)<\/p>/.exec(html);
    expect(notice, "the no-categories notice").not.toBeNull();
    expect(notice![1]).toContain("No categories available. Please create categories first.");
    expect(notice![1]).toMatch(/<a [^>]*href="\/admin\/categories\/create"[^>]*>Create a category<\/a>/);
    // Only the placeholder is left to choose.
    expect(categoryOptions(html)).toEqual([{ value: "", text: "Select a category", selected: true }]);
  });

  it("with categories shows the empty 'Select a category' placeholder first, then each category, and no notice", async () => {
    const html = await renderForm([
      { id: 7, name: "LED Lighting", nameBn: "এলইডি লাইট" },
      { id: 3, name: "Ceiling & Wall Fans", nameBn: "" },
    ]);
    expect(html).not.toContain("No categories available");
    expect(html).not.toContain('data-testid="no-categories"');
    // The empty placeholder comes first and is the value of a new product: nothing is preselected.
    expect(categoryOptions(html)).toEqual([
      { value: "", text: "Select a category", selected: true },
      { value: "7", text: "LED Lighting", selected: false },
      { value: "3", text: "Ceiling &amp; Wall Fans", selected: false },
    ]);
  });

  it("names each category in Bangla for a staff member reading Bangla, in English where it has no Bangla name", async () => {
    const html = await renderForm(
      [
        { id: 7, name: "LED Lighting", nameBn: "এলইডি লাইট" },
        { id: 3, name: "Ceiling & Wall Fans", nameBn: "" },
      ],
      "bn",
    );
    expect(categoryOptions(html).slice(1)).toEqual([
      { value: "7", text: "এলইডি লাইট", selected: false },
      { value: "3", text: "Ceiling &amp; Wall Fans", selected: false },
    ]);
  });
});

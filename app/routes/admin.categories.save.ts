import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/server/auth.server";
import { parseId, saveCategoryForm } from "~/services/catalogue-forms.server";
import { toastCookie } from "~/server/toast.server";

/** Nothing to show here: the endpoint only takes uploads. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/categories");
}

/**
 * The category form's upload endpoint for JavaScript (XMLHttpRequest with a progress bar,
 * app/components/admin/upload-submit.tsx): the same save as the pages' actions (create without
 * `?id`, edit with `?id=<category id>`), answered as JSON. Success: `{ ok: true, redirectTo }` with
 * the toast cookie set; refusal: the form problem with its status (400/404/413/500).
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const idParam = new URL(request.url).searchParams.get("id");
  const id = idParam === null ? null : parseId(idParam);
  if (idParam !== null && id === null) return Response.json({ ok: false, status: 404 }, { status: 404 });
  const result = await saveCategoryForm(request, id);
  if (result.ok) {
    return Response.json(
      { ok: true, redirectTo: result.redirectTo },
      { headers: { "Set-Cookie": await toastCookie(request, result.toast), "Cache-Control": "no-store" } },
    );
  }
  return Response.json(result, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

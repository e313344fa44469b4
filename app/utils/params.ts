/**
 * Record ids in URLs (`/admin/products/edit/12`, `/products/7`, `?delete=12`): the one parser every
 * route uses. An id is a positive integer written plainly ("12", never "012", "+12", "1e1" or
 * "12.0") and fits the database's 32-bit `Int` id columns.
 */

/** Largest value of a 32-bit `Int` id column. */
export const MAX_RECORD_ID = 2_147_483_647;

/** The id written in `value`, or null when it is not one. */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_RECORD_ID ? id : null;
}

/**
 * A 404 Response to throw from a loader or action. A page's ErrorBoundary says what is missing; a
 * resource route's body is `message` (plain text).
 */
export function notFound(message = "Not Found"): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The id written in a route parameter.
 * @throws {Response} 404 (see `notFound`) when `value` is not an id.
 */
export function requireId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw notFound();
  return id;
}

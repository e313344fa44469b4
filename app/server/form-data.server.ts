/**
 * Reading a form body in an action. The request gate (request-gate.server.ts) has already refused
 * bodies that are not forms; a body that claims to be one but cannot be parsed (a broken multipart
 * body, a missing boundary terminator) is the client's fault and is answered with 400, not 500.
 */

/**
 * The request's form fields.
 * @throws {Response} 400 "Bad Request" when the body cannot be read as a form.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", {
      status: 400,
      statusText: "Bad Request",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

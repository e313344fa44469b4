/**
 * `npm run admin:create -- --email E --password P` (tsx scripts/ops/admin-create.ts): creates an owner
 * account (docs/decisions/033-staff-roles.md) who can sign in at /admin/login; owners add the
 * other staff at /admin/staff.
 *
 * Options:
 *   --email <address>    required; stored lowercased.
 *   --password <text>    at least 12 characters (MIN_PASSWORD_LENGTH), at most 1024, and not easy
 *                        to guess (app/server/auth/password-policy.server.ts).
 *   --password-stdin     read the password from standard input instead (one line), so it stays
 *                        out of the shell history: `printf '%s' "$PW" | npm run admin:create -- --email E --password-stdin`.
 *   --help, -h           show the usage.
 *
 * Reads DATABASE_URL from .env or the environment, like the server. Refuses an e-mail that
 * already has an admin. Exits with 0 when the admin was created, 1 on any error (message on stderr).
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { z } from "zod";
import { Prisma, type PrismaClient } from "~/generated/prisma/client";
import { hashPassword } from "~/server/auth/password.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from "~/server/auth/password-policy.server";
import { loadEnvFile } from "../../env-file.js";

const USAGE = `Usage: npm run admin:create -- --email <address> (--password <password> | --password-stdin)

Creates an admin user who can sign in at /admin/login.
  --email <address>   the admin's e-mail address
  --password <text>   at least ${MIN_PASSWORD_LENGTH} characters
  --password-stdin    read the password from standard input instead
  -h, --help          show this help`;

/** The admin's e-mail and password, validated. */
export const adminInputSchema = z.object({
  email: z
    .string({ error: "Give the admin's e-mail address with --email." })
    .trim()
    .toLowerCase()
    .pipe(z.email("That is not a valid e-mail address.").max(254, "The e-mail address is too long.")),
  password: z
    .string({ error: "Give a password with --password or --password-stdin." })
    .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`)
    .max(MAX_PASSWORD_LENGTH, `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`),
});

/** A problem the user can fix; its message is printed as is. */
export class AdminCreateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AdminCreateError";
  }
}

/** Reads all of standard input as UTF-8 and drops one trailing line break. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/**
 * Parses the command line into an e-mail and a password (not yet validated), or null for --help.
 * @throws {AdminCreateError} for unknown options or both password sources at once.
 */
async function parseCommandLine(argv: string[]): Promise<{ email?: string; password?: string } | null> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        password: { type: "string" },
        "password-stdin": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new AdminCreateError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (values.help) return null;
  if (values.password !== undefined && values["password-stdin"]) {
    throw new AdminCreateError("Use either --password or --password-stdin, not both.");
  }
  const password = values["password-stdin"] ? await readStdin() : values.password;
  return { email: values.email, password };
}

/**
 * Validates the input (the password policy of app/server/auth/password-policy.server.ts included) and
 * creates the admin user in `db`, as an owner.
 * @returns the new user's id and (lowercased) e-mail.
 * @throws {AdminCreateError} when the input is invalid or the e-mail already has an admin.
 */
export async function createAdminUser(
  db: PrismaClient,
  input: { email?: string; password?: string },
): Promise<{ id: number; email: string }> {
  const parsed = adminInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new AdminCreateError(parsed.error.issues.map((issue) => issue.message).join("\n"));
  }
  const { email, password } = parsed.data;
  if ((await passwordProblem(password, [email])) === "too-common") {
    throw new AdminCreateError(
      "That password is too easy to guess: it is a common password, or close to one. A few unrelated words are stronger.",
    );
  }
  if (await db.adminUser.findUnique({ where: { email }, select: { id: true } })) {
    throw new AdminCreateError(`An admin with the e-mail ${email} already exists.`);
  }
  try {
    return await db.adminUser.create({
      data: { email, passwordHash: await hashPassword(password) },
      select: { id: true, email: true },
    });
  } catch (error) {
    // Created by someone else between the check and the insert.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AdminCreateError(`An admin with the e-mail ${email} already exists.`);
    }
    throw error;
  }
}

async function main(): Promise<number> {
  loadEnvFile();
  let db: PrismaClient | undefined;
  try {
    const input = await parseCommandLine(process.argv.slice(2));
    if (input === null) {
      console.log(USAGE);
      return 0;
    }
    // Imported after .env is loaded: db.server opens the database named by DATABASE_URL.
    db = (await import("~/models/db/client.server")).prisma;
    const admin = await createAdminUser(db, input);
    console.log(`Created the admin user ${admin.email} (id ${admin.id}). Sign in at /admin/login.`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof AdminCreateError ? message : `Could not create the admin: ${message}`);
    return 1;
  } finally {
    await db?.$disconnect();
  }
}

/** True when this file is the program being run (not imported, e.g. by a test). */
function isMainModule(): boolean {
  const entry = process.argv[1];
  return entry !== undefined && import.meta.url === pathToFileURL(entry).href;
}

if (isMainModule()) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

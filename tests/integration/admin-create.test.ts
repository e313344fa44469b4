/**
 * `npm run admin:create` (scripts/ops/admin-create.ts) against the worker's real database: it makes an
 * owner, and refuses a short or common password and a taken e-mail.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/models/db/client.server";
import { createAdminUser } from "../../scripts/ops/admin-create";

describe("npm run admin:create", () => {
  it("makes an owner who need not change the password", async () => {
    const created = await createAdminUser(prisma, {
      email: " Owner.One@Haat.example ",
      password: "jute lamp cable river",
    });
    expect(created.email).toBe("owner.one@haat.example");
    expect(await prisma.adminUser.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      role: "owner",
      mustChangePassword: false,
      disabledAt: null,
    });
  });

  it("refuses a short or common password and a taken e-mail, creating nothing", async () => {
    await expect(createAdminUser(prisma, { email: "owner.two@haat.example", password: "short" })).rejects.toThrow(
      "The password must be at least 12 characters long.",
    );
    await expect(
      createAdminUser(prisma, { email: "owner.two@haat.example", password: "qwerty123456" }),
    ).rejects.toThrow(/too easy to guess/);
    expect(await prisma.adminUser.count({ where: { email: "owner.two@haat.example" } })).toBe(0);
    await createAdminUser(prisma, { email: "owner.two@haat.example", password: "lantern mango rickshaw" });
    await expect(
      createAdminUser(prisma, { email: "OWNER.TWO@haat.example", password: "lantern mango rickshaw" }),
    ).rejects.toThrow("An admin with the e-mail owner.two@haat.example already exists.");
  });
});

/**
 * The audit trail's table (docs/decisions/035-audit-trail.md): written once per staff action,
 * never changed or deleted (the migration's triggers refuse both), read by the activity page.
 */
import type { AuditAction } from "~/rules/audit-actions";
import { prisma } from "./db/client.server";

/** One action to record. `details` is kept as JSON (what changed, or all a deletion removed). */
export type AuditEntry = {
  actor: { id: number; email: string } | { id: null; email: string };
  address: string;
  action: AuditAction;
  subjectType?: string;
  subjectId?: number | null;
  summary?: string;
  details?: Record<string, unknown>;
};

/** The row of `entry`, for `auditEvent.create` (also inside another model's transaction). */
export function auditEventData(entry: AuditEntry) {
  return {
    actorId: entry.actor.id,
    actorEmail: entry.actor.email.slice(0, 254),
    address: entry.address.slice(0, 100),
    action: entry.action,
    subjectType: entry.subjectType ?? "",
    subjectId: entry.subjectId ?? null,
    summary: (entry.summary ?? "").slice(0, 300),
    details: JSON.stringify(entry.details ?? {}),
  };
}

/** Appends `entry` to the trail. */
export async function recordAuditEvent(entry: AuditEntry): Promise<void> {
  await prisma.auditEvent.create({ data: auditEventData(entry) });
}

/** One row of the activity page. */
export type AuditRow = {
  id: number;
  createdAt: Date;
  actorId: number | null;
  actorEmail: string;
  address: string;
  action: string;
  subjectType: string;
  subjectId: number | null;
  summary: string;
  details: string;
};

/** The activity page's filters: who (an account id), which actions, from and to (inclusive, Dates). */
export type AuditFilters = { actorId?: number; actions?: string[]; from?: Date; to?: Date };

/** Rows per page of the activity page. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * The events matching `filters`, newest first, page `page` (1-based) of AUDIT_PAGE_SIZE, with the
 * total count.
 */
export async function listAuditEvents(
  filters: AuditFilters,
  page: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = {
    ...(filters.actorId !== undefined ? { actorId: filters.actorId } : {}),
    ...(filters.actions ? { action: { in: filters.actions } } : {}),
    ...(filters.from || filters.to
      ? { createdAt: { ...(filters.from ? { gte: filters.from } : {}), ...(filters.to ? { lte: filters.to } : {}) } }
      : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.auditEvent.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * AUDIT_PAGE_SIZE,
      take: AUDIT_PAGE_SIZE,
    }),
    prisma.auditEvent.count({ where }),
  ]);
  return { rows, total };
}

/** The accounts that appear in the trail, for the "who" filter: id and e-mail, by e-mail. */
export async function listAuditActors(): Promise<{ id: number; email: string }[]> {
  const rows = await prisma.auditEvent.findMany({
    where: { actorId: { not: null } },
    distinct: ["actorId"],
    select: { actorId: true, actorEmail: true },
    orderBy: { actorEmail: "asc" },
  });
  return rows.map((row) => ({ id: row.actorId!, email: row.actorEmail }));
}

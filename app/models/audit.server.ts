import { and, desc, eq } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import { db } from "~/lib/db.server";

export type Actor = { type: "admin" | "employee" | "system"; id?: number | null };

export function recordAudit(entry: {
  actor: Actor;
  action: string;
  entity: string;
  entityId?: string | number | null;
  changes?: unknown;
}) {
  db()
    .insert(auditLog)
    .values({
      actorType: entry.actor.type,
      actorId: entry.actor.id ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      changes: entry.changes ?? null,
    })
    .run();
}

export function listAudit(filter: { entity?: string; entityId?: string | number } = {}, limit = 50) {
  const conditions = [
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId != null ? eq(auditLog.entityId, String(filter.entityId)) : undefined,
  ].filter(Boolean);
  return db()
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .all();
}


import { sql } from "drizzle-orm";
import {
  blob,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const timestampNow = (name: string) =>
  integer(name, { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const admins = sqliteTable(
  "admins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    fullName: text("full_name").notNull().default(""),
    permission: text("permission", { enum: ["admin"] }).notNull().default("admin"),
    createdAt: timestampNow("created_at"),
    passwordChangedAt: integer("password_changed_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("admins_username_unique").on(sql`lower(${t.username})`)],
);

export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: timestampNow("created_at"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminId)],
);

export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    ip: text("ip").notNull(),
    createdAt: timestampNow("created_at"),
  },
  (t) => [
    index("login_attempts_username_idx").on(t.username, t.createdAt),
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
  ],
);

/** Every uploaded image lives here, re-encoded, so the SQLite file is the whole backup. */
export const uploads = sqliteTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    folder: text("folder", {
      enum: ["employees", "machines", "checkinouts", "linegroups"],
    }).notNull(),
    mime: text("mime").notNull(),
    bytes: blob("bytes", { mode: "buffer" }).notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: timestampNow("created_at"),
  },
  (t) => [index("uploads_folder_idx").on(t.folder)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorType: text("actor_type", { enum: ["admin", "employee", "system"] }).notNull(),
    actorId: integer("actor_id"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    changes: text("changes", { mode: "json" }),
    createdAt: timestampNow("created_at"),
  },
  (t) => [index("audit_log_entity_idx").on(t.entity, t.entityId)],
);

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
  updatedAt: timestampNow("updated_at"),
});

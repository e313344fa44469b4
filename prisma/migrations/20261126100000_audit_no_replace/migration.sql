-- The trail stays append-only against INSERT OR REPLACE, REPLACE INTO and an upsert
-- (docs/decisions/035-audit-trail.md). SQLite's REPLACE resolves a clash with an existing row by
-- deleting that row without firing the DELETE trigger (unless the connection has turned
-- recursive_triggers on), so `INSERT OR REPLACE INTO "AuditEvent" (id, …) VALUES (1, …)` rewrote
-- row 1 past "AuditEvent_no_delete". The primary key is the table's only UNIQUE constraint (its
-- indexes are plain), so refusing an insert whose id is already taken closes every way a new row
-- can displace an old one. A later UNIQUE index on this table would open another: don't add one.

-- In a BEFORE INSERT trigger an id SQLite is about to choose reads as -1, so this looks up row -1
-- for every ordinary insert; the trigger below makes sure no such row can ever exist.
CREATE TRIGGER "AuditEvent_no_replace" BEFORE INSERT ON "AuditEvent"
WHEN EXISTS (SELECT 1 FROM "AuditEvent" WHERE "id" = NEW."id")
BEGIN
    SELECT RAISE(ABORT, 'AuditEvent is append-only');
END;

-- Ids are chosen by SQLite and start at 1; a row written with an id below 1 (by hand) is refused
-- after the fact, which undoes the whole statement.
CREATE TRIGGER "AuditEvent_positive_id" AFTER INSERT ON "AuditEvent"
WHEN NEW."id" < 1
BEGIN
    SELECT RAISE(ABORT, 'AuditEvent ids are chosen by the database');
END;

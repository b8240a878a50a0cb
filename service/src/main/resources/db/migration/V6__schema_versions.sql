-- Every event and snapshot records the schema version of its payload: reading applies upcasters from an older
-- version to the current one before the domain sees an event, and a snapshot of another version is not read at all.
-- Rows written before this were all version 1. Adding a column with a constant default neither rewrites nor scans
-- the table (PostgreSQL keeps the default for the rows that exist), so this is instant on any log; dropping the
-- default afterwards makes every writer state the version it writes.
ALTER TABLE events ADD COLUMN schema_version smallint NOT NULL DEFAULT 1;
ALTER TABLE events ALTER COLUMN schema_version DROP DEFAULT;
ALTER TABLE snapshots ADD COLUMN schema_version smallint NOT NULL DEFAULT 1;
ALTER TABLE snapshots ALTER COLUMN schema_version DROP DEFAULT;

-- Stream ids are identifiers, not words: compare them byte by byte (collation "C") instead of by the database's
-- locale. Every append looks stream ids up in two unique indexes; under a libc locale each comparison called
-- strcoll, which showed up in PostgreSQL's CPU profile at capacity. Ordering by stream id is never used for display.
ALTER TABLE streams ALTER COLUMN stream_id TYPE text COLLATE "C";
ALTER TABLE events ALTER COLUMN stream_id TYPE text COLLATE "C";
ALTER TABLE snapshots ALTER COLUMN stream_id TYPE text COLLATE "C";

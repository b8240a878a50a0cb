-- The event store: one append-only table of events, the current version of every stream, and snapshots.

-- One row per stream, holding its current version. Appends advance it with a compare-and-set
-- (UPDATE ... WHERE version = expected), which serialises concurrent writers of one stream, across
-- service instances too, and makes a whole multi-event append succeed or fail as one.
CREATE TABLE streams (
    stream_id text   PRIMARY KEY,
    version   bigint NOT NULL CHECK (version > 0)
);

CREATE TABLE events (
    -- Global order of insertion. Not commit order: use (transaction_id, position) to read the log safely.
    position       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    stream_id      text        NOT NULL,
    version        bigint      NOT NULL CHECK (version > 0),
    event_type     text        NOT NULL,
    payload        bytea       NOT NULL,
    correlation_id text,
    recorded_at    timestamptz NOT NULL DEFAULT now(),
    -- The writing transaction: readers of the whole log only read below the oldest transaction still
    -- running, so an event whose transaction commits late is never skipped.
    transaction_id xid8        NOT NULL DEFAULT pg_current_xact_id(),
    CONSTRAINT events_stream_version_unique UNIQUE (stream_id, version)
);

CREATE INDEX events_commit_order ON events (transaction_id, position);

CREATE TABLE snapshots (
    stream_id  text        PRIMARY KEY,
    version    bigint      NOT NULL,
    payload    bytea       NOT NULL,
    taken_at   timestamptz NOT NULL DEFAULT now()
);

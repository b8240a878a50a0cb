-- Read models projected from the event log, the checkpoints of their projections, and the commit wake-up.

-- One row per projection: how far into the log (in commit-safe order) its read model is, and which table holds it.
-- The row is updated in the same transaction as the read model, so the two never disagree.
CREATE TABLE projections (
    name           text        PRIMARY KEY,
    transaction_id xid8        NOT NULL DEFAULT '0',
    position       bigint      NOT NULL DEFAULT 0,
    target_table   text        NOT NULL,
    events_applied bigint      NOT NULL DEFAULT 0,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

-- The show_view read model. Queries read the view; a rebuild fills a new generation table, then swaps the view.
CREATE TABLE show_view_1 (
    show_id         uuid        PRIMARY KEY,
    title           text        NOT NULL,
    total_seats     integer     NOT NULL,
    available_seats integer     NOT NULL,
    updated_at      timestamptz NOT NULL
);

CREATE VIEW show_view AS SELECT show_id, title, total_seats, available_seats, updated_at FROM show_view_1;

INSERT INTO projections (name, target_table) VALUES ('show_view', 'show_view_1');

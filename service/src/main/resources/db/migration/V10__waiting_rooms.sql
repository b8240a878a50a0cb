-- The waiting_room_view read model: one row per show that sells through a waiting room, with how far its line has
-- got. The line keeper moves the lines on sale with numbers not called yet, or not drawn yet (the partial index).
CREATE TABLE waiting_room_view_1 (
    show_id    uuid        PRIMARY KEY,
    on_sale_at timestamptz NOT NULL,
    numbered   bigint      NOT NULL,
    opened     bigint      NOT NULL,
    drawn      boolean     NOT NULL,
    updated_at timestamptz NOT NULL
);

CREATE INDEX waiting_room_view_1_moving ON waiting_room_view_1 (on_sale_at) WHERE NOT drawn OR opened < numbered;

CREATE VIEW waiting_room_view AS
    SELECT show_id, on_sale_at, numbered, opened, drawn, updated_at FROM waiting_room_view_1;

INSERT INTO projections (name, target_table) VALUES ('waiting_room_view', 'waiting_room_view_1');

-- Leases of the line keeper: one node moves a line at a time, another takes it over once claimed_until has passed.
-- Not derived from events, so not in the read model.
CREATE TABLE line_keeper_claims (
    show_id       uuid        PRIMARY KEY,
    node          uuid        NOT NULL,
    claimed_until timestamptz NOT NULL
);

-- The key that signs the waiting rooms' tickets and admission tokens when none is configured: made by the first
-- node to start, then shared by every node, so that a ticket stays valid across restarts and nodes.
CREATE TABLE signing_keys (
    name text  PRIMARY KEY,
    key  bytea NOT NULL
);

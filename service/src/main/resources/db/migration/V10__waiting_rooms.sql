-- Shows that sell through a waiting room: show_view keeps how far each one's line has got (its on-sale, the arrival
-- numbers recorded, the places called, drawn or not; null for a show without a room), from the show's own events,
-- so that no other read model reads the log again for them. The line keeper moves the lines on sale with numbers
-- not called yet, or not drawn yet (the partial index). The read model's tables (the live one, and a rebuild's if
-- one is under way) get the columns and the index; the view is defined again over the live one.
DROP VIEW show_view;
DO $$
DECLARE
    generation record;
BEGIN
    FOR generation IN SELECT target_table FROM projections WHERE name IN ('show_view', 'show_view:rebuild') LOOP
        EXECUTE format('ALTER TABLE %s ADD COLUMN on_sale_at timestamptz, ADD COLUMN line_numbered bigint,'
                       ' ADD COLUMN line_called bigint, ADD COLUMN line_drawn boolean', generation.target_table);
        EXECUTE format('CREATE INDEX %s ON %s (on_sale_at) WHERE on_sale_at IS NOT NULL'
                       ' AND (NOT line_drawn OR line_called < line_numbered)',
                       generation.target_table || '_moving_lines', generation.target_table);
    END LOOP;
    EXECUTE format('CREATE VIEW show_view AS SELECT * FROM %s',
                   (SELECT target_table FROM projections WHERE name = 'show_view'));
END $$;

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

-- Claims of the expiry poller on due holds, in a table of their own: hold_view is a read model, written only by its
-- projection and rebuilt from the log, and a claim is not derived from events. A claim is a lease: once claimed_until
-- has passed, another node may take the hold over. A lapsed claim means the same as none, so lapsed ones are deleted
-- as the poller goes; the table holds the holds claimed within the last lease.
CREATE TABLE hold_expiry_claims (
    hold_id       uuid        PRIMARY KEY,
    claimed_until timestamptz NOT NULL
);

INSERT INTO hold_expiry_claims (hold_id, claimed_until)
    SELECT hold_id, claimed_until FROM hold_view WHERE status = 'HELD' AND claimed_until IS NOT NULL;

-- The read model's tables (the live one, and a rebuild's if one is under way) lose the column; the view is defined
-- again over the live one, with the same columns but that one.
DROP VIEW hold_view;
DO $$
DECLARE
    generation record;
BEGIN
    FOR generation IN SELECT target_table FROM projections WHERE name IN ('hold_view', 'hold_view:rebuild') LOOP
        EXECUTE format('ALTER TABLE %s DROP COLUMN claimed_until', generation.target_table);
    END LOOP;
    EXECUTE format('CREATE VIEW hold_view AS SELECT * FROM %s',
                   (SELECT target_table FROM projections WHERE name = 'hold_view'));
END $$;

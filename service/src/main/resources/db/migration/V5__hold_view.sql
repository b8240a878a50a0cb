-- The hold_view read model: one row per hold with its seats, expiry and outcome. Its rows still HELD are the pending
-- expiries: the expiry poller claims the due ones (claimed_until, a lease: another node takes a claim over once it
-- lapses) and asks the show to release them. ended_at is when the hold's end was recorded.
CREATE TABLE hold_view_1 (
    hold_id       uuid        PRIMARY KEY,
    show_id       uuid        NOT NULL,
    seats         integer[]   NOT NULL,
    expires_at    timestamptz NOT NULL,
    status        text        NOT NULL,
    ended_at      timestamptz,
    claimed_until timestamptz,
    updated_at    timestamptz NOT NULL
);

CREATE INDEX hold_view_1_due ON hold_view_1 (expires_at) WHERE status = 'HELD';

CREATE VIEW hold_view AS
    SELECT hold_id, show_id, seats, expires_at, status, ended_at, claimed_until, updated_at FROM hold_view_1;

INSERT INTO projections (name, target_table) VALUES ('hold_view', 'hold_view_1');

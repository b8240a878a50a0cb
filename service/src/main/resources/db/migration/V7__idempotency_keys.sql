-- Answers remembered under a client's Idempotency-Key. A command's answer is inserted by the same statement, hence
-- the same transaction, as the command's events, so "done" and "remembered as done" never disagree; an answer with
-- no event (a refusal) is inserted on its own. The primary key makes a key usable once, across nodes: it is the first
-- 16 bytes of the key's SHA-256, compared byte by byte, not the client's text under the database's collation (a
-- smaller index, and no locale-aware comparison on every insert). Keys expire:
-- rows are purged in batches by age, found through a BRIN index on created_at, which costs an insert almost nothing
-- since rows arrive in time order.
CREATE TABLE idempotency_keys (
    key_hash            bytea       PRIMARY KEY,
    request_fingerprint bytea       NOT NULL,
    status              smallint    NOT NULL,
    location            text,
    body                bytea       NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX idempotency_keys_created_at ON idempotency_keys USING brin (created_at);

-- Records committed with the events under unique keys, whatever they hold (the event store keeps their bytes): the
-- answers remembered under clients' Idempotency-Keys are the first kind. They replace the idempotency_keys table, whose
-- columns named an HTTP answer; each of its rows becomes one record whose value is that answer in the service's
-- encoding (http/RememberedAnswer): the fingerprint's length (1 byte) and the fingerprint, the status (2 bytes), the
-- Location's length in UTF-8 bytes (4 bytes, -1 for none) and the Location, then the body; integers big-endian.
-- Keys are the first 16 bytes of the key's SHA-256; records expire by age, found through a BRIN index on created_at,
-- which costs an insert almost nothing since rows arrive in time order.
CREATE TABLE keyed_records (
    key_hash   bytea       PRIMARY KEY,
    value      bytea       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO keyed_records (key_hash, value, created_at)
    SELECT key_hash,
           set_byte('\x00'::bytea, 0, octet_length(request_fingerprint)) || request_fingerprint || int2send(status)
               || int4send(coalesce(octet_length(convert_to(location, 'UTF8')), -1))
               || coalesce(convert_to(location, 'UTF8'), ''::bytea) || body,
           created_at
    FROM idempotency_keys;

DROP TABLE idempotency_keys;

CREATE INDEX keyed_records_created_at ON keyed_records USING brin (created_at);

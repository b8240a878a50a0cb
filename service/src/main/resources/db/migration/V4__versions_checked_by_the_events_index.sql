-- Appends no longer keep a version per stream: the unique index on events (stream_id, version) is the
-- optimistic-concurrency check (an append whose first version exists fails), and the append statement admits a
-- stream's events only when its expected version exists. Updating a streams row on every append cost as much
-- PostgreSQL CPU as inserting the event itself (measured in docs/benchmarks.md, "Speed work").
DROP TABLE streams;

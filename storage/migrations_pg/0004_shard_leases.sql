-- Parlour storage on PostgreSQL, version 4: SQLite's 0007 (the same columns and checks): who
-- serves which shard, one row per shard held by a running process, renewed by its heartbeat
-- and taken over only once expired.
CREATE TABLE shard_leases (
    shard_count INTEGER NOT NULL CHECK (shard_count >= 1),
    shard_id    INTEGER NOT NULL CHECK (shard_id >= 0 AND shard_id < shard_count),
    holder      TEXT NOT NULL,
    host        TEXT NOT NULL,
    pid         INTEGER NOT NULL,
    since       TEXT NOT NULL,
    expires_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (shard_count, shard_id)
);

UPDATE schema_version SET version = 4;

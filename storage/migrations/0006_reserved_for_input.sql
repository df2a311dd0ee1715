-- Placeholder on the `shard` branch only: version 6 belongs to the `input` branch's migration,
-- written at the same time. The runner refuses gaps, so this keeps 0007 applicable here.
-- DELETE THIS FILE AT MERGE (the real 0006 takes its place).
PRAGMA user_version = 6;

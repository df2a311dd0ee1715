-- Placeholder on the `shard` branch only: version 3 belongs to the `input` branch's migration,
-- written at the same time. The runner refuses gaps, so this keeps 0004 applicable here.
-- DELETE THIS FILE AT MERGE (the real 0003 takes its place).
UPDATE schema_version SET version = 3;

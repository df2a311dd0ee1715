-- Parlour storage on PostgreSQL, version 5: SQLite's 0008 (the same columns): the private
-- outbox, one row per player whose private view a booked step changed, cleared once their
-- update is delivered, delivered after a restart when it is still there.
CREATE TABLE private_outbox (
    table_id       BIGINT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    user_id        BIGINT NOT NULL,
    action_counter BIGINT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

UPDATE schema_version SET version = 5;

-- Parlour storage, version 8: the private outbox. A step's booking records, in its own
-- transaction, every player whose private view it changed (their new cards); the bot clears
-- a row once that player's update is delivered. What a SIGKILL between the commit and the
-- DM leaves here is delivered after the restart: a step's private cards always reach the
-- player. One row per player and table, the newest step's counter (a later step's update
-- shows the cards as they are then, so it replaces an older one still pending).
CREATE TABLE private_outbox (
    table_id       INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL,
    action_counter INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

PRAGMA user_version = 8;

-- Parlour storage on PostgreSQL, version 9: SQLite's 0012 (the same column and check): the
-- card style a person reads their own cards in (/cards); NULL: the server's style.
ALTER TABLE user_preferences ADD COLUMN card_style TEXT CHECK (card_style IN ('classic', 'four-colour', 'large'));

UPDATE schema_version SET version = 9;

-- Parlour storage on PostgreSQL, version 13: a table's snapshot compressed with lz4.
--
-- Every booked step rewrites its table's snapshot (~3 KB of JSON in bench.ledger, more in a
-- long deal), and a value past ~2 KB is compressed before it is stored, with pglz by default:
-- updating a table row took 46-52 us with pglz and 31-33 with lz4 (one statement updating 40
-- rows, its time on the server's one connection, the best of 9, bench.ledger's snapshot,
-- PostgreSQL 15), as long as not compressing it at all (STORAGE EXTERNAL, which stores it out
-- of line, in the TOAST table). A finished deal's deck and history are compressed the same
-- way. Only new values: what is stored stays as it is until written again, and a value is
-- read back whichever method compressed it.
--
-- A server built without lz4 (--with-lz4) keeps pglz: the method is a storage detail that
-- changes no value a query reads.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings
                WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE tables ALTER COLUMN snapshot SET COMPRESSION lz4;
        ALTER TABLE results ALTER COLUMN deck SET COMPRESSION lz4,
                            ALTER COLUMN history SET COMPRESSION lz4;
    END IF;
END
$$;

UPDATE schema_version SET version = 13;

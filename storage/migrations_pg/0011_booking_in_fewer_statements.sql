-- Parlour storage on PostgreSQL, version 11: parlour_book in fewer statements.
--
-- The same step as version 6's (and storage/booking.py's _book): the same checks in the same
-- order, the same rows written with the same values, the same refusals. What changes is how
-- many statements the server runs for it, since each one (its executor set up, the CHECK
-- constraints and partial index predicates of what it writes compiled again) cost more than
-- the rows it writes: bench.ledger's 50 tables spent ~1.1 ms of server CPU a step in ~14
-- statements. Now a step without a result is 6:
--
-- 1. one read for every check: the table (not its snapshot), whether the ref is booked, the
--    sum of the stack changes, the seat count and the first stack change refused (as
--    storage.tables._step_sync reads the table and its seats in one statement);
-- 2. the stacks (unchanged), 3. the table (RETURNING what the caller gets back: no second
--    read, and the snapshot is never read back nor sent back), 4. every ledger row of the
--    step in one INSERT (in the same order, so the same ids), 5. the seats as they end;
-- 6. the private outbox and the delivered updates only when there are any;
-- and with a result: the result, and the stats of winners and others in one upsert (a
-- player's row is in one of the two lists, never both; a non-winner's biggest_pot is left
-- as it was, as before).
--
-- parlour_book_many collects the outcomes in an array (appending to a JSONB value copied it
-- whole each time: quadratic in the batch).
--
-- A table's row is rewritten at every step and its seats at most steps: room left on their
-- pages keeps the new version on the same page (a HOT update: no index entry written, none to
-- step over when reading), where full pages moved it (bench.ledger, 50 tables, 2,100 updates
-- of a table row: 646 were not HOT at the default fillfactor, the table's primary key bloated,
-- and a lookup by id that reads 5 pages read 56 inside a batch; 43 at fillfactor 50 or 20, 50
-- leaving the table a third of the pages 20 does). New pages only: a table written before
-- keeps its pages until rewritten.
ALTER TABLE tables SET (fillfactor = 50);
ALTER TABLE seats SET (fillfactor = 50);

CREATE OR REPLACE FUNCTION parlour_book(b JSONB) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
    tid         BIGINT := (b->>'table_id')::BIGINT;
    step_ref    TEXT := b->>'ref';
    dn          BIGINT := (b->>'deal_number')::BIGINT;
    ac          BIGINT := (b->>'action_counter')::BIGINT;
    new_pot     BIGINT := (b->>'pot')::BIGINT;
    new_kitty   BIGINT := (b->>'kitty')::BIGINT;
    house_delta BIGINT := (b->>'house_delta')::BIGINT;
    over        BOOLEAN := (b->>'deal_over')::BOOLEAN;
    step_reason TEXT := b->>'reason';
    fence       JSONB := b->'fence';
    t           RECORD;
    tbl         JSONB;
    lease       RECORD;
    shard       INTEGER;
    leaver      RECORD;
    applied     BOOLEAN := FALSE;
    new_deal    BOOLEAN;
    pot0        BIGINT;
    kitty0      BIGINT;
    house       BIGINT;
    expected    INTEGER;
    n           INTEGER;
    out_ref     TEXT;
BEGIN
    IF fence IS NOT NULL AND jsonb_typeof(fence) = 'object' THEN
        SELECT l.shard_id, l.holder, l.epoch INTO lease
        FROM tables tt JOIN shard_leases l
          ON l.shard_count = (fence->>'shard_count')::INTEGER
         AND l.shard_id = (tt.guild_id >> 22) % (fence->>'shard_count')::INTEGER
        WHERE tt.id = tid FOR SHARE OF l;
        IF NOT FOUND THEN
            SELECT (guild_id >> 22) % (fence->>'shard_count')::INTEGER INTO shard
            FROM tables WHERE id = tid;
            IF FOUND THEN
                RETURN jsonb_build_object('error', 'LeaseLost', 'shard', shard);
            END IF;
        ELSIF lease.holder <> fence->>'holder'
              OR (fence->'epochs'->>(lease.shard_id::TEXT))::INTEGER IS DISTINCT FROM lease.epoch
        THEN
            RETURN jsonb_build_object('error', 'LeaseLost', 'shard', lease.shard_id,
                                      'holder', lease.holder, 'epoch', lease.epoch);
        END IF;
    END IF;

    SELECT x.guild_id, x.status, x.deal_number, x.action_counter, x.pot, x.kitty,
           x.deal_pot0, x.deal_kitty0, x.deal_house,
           EXISTS (SELECT 1 FROM ledger WHERE ref = step_ref) AS done,
           (SELECT COALESCE(SUM((e->>1)::BIGINT), 0)
              FROM jsonb_array_elements(b->'deltas') e) AS stack_sum,
           (SELECT count(*) FROM seats WHERE table_id = tid) AS seat_count,
           bad.user_id AS bad_user, bad.delta AS bad_delta, bad.pid AS bad_pid,
           bad.stack AS bad_stack
      INTO t
      FROM tables x
      LEFT JOIN LATERAL (  -- the first stack change refused, in the step's order
           SELECT (e->>0)::BIGINT AS user_id, (e->>1)::BIGINT AS delta, e->>2 AS pid, s.stack
             FROM jsonb_array_elements(b->'deltas') WITH ORDINALITY AS d(e, i)
             LEFT JOIN seats s ON s.table_id = tid AND s.user_id = (e->>0)::BIGINT
            WHERE s.stack IS NULL OR s.stack + (e->>1)::BIGINT < 0
            ORDER BY i LIMIT 1) bad ON TRUE
     WHERE x.id = tid;
    IF NOT FOUND THEN
        RETURN jsonb_build_object('error', 'TableNotFound');
    END IF;
    IF NOT t.done THEN
        IF t.status <> 'open' THEN
            RETURN jsonb_build_object('error', 'TableNotFound');
        END IF;
        IF ac <= t.action_counter OR dn < t.deal_number THEN
            RETURN jsonb_build_object('error', 'StaleAction', 'action_counter', t.action_counter,
                                      'deal_number', t.deal_number);
        END IF;
        IF t.stack_sum + (new_pot - t.pot) + (new_kitty - t.kitty) + house_delta <> 0 THEN
            RETURN jsonb_build_object('error', 'ChipsNotConserved', 'stacks', t.stack_sum,
                                      'pot', new_pot - t.pot, 'kitty', new_kitty - t.kitty);
        END IF;
        IF t.bad_pid IS NOT NULL THEN
            IF t.bad_stack IS NULL THEN
                RETURN jsonb_build_object('error', 'SeatNotFound', 'pid', t.bad_pid);
            END IF;
            RETURN jsonb_build_object('error', 'InsufficientChips', 'guild_id', t.guild_id,
                                      'user_id', t.bad_user, 'needed', -t.bad_delta);
        END IF;

        -- checked above: a failure below is a bug, and raising aborts the transaction
        new_deal := dn <> t.deal_number;
        pot0 := t.deal_pot0;
        kitty0 := t.deal_kitty0;
        house := t.deal_house + house_delta;
        IF new_deal THEN
            pot0 := t.pot; kitty0 := t.kitty; house := house_delta;
        END IF;
        IF over THEN
            pot0 := new_pot; kitty0 := new_kitty; house := 0;
        END IF;
        IF over OR new_deal THEN  -- every seat's contribution is rewritten, movers or not
            expected := t.seat_count;
            UPDATE seats s
               SET stack = s.stack + m.delta,
                   contributed = CASE WHEN over THEN 0 ELSE -m.delta END
              FROM (SELECT s0.user_id, COALESCE((e->>1)::BIGINT, 0) AS delta
                      FROM seats s0
                      LEFT JOIN jsonb_array_elements(b->'deltas') e
                        ON (e->>0)::BIGINT = s0.user_id
                     WHERE s0.table_id = tid) m
             WHERE s.table_id = tid AND s.user_id = m.user_id AND s.stack + m.delta >= 0;
        ELSE
            expected := jsonb_array_length(b->'deltas');
            UPDATE seats s
               SET stack = s.stack + m.delta, contributed = s.contributed - m.delta
              FROM (SELECT (e->>0)::BIGINT AS user_id, (e->>1)::BIGINT AS delta
                      FROM jsonb_array_elements(b->'deltas') e) m
             WHERE s.table_id = tid AND s.user_id = m.user_id AND s.stack + m.delta >= 0;
        END IF;
        GET DIAGNOSTICS n = ROW_COUNT;
        IF n <> expected THEN
            RAISE EXCEPTION 'table %: a checked stack change did not apply', tid;
        END IF;
        UPDATE tables x
           SET snapshot = b->>'snapshot', deal_number = dn, action_counter = ac,
               deadline = b->>'deadline', pot = new_pot, kitty = new_kitty,
               deal_open = CASE WHEN over THEN 0 ELSE 1 END, deal_pot0 = pot0,
               deal_kitty0 = kitty0, deal_house = house, last_action_at = b->>'stamp'
         WHERE id = tid
        RETURNING jsonb_build_object(  -- a new step's snapshot is the caller's own
            'id', x.id, 'guild_id', x.guild_id, 'channel_id', x.channel_id, 'game', x.game,
            'options', x.options, 'host_id', x.host_id, 'message_id', x.message_id,
            'status', x.status, 'deal_number', x.deal_number, 'deal_open', x.deal_open,
            'action_counter', x.action_counter, 'deadline', x.deadline, 'pot', x.pot,
            'kitty', x.kitty, 'last_action_at', x.last_action_at) INTO tbl;
        INSERT INTO ledger (ref, reason, guild_id, user_id, table_id, stack_delta, pot_delta,
                            kitty_delta, minted)
        SELECT r.ref, r.reason, t.guild_id, r.user_id, tid, r.stack_delta, r.pot_delta,
               r.kitty_delta, r.minted
          FROM (SELECT 0 AS k, step_ref AS ref, step_reason AS reason, NULL::BIGINT AS user_id,
                       0::BIGINT AS stack_delta, new_pot - t.pot AS pot_delta,
                       new_kitty - t.kitty AS kitty_delta, 0::BIGINT AS minted
                UNION ALL
                SELECT i, step_ref || ':' || (e->>2), step_reason, (e->>0)::BIGINT,
                       (e->>1)::BIGINT, 0, 0, 0
                  FROM jsonb_array_elements(b->'deltas') WITH ORDINALITY AS x(e, i)
                UNION ALL
                SELECT 2147483647, step_ref || ':house', 'house_result', NULL, 0, 0, 0,
                       -house_delta
                 WHERE house_delta <> 0) r
         ORDER BY r.k;
        IF jsonb_array_length(b->'private') > 0 THEN
            INSERT INTO private_outbox (table_id, user_id, action_counter)
            SELECT tid, (u #>> '{}')::BIGINT, ac FROM jsonb_array_elements(b->'private') u
            ORDER BY 2
            ON CONFLICT (table_id, user_id) DO UPDATE SET action_counter = excluded.action_counter;
        END IF;
        applied := TRUE;
    END IF;

    -- the private updates delivered since the table's last step (storage.booking's delivered)
    IF COALESCE(b->'delivered', '{}'::jsonb) <> '{}'::jsonb THEN
        DELETE FROM private_outbox o
         USING jsonb_each_text(b->'delivered') AS told(u, c)
         WHERE o.table_id = tid AND o.user_id = told.u::BIGINT
           AND o.action_counter <= told.c::BIGINT;
    END IF;

    IF jsonb_typeof(b->'away') = 'array' THEN
        UPDATE seats SET away = 0 WHERE table_id = tid AND away = 1;
        UPDATE seats SET away = 1
         WHERE table_id = tid
           AND user_id IN (SELECT (u #>> '{}')::BIGINT FROM jsonb_array_elements(b->'away') u);
    END IF;

    IF jsonb_typeof(b->'result') = 'object' THEN
        INSERT INTO results (guild_id, table_id, game, deal_number, pot, players, settlement,
                             winners, hand_names, deck, history)
        VALUES ((b->'result'->>'guild_id')::BIGINT, tid, b->'result'->>'game', dn,
                (b->'result'->>'pot')::BIGINT, b->'result'->>'players',
                b->'result'->>'settlement', b->'result'->>'winners',
                b->'result'->>'hand_names', b->'result'->>'deck', b->'result'->>'history')
        ON CONFLICT (table_id, deal_number) DO NOTHING;
        GET DIAGNOSTICS n = ROW_COUNT;
        IF n > 0 THEN  -- winners' rows ([guild, user, game, net, pot]) first, then the others'
            INSERT INTO stats AS st (guild_id, user_id, game, played, won, net, biggest_pot)
            SELECT (r->>0)::BIGINT, (r->>1)::BIGINT, r->>2, 1, w.won, (r->>3)::BIGINT,
                   COALESCE((r->>4)::BIGINT, 0)
              FROM (SELECT r, 1 AS won, i FROM jsonb_array_elements(b->'result'->'won')
                           WITH ORDINALITY AS x(r, i)
                    UNION ALL
                    SELECT r, 0, 1000000 + i FROM jsonb_array_elements(b->'result'->'played')
                           WITH ORDINALITY AS x(r, i)) w
             ORDER BY w.i
            ON CONFLICT (guild_id, user_id, game) DO UPDATE SET
                played = st.played + 1, won = st.won + excluded.won,
                net = st.net + excluded.net,
                biggest_pot = CASE WHEN excluded.won = 1
                                   THEN GREATEST(st.biggest_pot, excluded.biggest_pot)
                                   ELSE st.biggest_pot END;
        END IF;
    END IF;

    IF b->>'pay_out_ref' IS NOT NULL THEN  -- players who left are paid out now
        FOR leaver IN
            SELECT user_id, stack FROM seats
             WHERE table_id = tid AND seated = 0 AND stack <> 0 ORDER BY seat_no
        LOOP
            out_ref := (b->>'pay_out_ref') || ':' || CASE WHEN leaver.user_id < 0
                THEN 'cpu:' || (-leaver.user_id)::TEXT ELSE leaver.user_id::TEXT END;
            CONTINUE WHEN EXISTS (SELECT 1 FROM ledger WHERE ref = out_ref);
            IF (SELECT status FROM tables WHERE id = tid) <> 'open' THEN
                RAISE EXCEPTION 'table % is not open', tid;
            END IF;
            UPDATE seats SET stack = stack - leaver.stack
             WHERE table_id = tid AND user_id = leaver.user_id
               AND stack + CASE WHEN contributed < 0 THEN contributed ELSE 0 END
                   >= leaver.stack;
            GET DIAGNOSTICS n = ROW_COUNT;
            IF n <> 1 THEN
                RAISE EXCEPTION 'user % has fewer than % chips in their stack',
                    leaver.user_id, leaver.stack;
            END IF;
            IF leaver.user_id < 0 THEN  -- the house's chips go back to the house: removed
                INSERT INTO ledger (ref, reason, guild_id, user_id, table_id, stack_delta, minted)
                VALUES (out_ref, 'house_result', t.guild_id, leaver.user_id, tid,
                        -leaver.stack, -leaver.stack);
            ELSE
                UPDATE accounts SET balance = balance + leaver.stack
                 WHERE guild_id = t.guild_id AND user_id = leaver.user_id;
                GET DIAGNOSTICS n = ROW_COUNT;
                IF n <> 1 THEN
                    RAISE EXCEPTION 'no account for user % in guild %', leaver.user_id,
                        t.guild_id;
                END IF;
                INSERT INTO ledger (ref, reason, guild_id, user_id, table_id, balance_delta,
                                    stack_delta)
                VALUES (out_ref, 'cash_out', t.guild_id, leaver.user_id, tid, leaver.stack,
                        -leaver.stack);
            END IF;
        END LOOP;
    END IF;

    IF NOT applied THEN  -- a step booked before: the table as stored, snapshot and all
        SELECT to_jsonb(x) INTO tbl FROM tables x WHERE x.id = tid;
    END IF;
    RETURN jsonb_build_object(
        'applied', applied,
        'table', tbl,
        'seats', (SELECT COALESCE(jsonb_agg(jsonb_build_array(user_id, seat_no, stack,
                                  contributed, seated, away) ORDER BY seat_no), '[]')
                    FROM seats WHERE table_id = tid));
END
$$;

CREATE OR REPLACE FUNCTION parlour_book_many(steps JSONB) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
    outcomes JSONB[] := '{}';
    step     JSONB;
BEGIN
    FOR step IN SELECT e FROM jsonb_array_elements(steps) WITH ORDINALITY AS x(e, i) ORDER BY i
    LOOP
        outcomes := array_append(outcomes, parlour_book(step));
    END LOOP;
    RETURN to_jsonb(outcomes);
END
$$;

UPDATE schema_version SET version = 11;

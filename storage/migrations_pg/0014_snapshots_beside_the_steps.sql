-- Parlour storage on PostgreSQL, version 14: a batch's snapshots beside its steps, not in them.
--
-- Every step carries its table's snapshot (~3 KB of JSON text in bench.ledger, more in a long
-- deal). Inside the step's JSON it was parsed with the batch's JSON (a JSON string full of
-- escaped quotes), then carried in each step's value through every read of the batch's
-- checked steps (the parlour_step array, read ~10 times), to be written once, by the tables
-- UPDATE: ~55 us of server CPU a step of the ~470 the set-wise batch cost. Now the snapshots
-- come as a second parameter, a text array in the steps' order, read only where the snapshot
-- is written (snapshots[i] for step i); the steps' JSON no longer holds them. Everything
-- else is version 12's parlour_book_many, statement for statement: the same checks, rows,
-- refusals and answers.
--
-- A lone step is still parlour_book (version 11), its snapshot put back into its JSON by the
-- call (storage._pg_book.ONE): one step's snapshot is read once anyway. The one-parameter
-- parlour_book_many stays, unchanged, for a process still running the code before this
-- version during an upgrade (its steps hold their snapshots). SQLite needs nothing: no
-- stored value and no statement changes there.

CREATE FUNCTION parlour_book_many(steps JSONB, snapshots TEXT[]) RETURNS JSONB LANGUAGE plpgsql AS $$
DECLARE
    outcomes JSONB[] := '{}';
    step     JSONB;
    place    BIGINT;
    v        parlour_step[];
    tbls     JSONB;
    n        BIGINT;
    expected BIGINT;
    -- a set-wise batch costs ~2 ms of server CPU however small (bench.ledger's steps: 2
    -- steps 1.3 ms a step, 4 0.84, 10 0.49, 50 0.46; parlour_book 0.9 a step)
    set_wise_from CONSTANT INTEGER := 4;
BEGIN
    IF cardinality(snapshots) IS DISTINCT FROM jsonb_array_length(steps) THEN
        RAISE EXCEPTION '% steps with % snapshots', jsonb_array_length(steps),
                        cardinality(snapshots);
    END IF;
    IF jsonb_array_length(steps) < set_wise_from OR NOT (
        SELECT count(*) = count(DISTINCT e->>'table_id') AND count(*) = count(DISTINCT e->>'ref')
               AND bool_and(e->>'pay_out_ref' IS NULL)
          FROM jsonb_array_elements(steps) e
    ) OR EXISTS (
        SELECT 1
          FROM jsonb_array_elements(steps) e,
               LATERAL (SELECT r FROM jsonb_array_elements(
                            CASE WHEN jsonb_typeof(e->'result') = 'object'
                                 THEN e->'result'->'won' ELSE '[]' END) r
                        UNION ALL
                        SELECT r FROM jsonb_array_elements(
                            CASE WHEN jsonb_typeof(e->'result') = 'object'
                                 THEN e->'result'->'played' ELSE '[]' END) r) k
         GROUP BY k.r->>0, k.r->>1, k.r->>2
        HAVING count(*) > 1
    ) THEN  -- steps that meet: one after the other
        FOR step, place IN SELECT e, i FROM jsonb_array_elements(steps) WITH ORDINALITY AS x(e, i)
                        ORDER BY i
        LOOP
            outcomes := array_append(
                outcomes, parlour_book(step || jsonb_build_object('snapshot', snapshots[place])));
        END LOOP;
        RETURN to_jsonb(outcomes);
    END IF;

    IF EXISTS (SELECT 1 FROM jsonb_array_elements(steps) e
                WHERE jsonb_typeof(e->'fence') = 'object') THEN
        PERFORM 1
           FROM shard_leases l
           JOIN (SELECT DISTINCT (e->'fence'->>'shard_count')::INTEGER AS sc,
                        (tt.guild_id >> 22) % (e->'fence'->>'shard_count')::INTEGER AS sid
                   FROM jsonb_array_elements(steps) e
                   JOIN tables tt ON tt.id = (e->>'table_id')::BIGINT
                  WHERE jsonb_typeof(e->'fence') = 'object') k
             ON l.shard_count = k.sc AND l.shard_id = k.sid
          ORDER BY l.shard_count, l.shard_id
            FOR SHARE OF l;
    END IF;

    -- every step's checks, in parlour_book's order
    SELECT array_agg(ROW(
               c.i, c.tid, c.e, c.err, c.err IS NULL AND NOT c.done, c.guild_id,
               c.whole, c.pot_delta, c.kitty_delta,
               CASE WHEN c.over THEN c.new_pot WHEN c.new_deal THEN c.pot ELSE c.deal_pot0 END,
               CASE WHEN c.over THEN c.new_kitty WHEN c.new_deal THEN c.kitty
                    ELSE c.deal_kitty0 END,
               CASE WHEN c.over THEN 0 WHEN c.new_deal THEN c.house_delta
                    ELSE c.deal_house + c.house_delta END,
               CASE WHEN c.whole THEN c.seat_count ELSE c.delta_count END
           )::parlour_step ORDER BY c.i)
      INTO v
      FROM (
        SELECT s.*,
               s.dn <> s.deal_number AS new_deal,
               s.over OR s.dn <> s.deal_number AS whole,
               s.new_pot - s.pot AS pot_delta, s.new_kitty - s.kitty AS kitty_delta,
               CASE
                 WHEN s.fenced AND s.lease_shard IS NULL AND s.found THEN
                   jsonb_build_object('error', 'LeaseLost', 'shard',
                                      (s.guild_id >> 22) % (s.e->'fence'->>'shard_count')::INTEGER)
                 WHEN s.fenced AND s.lease_shard IS NOT NULL AND (
                        s.lease_holder <> s.e->'fence'->>'holder'
                        OR (s.e->'fence'->'epochs'->>(s.lease_shard::TEXT))::INTEGER
                           IS DISTINCT FROM s.lease_epoch) THEN
                   jsonb_build_object('error', 'LeaseLost', 'shard', s.lease_shard,
                                      'holder', s.lease_holder, 'epoch', s.lease_epoch)
                 WHEN NOT s.found THEN jsonb_build_object('error', 'TableNotFound')
                 WHEN s.done THEN NULL
                 WHEN s.status <> 'open' THEN jsonb_build_object('error', 'TableNotFound')
                 WHEN s.ac <= s.action_counter OR s.dn < s.deal_number THEN
                   jsonb_build_object('error', 'StaleAction', 'action_counter', s.action_counter,
                                      'deal_number', s.deal_number)
                 WHEN s.stack_sum + (s.new_pot - s.pot) + (s.new_kitty - s.kitty)
                      + s.house_delta <> 0 THEN
                   jsonb_build_object('error', 'ChipsNotConserved', 'stacks', s.stack_sum,
                                      'pot', s.new_pot - s.pot, 'kitty', s.new_kitty - s.kitty)
                 WHEN s.bad_pid IS NOT NULL AND s.bad_stack IS NULL THEN
                   jsonb_build_object('error', 'SeatNotFound', 'pid', s.bad_pid)
                 WHEN s.bad_pid IS NOT NULL THEN
                   jsonb_build_object('error', 'InsufficientChips', 'guild_id', s.guild_id,
                                      'user_id', s.bad_user, 'needed', -s.bad_delta)
               END AS err
          FROM (
            SELECT st.i, st.e, st.tid,
                   (st.e->>'deal_number')::BIGINT AS dn,
                   (st.e->>'action_counter')::BIGINT AS ac,
                   (st.e->>'pot')::BIGINT AS new_pot,
                   (st.e->>'kitty')::BIGINT AS new_kitty,
                   (st.e->>'house_delta')::BIGINT AS house_delta,
                   (st.e->>'deal_over')::BOOLEAN AS over,
                   jsonb_typeof(st.e->'fence') = 'object' AS fenced,
                   x.id IS NOT NULL AS found,
                   x.guild_id, x.status, x.deal_number, x.action_counter, x.pot, x.kitty,
                   x.deal_pot0, x.deal_kitty0, x.deal_house,
                   l.shard_id AS lease_shard, l.holder AS lease_holder, l.epoch AS lease_epoch,
                   EXISTS (SELECT 1 FROM ledger WHERE ref = st.e->>'ref') AS done,
                   (SELECT COALESCE(SUM((d->>1)::BIGINT), 0)
                      FROM jsonb_array_elements(st.e->'deltas') d) AS stack_sum,
                   (SELECT count(*) FROM seats WHERE table_id = st.tid) AS seat_count,
                   jsonb_array_length(st.e->'deltas') AS delta_count,
                   bad.user_id AS bad_user, bad.delta AS bad_delta, bad.pid AS bad_pid,
                   bad.stack AS bad_stack
              FROM (SELECT e, i, (e->>'table_id')::BIGINT AS tid
                      FROM jsonb_array_elements(steps) WITH ORDINALITY AS y(e, i)) st
              LEFT JOIN tables x ON x.id = st.tid
              LEFT JOIN shard_leases l
                ON jsonb_typeof(st.e->'fence') = 'object'
               AND l.shard_count = (st.e->'fence'->>'shard_count')::INTEGER
               AND l.shard_id = (x.guild_id >> 22) % (st.e->'fence'->>'shard_count')::INTEGER
              LEFT JOIN LATERAL (  -- the first stack change refused, in the step's order
                   SELECT (d->>0)::BIGINT AS user_id, (d->>1)::BIGINT AS delta, d->>2 AS pid,
                          se.stack
                     FROM jsonb_array_elements(st.e->'deltas') WITH ORDINALITY AS dd(d, k)
                     LEFT JOIN seats se ON se.table_id = st.tid AND se.user_id = (d->>0)::BIGINT
                    WHERE se.stack IS NULL OR se.stack + (d->>1)::BIGINT < 0
                    ORDER BY k LIMIT 1) bad ON x.id IS NOT NULL
          ) s
      ) c;

    IF EXISTS (SELECT 1 FROM unnest(v) s WHERE s.applied) THEN
        -- the stacks: a deal's first or last step rewrites every seat's contribution
        UPDATE seats se
           SET stack = se.stack + m.delta,
               contributed = CASE WHEN NOT m.whole THEN se.contributed - m.delta
                                  WHEN m.over THEN 0 ELSE -m.delta END
          FROM (SELECT s.tid, s0.user_id, COALESCE((d->>1)::BIGINT, 0) AS delta, TRUE AS whole,
                       (s.e->>'deal_over')::BOOLEAN AS over
                  FROM unnest(v) s
                  JOIN seats s0 ON s0.table_id = s.tid
                  LEFT JOIN jsonb_array_elements(s.e->'deltas') d
                    ON (d->>0)::BIGINT = s0.user_id
                 WHERE s.applied AND s.whole
                UNION ALL
                SELECT s.tid, (d->>0)::BIGINT, (d->>1)::BIGINT, FALSE, FALSE
                  FROM unnest(v) s, jsonb_array_elements(s.e->'deltas') d
                 WHERE s.applied AND NOT s.whole) m
         WHERE se.table_id = m.tid AND se.user_id = m.user_id AND se.stack + m.delta >= 0;
        GET DIAGNOSTICS n = ROW_COUNT;
        SELECT COALESCE(SUM(s.expected), 0) INTO expected FROM unnest(v) s WHERE s.applied;
        IF n <> expected THEN
            RAISE EXCEPTION 'a checked stack change did not apply (% of % seats)', n, expected;
        END IF;

        WITH written AS (
            UPDATE tables x
               SET snapshot = snapshots[s.i], deal_number = (s.e->>'deal_number')::BIGINT,
                   action_counter = (s.e->>'action_counter')::BIGINT,
                   deadline = s.e->>'deadline', pot = (s.e->>'pot')::BIGINT,
                   kitty = (s.e->>'kitty')::BIGINT,
                   deal_open = CASE WHEN (s.e->>'deal_over')::BOOLEAN THEN 0 ELSE 1 END,
                   deal_pot0 = s.pot0, deal_kitty0 = s.kitty0, deal_house = s.house,
                   last_action_at = s.e->>'stamp'
              FROM unnest(v) s
             WHERE x.id = s.tid AND s.applied
            RETURNING x.id, jsonb_build_object(  -- a new step's snapshot is the caller's own
                'id', x.id, 'guild_id', x.guild_id, 'channel_id', x.channel_id, 'game', x.game,
                'options', x.options, 'host_id', x.host_id, 'message_id', x.message_id,
                'status', x.status, 'deal_number', x.deal_number, 'deal_open', x.deal_open,
                'action_counter', x.action_counter, 'deadline', x.deadline, 'pot', x.pot,
                'kitty', x.kitty, 'last_action_at', x.last_action_at) AS row
        )
        SELECT jsonb_object_agg(w.id::TEXT, w.row) INTO tbls FROM written w;

        INSERT INTO ledger (ref, reason, guild_id, user_id, table_id, stack_delta, pot_delta,
                            kitty_delta, minted)
        SELECT r.ref, r.reason, r.guild_id, r.user_id, r.tid, r.stack_delta, r.pot_delta,
               r.kitty_delta, r.minted
          FROM (SELECT s.i, 0 AS k, s.e->>'ref' AS ref, s.e->>'reason' AS reason, s.guild_id,
                       NULL::BIGINT AS user_id, s.tid, 0::BIGINT AS stack_delta,
                       s.pot_delta, s.kitty_delta, 0::BIGINT AS minted
                  FROM unnest(v) s WHERE s.applied
                UNION ALL
                SELECT s.i, d.k, (s.e->>'ref') || ':' || (d.d->>2), s.e->>'reason', s.guild_id,
                       (d.d->>0)::BIGINT, s.tid, (d.d->>1)::BIGINT, 0, 0, 0
                  FROM unnest(v) s,
                       jsonb_array_elements(s.e->'deltas') WITH ORDINALITY AS d(d, k)
                 WHERE s.applied
                UNION ALL
                SELECT s.i, 2147483647, (s.e->>'ref') || ':house', 'house_result', s.guild_id,
                       NULL, s.tid, 0, 0, 0, -(s.e->>'house_delta')::BIGINT
                  FROM unnest(v) s
                 WHERE s.applied AND (s.e->>'house_delta')::BIGINT <> 0) r
         ORDER BY r.i, r.k;

        IF EXISTS (SELECT 1 FROM unnest(v) s
                    WHERE s.applied AND jsonb_array_length(s.e->'private') > 0) THEN
            INSERT INTO private_outbox (table_id, user_id, action_counter)
            SELECT s.tid, (u #>> '{}')::BIGINT, (s.e->>'action_counter')::BIGINT
              FROM unnest(v) s, jsonb_array_elements(s.e->'private') u
             WHERE s.applied
             ORDER BY s.i, 2
            ON CONFLICT (table_id, user_id) DO UPDATE SET action_counter = excluded.action_counter;
        END IF;
    END IF;

    -- the private updates delivered since each table's last step (storage.booking's delivered)
    IF EXISTS (SELECT 1 FROM unnest(v) s
                WHERE s.err IS NULL AND COALESCE(s.e->'delivered', '{}') <> '{}') THEN
        DELETE FROM private_outbox o
         USING unnest(v) s, jsonb_each_text(s.e->'delivered') AS told(u, c)
         WHERE s.err IS NULL AND o.table_id = s.tid AND o.user_id = told.u::BIGINT
           AND o.action_counter <= told.c::BIGINT;
    END IF;

    IF EXISTS (SELECT 1 FROM unnest(v) s
                WHERE s.err IS NULL AND jsonb_typeof(s.e->'away') = 'array') THEN
        UPDATE seats se SET away = 0
          FROM unnest(v) s
         WHERE s.err IS NULL AND jsonb_typeof(s.e->'away') = 'array'
           AND se.table_id = s.tid AND se.away = 1;
        UPDATE seats se SET away = 1
          FROM unnest(v) s, jsonb_array_elements(s.e->'away') u
         WHERE s.err IS NULL AND jsonb_typeof(s.e->'away') = 'array'
           AND se.table_id = s.tid AND se.user_id = (u #>> '{}')::BIGINT;
    END IF;

    IF EXISTS (SELECT 1 FROM unnest(v) s
                WHERE s.err IS NULL AND jsonb_typeof(s.e->'result') = 'object') THEN
        WITH recorded AS (
            INSERT INTO results (guild_id, table_id, game, deal_number, pot, players,
                                 settlement, winners, hand_names, deck, history)
            SELECT (s.e->'result'->>'guild_id')::BIGINT, s.tid, s.e->'result'->>'game',
                   (s.e->>'deal_number')::BIGINT, (s.e->'result'->>'pot')::BIGINT,
                   s.e->'result'->>'players', s.e->'result'->>'settlement',
                   s.e->'result'->>'winners', s.e->'result'->>'hand_names',
                   s.e->'result'->>'deck', s.e->'result'->>'history'
              FROM unnest(v) s
             WHERE s.err IS NULL AND jsonb_typeof(s.e->'result') = 'object'
             ORDER BY s.i
            ON CONFLICT (table_id, deal_number) DO NOTHING
            RETURNING table_id
        )  -- winners' rows ([guild, user, game, net, pot]) first, then the others', per step
        INSERT INTO stats AS st (guild_id, user_id, game, played, won, net, biggest_pot)
        SELECT (w.r->>0)::BIGINT, (w.r->>1)::BIGINT, w.r->>2, 1, w.won, (w.r->>3)::BIGINT,
               COALESCE((w.r->>4)::BIGINT, 0)
          FROM unnest(v) s
          JOIN recorded ON recorded.table_id = s.tid,
               LATERAL (SELECT r, 1 AS won, k FROM jsonb_array_elements(s.e->'result'->'won')
                               WITH ORDINALITY AS x(r, k)
                        UNION ALL
                        SELECT r, 0, 1000000 + k
                          FROM jsonb_array_elements(s.e->'result'->'played')
                               WITH ORDINALITY AS x(r, k)) w
         ORDER BY s.i, w.k
        ON CONFLICT (guild_id, user_id, game) DO UPDATE SET
            played = st.played + 1, won = st.won + excluded.won,
            net = st.net + excluded.net,
            biggest_pot = CASE WHEN excluded.won = 1
                               THEN GREATEST(st.biggest_pot, excluded.biggest_pot)
                               ELSE st.biggest_pot END;
    END IF;

    -- every step's answer, in the batch's order; a step booked before: the table as stored
    SELECT array_agg(
               CASE WHEN s.err IS NOT NULL THEN s.err
                    ELSE jsonb_build_object(
                        'applied', s.applied,
                        'table', CASE WHEN s.applied THEN tbls->(s.tid::TEXT)
                                      ELSE (SELECT to_jsonb(x) FROM tables x WHERE x.id = s.tid)
                                 END,
                        'seats', COALESCE(
                            (SELECT jsonb_agg(jsonb_build_array(se.user_id, se.seat_no, se.stack,
                                                                se.contributed, se.seated,
                                                                se.away) ORDER BY se.seat_no)
                               FROM seats se WHERE se.table_id = s.tid), '[]'))
               END ORDER BY s.i)
      INTO outcomes
      FROM unnest(v) s;
    RETURN to_jsonb(outcomes);
END
$$;

UPDATE schema_version SET version = 14;

"""A reshuffle inside a deal commits its new order like the deal's opening order (issue 29):
PP-5's rejects, PP-6's gathered cards, PP-8's discards and PA-7's stock, each on a stacked
deck (whose "shuffle" keeps the gathered cards in order, so the new order is known here).

Each scenario checks the same things: the commitment is made in the step that shuffles, after
the shuffle and before any card of the new order is shown (its public event comes first, its
log entry precedes the draw); its fingerprint is the root of exactly the new order; the card
dealt from it is proved at its position in it (top first), labelled as that commitment, and
checks with the verifier; and a replay of the deal from its opening state commits the same
order with the same fingerprint. Pontoon never reshuffles inside a deal: its shuffled pack
(PO-19) is the next deal's opening commitment.
"""

from __future__ import annotations

import random
from typing import Any

from games.cards import FULL_DECK
from games.core.engine import CardGame
from games.core.replay import moments
from games.events import GameEvent, OrderCommitted
from games.fairness import Commitment, Proof, check_data, verify
from games.paiute import Paiute, PaiuteOptions
from games.pontoon import Pontoon
from games.randomness import CountedRandom, derived_secret
from tests.games.paiute.helpers import draw, new_game, pass_turn
from tests.games.palace.helpers import full_deck, table

SECRET = bytes(range(16))
BANNERS_10 = ["As", "Ah", "Ad", "Ac", "Ks", "Kh", "Kd", "Kc", "Qs", "Qh"]


def committed(events: list[GameEvent]) -> list[OrderCommitted]:
    return [e for e in events if isinstance(e, OrderCommitted)]


def entry(game: CardGame[Any, Any], reader: str | None, rule: str) -> dict[str, Any]:
    """The reader's ``[[commitments]]`` table of the deal's (last) reshuffle by ``rule``."""
    found = [c for c in game.commitments(reader) if c.get("rule") == rule]
    assert found, rule
    return found[-1]


def proved_at(table_: dict[str, Any], card: str) -> int:
    """The position the table's proof of ``card`` gives, after checking the proof holds."""
    [proof] = [p for p in table_["reveals"] if p["card"] == card]
    as_proof = Proof(proof["position"], card, proof["salt"], tuple(proof["path"]))
    assert verify(table_["fingerprint"], table_["cards"], as_proof)
    return int(proof["position"])


def assert_file_verifies(game: CardGame[Any, Any], reader: str | None) -> None:
    verdict = check_data({"commitments": game.commitments(reader)})
    assert verdict.ok, verdict.failures
    assert len(verdict.commitments) == 1 + len(game.state.reshuffles)


def assert_replayed_alike(game: CardGame[Any, Any]) -> None:
    """The deal stepped through again from its opening state (what /replay does) commits
    every reshuffle with the same fingerprint, at the same step."""
    assert game.state.replay_from is not None
    actions = [
        (str(e["player"]), dict(e["action"])) for e in game.state.log if e["kind"] == "action"
    ]
    again = [
        e.fingerprint
        for m in moments(type(game), game.state.replay_from, actions)
        for e in committed(m.events)
    ]
    assert again == [r.fingerprint for r in game.state.reshuffles]


def test_PP_5_reshuffle_commits_new_order():
    # Ten players on a deck in suit order run it out during the banners (PP-5); the 47 rejects
    # become the deck, committed before f's banner (Ks) is turned from it.
    game = table(10, full_deck([]))
    game.commit(SECRET)
    opening = game.opening_events()
    kinds = [str(e.kind) for e in opening]
    [pp5] = [r for r in game.state.reshuffles if r.rule == "PP-5"]
    at = kinds.index("order_committed")
    assert kinds[at - 1] == "rejects_reshuffled"
    assert committed(opening)[0].fingerprint == pp5.fingerprint
    f_banner = next(e for e in opening[at:] if getattr(e, "player", None) == "f")
    assert getattr(f_banner, "banner", None) == "Ks" == pp5.cards[0]
    before = {getattr(e, "banner", None) for e in opening[:at]} - {None}
    assert before == {"As", "Ah", "Ad", "Ac", "Kc"}  # a to e's banners
    assert len(pp5.cards) == 47  # every other card was turned and rejected
    assert set(pp5.cards) == {c.code for c in FULL_DECK} - before
    secret = bytes.fromhex(pp5.secret)
    assert Commitment(pp5.cards, secret).fingerprint == pp5.fingerprint
    table_ = entry(game, None, "PP-5")
    assert table_["label"] == "reshuffle 1 (PP-5)"
    assert proved_at(table_, "Ks") == 0
    assert_file_verifies(game, None)
    assert_replayed_alike(game)


def test_PP_6_gathered_cards_are_committed_before_the_palace_cards():
    game = table(3, full_deck(["As", "Kh", "Qd"]))
    game.commit(SECRET)
    opening = game.opening_events()
    kinds = [str(e.kind) for e in opening]
    assert kinds.index("order_committed") < kinds.index("palace_cards")
    [pp6] = game.state.reshuffles
    assert pp6.rule == "PP-6"
    assert len(pp6.cards) == 49  # every card but the three banners
    palace = [c.code for c in game.state.seat["a"].palace]
    assert [pp6.cards[i] for i in (0, 3, 6)] == palace  # dealt one at a time from seat 0
    mine = entry(game, "a", "PP-6")
    assert [proved_at(mine, c) for c in palace] == [0, 3, 6]
    # the palace cards are a's alone: the table's and b's tables of PP-6 prove none of them
    assert entry(game, None, "PP-6")["reveals"] == []
    assert not {p["card"] for p in entry(game, "b", "PP-6")["reveals"]} & set(palace)
    assert_file_verifies(game, "a")
    assert_replayed_alike(game)


def test_PP_8_reshuffle_commits_new_order():
    game = table(10, full_deck(BANNERS_10))
    game.commit(SECRET)
    order = "abcdefghij"
    bought = []
    for turn in range(12):
        pid = order[turn % 10]
        game.act(pid, {"kind": "buy"})
        card = game.state.seat[pid].soldiers[-1].code
        bought.append(card)
        game.act(pid, {"kind": "discard_soldiers", "cards": [card]})
    before = len(game.state.reshuffles)
    events = game.act("c", {"kind": "buy"})
    assert [str(e.kind) for e in events][:3] == ["discards_reshuffled", "order_committed", "buy"]
    [pp8] = game.state.reshuffles[before:]
    assert pp8.rule == "PP-8"
    assert pp8.cards == bought  # stacked: the discards in the order they went
    assert committed(events)[0].fingerprint == pp8.fingerprint
    assert Commitment(bought, bytes.fromhex(pp8.secret)).fingerprint == pp8.fingerprint
    # the deal's log has it, public, in the step of c's buy
    log = game.state.log
    last_action = max(i for i, e in enumerate(log) if e["kind"] == "action")
    [noted] = [e for e in log[last_action:] if e["kind"] == "committed"]
    assert noted == {
        "kind": "committed",
        "rule": "PP-8",
        "number": pp8.number,
        "cards": 12,
        "fingerprint": pp8.fingerprint,
    }
    assert any(e["kind"] == "committed" for e in game.history())  # shown before the end
    # the bought card was public when bought from the opening's order, and again now: it is
    # proved at the top of the new order, to everyone
    table_ = entry(game, None, "PP-8")
    assert table_["label"] == f"reshuffle {pp8.number} (PP-8)"
    assert proved_at(table_, bought[0]) == 0
    assert_file_verifies(game, None)
    assert_file_verifies(game, "c")
    assert_replayed_alike(game)


def test_PA_7_reshuffle_commits_new_order():
    game = new_game(["ann", "bob"], "bob", {}, indicator="8d", max_rounds=30)
    game.commit(SECRET)
    while game.view(None).stock_count > 0:
        pid = game.to_act
        assert pid is not None
        pass_turn(game, pid)
    pid = game.to_act
    assert pid is not None
    other = "bob" if pid == "ann" else "ann"
    events = draw(game, pid)
    kinds = [str(e.kind) for e in events]
    assert kinds[:2] == ["stock_rebuilt", "order_committed"]
    assert kinds.index("order_committed") < kinds.index("drawn")  # before the card is told
    [pa7] = game.state.reshuffles
    assert pa7.rule == "PA-7"
    rebuilt = next(e["stock"] for e in game.state.log if e["kind"] == "stock_rebuilt")
    assert pa7.cards == rebuilt
    assert committed(events)[0].fingerprint == pa7.fingerprint
    drawn = game.view(pid).hand[-1].code  # type: ignore[index]
    assert drawn == pa7.cards[0]
    # the drawn card is told to its player only: proved to them at the top of the new order
    assert proved_at(entry(game, pid, "PA-7"), drawn) == 0
    assert drawn not in {p["card"] for p in entry(game, other, "PA-7")["reveals"]}
    assert drawn not in {p["card"] for p in entry(game, None, "PA-7")["reveals"]}
    game.act(pid, game.timeout_action(pid))  # the discard that ends the turn
    while not game.is_over:
        who = game.to_act
        assert who is not None
        pass_turn(game, who)
    record = game.fairness()
    assert record is not None
    [kept] = record["reshuffles"]
    assert (kept["rule"], kept["fingerprint"]) == ("PA-7", pa7.fingerprint)
    assert_file_verifies(game, pid)
    assert_replayed_alike(game)


def test_PA_7_a_shuffled_rebuild_commits_and_leaves_the_games_future_alone():
    """On a shuffled deck too; and the commitment's secret is derived without drawing from the
    game's generator, so the deal goes on exactly as it would have."""
    game = Paiute.new(["ann", "bob"], {"ann": 50, "bob": 50}, PaiuteOptions(max_rounds=60), seed=3)
    game.commit(SECRET)
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        game.act(pid, game.timeout_action(pid))
    stocks = [e["stock"] for e in game.state.log if e["kind"] == "stock_rebuilt"]
    assert len(stocks) == 2
    assert [r.cards for r in game.state.reshuffles] == stocks
    assert len({r.secret for r in game.state.reshuffles}) == len(stocks)
    assert_file_verifies(game, "ann")
    assert_replayed_alike(game)
    rng = CountedRandom(7, 40)
    derived_secret(rng, b"1/1")
    assert (rng.origin, rng.drawn) == (7, 40)
    assert rng.getrandbits(32) == CountedRandom(7, 40).getrandbits(32)


def test_PO_19_the_reshuffled_pack_is_the_next_deals_opening_commitment():
    """Pontoon reshuffles only between deals (PO-19): no commitment inside a deal; the next
    deal commits the pack as it stands, its first card proved at position 0 of it."""
    rng = random.Random(2)
    game = Pontoon.new(["a", "b", "c"], dict.fromkeys("abc", 500), None, seed=2)
    for _ in range(6):
        game.commit(SECRET)
        while not game.is_over:
            pid = game.to_act
            assert pid is not None
            game.act(pid, rng.choice(game.legal_actions(pid)).sample(rng))
        assert game.state.reshuffles == []
        assert len(game.commitments(None)) == 1
        game = game.next_deal()
    game.commit(SECRET)
    [opening] = game.commitments(None)
    assert opening["label"] == "deal"
    assert opening["fingerprint"] == game.fingerprint

"""The Pontoon players' key decisions, on stacked decks (dealer ``a`` banks; b and c punt)."""

from __future__ import annotations

import random

from games.computer import strategy
from games.pontoon import Pontoon, PontoonOptions
from tests.games.computer.helpers import decide
from tests.games.pontoon.helpers import dealt, game


def _at_turn(codes: str, stakes: dict[str, int] | None = None, **options: object) -> Pontoon:
    g = game(codes, **options)  # type: ignore[arg-type]
    dealt(g, stakes or {"b": 10, "c": 10})
    return g


def test_sticks_on_hard_17_and_more():
    for b_cards in ("Ks 7d", "Qs 8d", "10s 9d", "Js Qd"):
        first, second = b_cards.split()
        g = _at_turn(f"{first} 2s 3s {second} 4h 5h")
        assert g.to_act == "b"
        assert decide(g, "pontoon") == {"kind": "stick"}


def test_twists_a_soft_17():
    g = _at_turn("As 2s 3s 6d 4h 5h")  # b: A 6 = soft 17
    assert decide(g, "pontoon") == {"kind": "twist"}


def test_buys_a_hard_11_at_the_top_of_the_po_10_range():
    g = _at_turn("5s 2s 3s 6d 4h 5h", {"b": 20, "c": 10})  # b: 5 6 = hard 11, stake 20
    assert decide(g, "pontoon") == {"kind": "buy", "amount": 40}


def test_splits_aces_but_not_kings():
    g = _at_turn("As Ks 3s Ad Kd 5h")  # b: A A, c: K K
    assert decide(g, "pontoon") == {"kind": "split"}
    g = _at_turn("Ks As 3s Kd Ad 5h")  # b: K K = 20
    assert decide(g, "pontoon") == {"kind": "stick"}


def test_stakes_the_most_on_a_first_ace_and_sits_out_a_weak_start():
    g = game("As 5s 3s 6d 4h 5h")
    g.act("a", {"kind": "stay"})
    assert decide(g, "pontoon") == {"kind": "stake", "amount": 100}
    g.act("b", {"kind": "stake", "amount": 100})
    assert decide(g, "pontoon") == {"kind": "sit_out"}  # c's first card is a 5


def test_easy_always_stakes_the_minimum():
    g = game("As 5s 3s 6d 4h 5h")
    g.act("a", {"kind": "stay"})
    assert decide(g, "pontoon", "easy") == {"kind": "stake", "amount": 10}


def test_shoots_the_kittys_room_on_a_first_ace_and_nothing_otherwise():
    g = game("As 5s 3s 6d 4h 5h", shoot=True)
    g.act("a", {"kind": "kitty", "amount": 60})
    g.act("a", {"kind": "stay"})
    g.act("b", {"kind": "stake", "amount": 10})
    g.act("c", {"kind": "stake", "amount": 10})
    assert g.phase == "shoot"
    assert decide(g, "pontoon") == {"kind": "shoot", "amount": 60}
    g.act("b", {"kind": "shoot", "amount": 20})
    assert decide(g, "pontoon") == {"kind": "shoot", "amount": 0}


def test_a_banker_puts_up_the_smallest_kitty_then_deals():
    g = game("As 5s 3s 6d 4h 5h", shoot=True)
    assert decide(g, "pontoon") == {"kind": "kitty", "amount": 10}
    g.act("a", {"kind": "kitty", "amount": 10})
    assert decide(g, "pontoon") == {"kind": "stay"}


def test_banker_stays_on_hard_17_and_draws_on_12():
    g = _at_turn("Ks Qs 10s 9d 9h 7d 2c")  # b 19, c 19, banker 10 7 = 17
    g.act("b", {"kind": "stick"})
    g.act("c", {"kind": "stick"})
    assert g.to_act == "a"
    assert decide(g, "pontoon") == {"kind": "stay"}
    g = _at_turn("Ks Qs 10s 9d 9h 2d 2c")  # banker 10 2 = 12
    g.act("b", {"kind": "stick"})
    g.act("c", {"kind": "stick"})
    assert decide(g, "pontoon") == {"kind": "draw"}


def _solo_deals(company: bool, deals: int, seed: int) -> tuple[int, int, int]:
    """A person (playing the cautious policy too) and two computer players over ``deals``
    seeded deals, the bank passing round: the computers' (punting chances, stakes, sit-outs),
    every decision checked against ``legal``."""
    players = ["you", "cpu:1", "cpu:2"]
    stacks = dict.fromkeys(players, 100_000)
    g = Pontoon.new(players, stacks, PontoonOptions(min_bet=10, max_bet=100), seed=seed)
    seats = {
        "you": strategy("pontoon"),
        "cpu:1": strategy("pontoon", company=company),
        "cpu:2": strategy("pontoon", company=company),
    }
    rng = random.Random(seed)
    chances = stakes = sit_outs = 0
    for _ in range(deals):
        while not g.is_over:
            pid = g.to_act
            assert pid is not None
            legal = g.legal_actions(pid)
            action = seats[pid].choose(g.view(pid), legal, rng)
            assert any(spec.allows(action) for spec in legal), (pid, action)
            if pid != "you" and any(spec.kind == "stake" for spec in legal):
                chances += 1
                stakes += action["kind"] == "stake"
                sit_outs += action["kind"] == "sit_out"
            g.act(pid, action)
        g = g.next_deal()
    return chances, stakes, sit_outs


def test_solo_pontoon_computers_do_not_sit_out_four_deals_in_five():
    """Issue 33: practising alone, the computers sat out whenever their first card was 2-9, so
    the person mostly played the banker alone. Keeping a lone person company, they stake every
    deal they punt in, over many seeded tables, and only ever choose what ``legal`` allows."""
    for seed in range(12):
        chances, stakes, sit_outs = _solo_deals(company=True, deals=25, seed=seed)
        assert chances > 0
        assert (stakes, sit_outs) == (chances, 0)
    cautious_chances, cautious_stakes, _ = _solo_deals(company=False, deals=25, seed=0)
    assert cautious_stakes < cautious_chances / 2  # the cautious policy, as the player saw it

"""The Paiute renderers on real engine views: stacked decks, real events, names not ids, and
no card of a hand in any public text."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bot.exts.paiute import render as r
from games.cards import FULL_DECK, Card
from games.events import Event
from games.paiute import Paiute, PaiuteOptions
from games.randomness import new_rng
from tests.games.paiute.helpers import deck_for

ANN, BOB, CAT = "101", "202", "303"
PLAYERS = [ANN, BOB, CAT]
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat"}


def name(pid: str) -> str:
    return NAMES[pid]


def game_with(hands: dict[str, str], *, dealer: str = CAT, **deck: str) -> Paiute:
    return Paiute.new(
        PLAYERS,
        dict.fromkeys(PLAYERS, 100),
        PaiuteOptions(stake=5, max_rounds=3),
        seed=1,
        deck=deck_for(PLAYERS, dealer, hands, **deck),
        dealer=dealer,
    )


def public_text(game: Paiute, events: list[Event]) -> str:
    view = game.view(None)
    lines = r.deal_lines(view, name) + r.seat_lines(view, name)
    lines += [line for e in events if (line := r.event_line(e, name))]
    return "\n".join(lines)


def hidden_cards(game: Paiute) -> set[Card]:
    """Cards in a hand the public may not see (a card just taken from the discard pile is
    public: it lay face up)."""
    taken = game.view(None).taken_from_discard
    held = {c for p in game.players for c in game.view(p).hand or []}
    return held - {taken} if taken else held


def named_cards(text: str) -> set[Card]:
    """Every card a text names in its display form (``10♥``)."""
    pattern = r"(?<![0-9])(10|[2-9AKQJ])([♠♥♦♣])"
    return {Card.parse(rank + "shdc"["♠♥♦♣".index(s)]) for rank, s in re.findall(pattern, text)}


def test_the_table_shows_indicator_top_discard_stock_pot_and_whose_draw():
    game = game_with({ANN: "9h 10h Jh Qh 3d"}, indicator="7c", discard="4s")
    deadline = datetime(2030, 1, 1, tzinfo=UTC)
    text = "\n".join(r.deal_lines(game.view(None), name, deadline))
    assert "Wild indicator **7♣**: sevens are wild." in text
    assert "Top discard: **4♠** (1 in the pile)" in text
    assert "Stock: 35 cards" in text  # 52 - 15 dealt - indicator - first discard
    assert "Pot: **15 chips**" in text
    assert "Round 1 of 3 · Cat deals" in text
    assert f"**Ann** to draw from the stock or the discard pile · <t:{1893456000}:R>" in text
    assert not named_cards(text) & hidden_cards(game)
    seats = r.seat_lines(game.view(None), name)
    assert seats[0] == "Ann ◀ · 5 cards"
    assert seats[2] == "Cat (dealer) · 5 cards"


def test_the_table_names_the_card_taken_from_the_discard_pile_and_asks_for_a_discard():
    game = game_with({}, discard="4s")
    events = game.act(ANN, {"kind": "draw", "source": "discard"})
    assert r.event_line(events[0], name) == "Ann takes 4♠ from the discard pile."
    line = r.turn_line(game.view(None), name)
    assert line == "**Ann** to discard or call (took 4♠ from the discard pile)"
    mine = r.hand_text(game.view(ANN))
    assert "You took 4♠ from the discard pile: it can't go back this turn." in mine


def test_my_cards_marks_wilds_names_the_combination_and_the_drawn_card():
    game = game_with({ANN: "9h 10h Jh 7d 3d"}, indicator="7c", stock="Kh")
    before = r.hand_text(game.view(ANN))
    assert "sevens are wild (★)" in before
    assert "Your hand: 9♥ 10♥ J♥ 7♦★ 3♦" in before
    assert "Your turn: draw" in before
    game.act(ANN, {"kind": "draw", "source": "stock"})
    after = r.hand_text(game.view(ANN))
    assert "Your hand: 9♥ 10♥ J♥ 7♦★ 3♦ K♥" in after
    assert "It holds: **Straight flush, king high**" in after
    assert "You drew K♥." in after
    assert "Your turn: discard a card, or call" in after
    assert r.hand_text(game.view(None)) == "You are not playing in this deal."
    assert "Your turn" not in r.hand_text(game.view(BOB))


def test_private_events_make_the_dms_and_never_a_public_line():
    game = game_with({ANN: "9h 10h Jh 7d 3d"}, indicator="7c", stock="Kh")
    opening = game.opening_events()
    hands = [e for e in opening if not e.is_public]
    assert {e.to for e in hands} == set(PLAYERS)
    assert all(r.event_line(e, name) is None for e in hands)
    assert [r.private_line(e) for e in hands] == ["New deal: five cards for you."] * 3
    events = game.act(ANN, {"kind": "draw", "source": "stock"})
    drawn = [e for e in events if not e.is_public]
    assert [r.private_line(e) for e in drawn] == ["You drew K♥."]
    assert [r.event_line(e, name) for e in events if e.is_public] == ["Ann draws from the stock."]
    assert all(r.private_line(e) is None for e in events if e.is_public)


def test_the_embed_fields_hold_the_piles_the_turn_and_the_hands():
    game = game_with({}, indicator="7c", discard="4s")
    fields = r.table_fields(game.view(None), name)
    assert [f.name for f in fields] == ["Deal 1 · stake 5 chips each", "Play", "Hands"]
    assert "sevens are wild" in fields[0].value
    assert "Top discard: **4♠**" in fields[0].value
    assert fields[1].value.endswith("**Ann** to draw from the stock or the discard pile")
    assert fields[2].value.count("5 cards") == 3


def test_a_call_with_last_turns_then_the_showdown_in_words():
    # Dealer Cat: Ann, then Bob; Bob calls, Cat (the dealer) takes the last turn.
    game = game_with(
        {BOB: "9h 10h Jh Qh 3d", ANN: "5c 6c 2s 2h 9c"}, indicator="4c", stock="4s Kh 8d"
    )
    lines: list[str] = []
    opening = game.opening_events()
    lines += [line for e in opening if (line := r.event_line(e, name))]
    assert lines == [
        "Cat deals. Wild indicator 4♣: fours are wild. The discard pile starts with 3♣."
    ]
    for action in ({"kind": "draw", "source": "stock"}, {"kind": "discard", "card": "4s"}):
        lines += [line for e in game.act(ANN, action) if (line := r.event_line(e, name))]
    game.act(BOB, {"kind": "draw", "source": "stock"})
    events = game.act(BOB, {"kind": "call", "discard": "3d"})
    said = [r.event_line(e, name) for e in events]
    assert said == [
        "Bob discards 3♦.",
        "Bob calls with Straight flush, king high: 9♥ 10♥ J♥ Q♥ K♥.",
        "Cat takes a last turn.",
    ]
    view = game.view(None)
    assert r.round_line(view, name) == "Bob called · last turns: Cat"
    assert "**Cat** to draw from the stock or the discard pile — last turn" in r.turn_line(
        view, name
    )
    bob_seat = r.seat_lines(view, name)[1]
    assert "laid down 9♥ 10♥ J♥ Q♥ K♥: Straight flush, king high" in bob_seat
    game.act(CAT, {"kind": "draw", "source": "stock"})
    events = game.act(CAT, game.timeout_action(CAT))
    end = [line for e in events if (line := r.event_line(e, name))]
    assert end[-1] == "Bob wins the pot of 15 chips with Straight flush, king high."
    assert sum(line.startswith(("Ann shows", "Bob shows", "Cat shows")) for line in end) == 3
    view = game.view(None)
    assert r.outcome_line(view, name) == "Bob wins the pot with Straight flush, king high."
    assert "wins 15 chips" in r.seat_lines(view, name)[1]
    assert not any(pid in line for line in end for pid in PLAYERS)


def test_no_call_in_max_rounds_returns_the_stakes_in_words():
    game = game_with({})
    events: list[Event] = []
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        events += game.act(pid, game.timeout_action(pid))
    assert r.event_line(events[-1], name) == "No call in time: every stake goes back."
    text = r.outcome_line(game.view(None), name)
    assert text == "3 rounds passed without a call: every stake went back."


def test_random_deals_never_name_a_hidden_card_in_public_text():
    rng = new_rng(2024)
    for seed in range(12):
        game = Paiute.new(
            PLAYERS, dict.fromkeys(PLAYERS, 100), PaiuteOptions(stake=5, max_rounds=4), seed=seed
        )
        text = public_text(game, game.opening_events())
        assert not named_cards(text) & hidden_cards(game)
        while not game.is_over:
            pid = game.to_act
            assert pid is not None
            spec = rng.choice(game.legal_actions(pid))
            action = {"kind": spec.kind, **{k: f.sample(rng) for k, f in spec.fields.items()}}
            events = game.act(pid, action)
            text = public_text(game, events)
            assert not named_cards(text) & hidden_cards(game), (seed, text)
            assert not any(pid in text for pid in PLAYERS)


def test_the_card_pattern_finds_every_card():
    assert named_cards(" ".join(str(c) for c in FULL_DECK)) == set(FULL_DECK)


def test_rules_summary_names_every_combination_and_command():
    for word in ("five of a kind", "royal flush", "two/two/two", "/paiute draw", "My cards"):
        assert word in r.RULES

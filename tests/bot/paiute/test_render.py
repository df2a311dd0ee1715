"""The Paiute renderers on real engine views: stacked decks, real events, names not ids, and
no card of a hand in any public text."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from bot.exts.paiute import render as r
from bot.text import Text, catalog
from games.cards import FULL_DECK, Card, Rank
from games.errors import IllegalAction, Refusal
from games.events import GameEvent
from games.paiute import Paiute, PaiuteOptions, PaiuteRefusal, best_combination
from games.randomness import new_rng
from tests.games.paiute.helpers import deck_for


def seat_lines(view: Any, names: Any) -> list[Text]:
    """Every seat of the deal in seat order."""
    return [r.seat_line(s, view, names) for s in view.seats]


ANN, BOB, CAT = "101", "202", "303"
PLAYERS = [ANN, BOB, CAT]
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat"}


class Named:
    """Names for the tests: display names where the bot would mention."""

    def mention(self, pid: str | None) -> Text:
        return NAMES[pid or ""]

    def plain(self, pid: str | None) -> Text:
        return NAMES[pid or ""]


name = Named()


def say(text: Text | None) -> str:
    assert text is not None
    return catalog("en").text(text)


def said(texts: list[Text]) -> list[str]:
    return [say(t) for t in texts]


def lines_of(game: Paiute) -> list[str]:
    """The table's fields as lines: each field's name, then its lines."""
    out: list[str] = []
    for title, lines in r.table_fields(game.view(None), name):
        out += [say(title), *said(lines)]
    return out


def event_lines(events: list[GameEvent]) -> list[str]:
    return [say(line) for e in events if (line := r.event_line(e, name)) is not None]


def game_with(hands: dict[str, str], *, dealer: str = CAT, **deck: str) -> Paiute:
    return Paiute.new(
        PLAYERS,
        dict.fromkeys(PLAYERS, 100),
        PaiuteOptions(stake=5, max_rounds=3),
        seed=1,
        deck=deck_for(PLAYERS, dealer, hands, **deck),
        dealer=dealer,
    )


def public_text(game: Paiute, events: list[GameEvent]) -> str:
    view = game.view(None)
    seats = [say(r.seat_detail(s, view)) for s in view.seats]
    return "\n".join(lines_of(game) + seats + event_lines(events))


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


def hand_text(game: Paiute, pid: str | None) -> str:
    return "\n".join(said(r.hand_lines(game.view(pid))))


def test_the_table_shows_indicator_top_discard_stock_pot_and_whose_draw():
    game = game_with({ANN: "9h 10h Jh Qh 3d"}, indicator="7c", discard="4s")
    deadline = datetime(2030, 1, 1, tzinfo=UTC)
    text = "\n".join(lines_of(game))
    assert "Wild indicator **7♣**: sevens are wild." in text
    assert "Top discard: **4♠** (1 in the pile)" in text
    assert "Stock: 35 cards" in text  # 52 - 15 dealt - indicator - first discard
    assert "Pot: **15 chips**" in text
    assert "Round 1 of 3 · Cat deals" in text
    turn = say(r.turn_line(game.view(None), name, deadline))
    assert f"**Ann** to draw from the stock or the discard pile · <t:{1893456000}:R>" in turn
    assert not named_cards(text) & hidden_cards(game)
    seats = said(seat_lines(game.view(None), name))
    assert seats[0] == "Ann ◀ · 5 cards"
    assert seats[2] == "Cat (dealer) · 5 cards"


def test_the_table_names_the_card_taken_from_the_discard_pile_and_asks_for_a_discard():
    game = game_with({}, discard="4s")
    events = game.act(ANN, {"kind": "draw", "source": "discard"})
    assert say(r.event_line(events[0], name)) == "Ann takes 4♠ from the discard pile."
    line = say(r.turn_line(game.view(None), name))
    assert line == "**Ann** to discard or call (took 4♠ from the discard pile)"
    mine = hand_text(game, ANN)
    assert "You took 4♠ from the discard pile: it can't go back this turn." in mine


def test_my_cards_marks_wilds_names_the_combination_and_the_drawn_card():
    game = game_with({ANN: "9h 10h Jh 7d 3d"}, indicator="7c", stock="Kh")
    before = hand_text(game, ANN)
    assert "sevens are wild (★)" in before
    assert "Your hand: 9♥ 10♥ J♥ 7♦★ 3♦" in before
    assert "Your turn: draw" in before
    game.act(ANN, {"kind": "draw", "source": "stock"})
    after = hand_text(game, ANN)
    assert "Your hand: 9♥ 10♥ J♥ 7♦★ 3♦ K♥" in after
    assert "It holds: **Straight flush, king high**" in after
    assert "You drew K♥." in after
    assert "Your turn: discard a card, or call" in after
    assert hand_text(game, None) == "You are not playing in this deal."
    assert "Your turn" not in hand_text(game, BOB)


def test_private_events_make_the_dms_and_never_a_public_line():
    game = game_with({ANN: "9h 10h Jh 7d 3d"}, indicator="7c", stock="Kh")
    opening = game.opening_events()
    hands = [e for e in opening if not e.is_public]
    assert {e.to for e in hands} == set(PLAYERS)
    assert all(r.event_line(e, name) is None for e in hands)
    assert [say(r.private_line(e)) for e in hands] == ["New deal: five cards for you."] * 3
    events = game.act(ANN, {"kind": "draw", "source": "stock"})
    drawn = [e for e in events if not e.is_public]
    assert [say(r.private_line(e)) for e in drawn] == ["You drew K♥."]
    assert event_lines([e for e in events if e.is_public]) == ["Ann draws from the stock."]
    assert all(r.private_line(e) is None for e in events if e.is_public)


def test_the_embed_field_holds_the_piles_and_the_round_and_the_seats_the_hands():
    # issue 14, item 16: one field; each player's cards are on their seat line (seat_detail)
    game = game_with({}, indicator="7c", discard="4s")
    view = game.view(None)
    fields = [(say(t), "\n".join(said(v))) for t, v in r.table_fields(view, name)]
    assert [t for t, _ in fields] == ["Deal 1 · stake 5 chips each"]
    assert "sevens are wild" in fields[0][1]
    assert "Top discard: **4♠**" in fields[0][1]
    assert "Round 1 of" in fields[0][1]
    details = [say(r.seat_detail(s, view)) for s in view.seats]
    assert all(d.endswith("5 cards") for d in details)
    assert sum(d.startswith("dealer") for d in details) == 1


def test_a_call_with_last_turns_then_the_showdown_in_words():
    # Dealer Cat: Ann, then Bob; Bob calls, Cat (the dealer) takes the last turn.
    game = game_with(
        {BOB: "9h 10h Jh Qh 3d", ANN: "5c 6c 2s 2h 9c"}, indicator="4c", stock="4s Kh 8d"
    )
    lines: list[str] = []
    opening = game.opening_events()
    lines += event_lines(opening)
    assert lines == [
        "Cat deals. Wild indicator 4♣: fours are wild. The discard pile starts with 3♣."
    ]
    for action in ({"kind": "draw", "source": "stock"}, {"kind": "discard", "card": "4s"}):
        lines += event_lines(game.act(ANN, action))
    game.act(BOB, {"kind": "draw", "source": "stock"})
    events = game.act(BOB, {"kind": "call", "discard": "3d"})
    assert event_lines(events) == [
        "Bob discards 3♦.",
        "Bob calls with Straight flush, king high: 9♥ 10♥ J♥ Q♥ K♥.",
        "Cat takes a last turn.",
    ]
    view = game.view(None)
    assert say(r.round_line(view, name)) == "Bob called · last turns: Cat"
    turn = say(r.turn_line(view, name))
    assert "**Cat** to draw from the stock or the discard pile — last turn" in turn
    bob_seat = said(seat_lines(view, name))[1]
    assert "laid down 9♥ 10♥ J♥ Q♥ K♥: Straight flush, king high" in bob_seat
    game.act(CAT, {"kind": "draw", "source": "stock"})
    events = game.act(CAT, game.timeout_action(CAT))
    end = event_lines(events)
    assert end[-1] == "Bob wins the pot of 15 chips with Straight flush, king high."
    assert sum(line.startswith(("Ann shows", "Bob shows", "Cat shows")) for line in end) == 3
    view = game.view(None)
    assert say(r.outcome_line(view, name)) == "Bob wins the pot with Straight flush, king high."
    assert "wins 15 chips" in said(seat_lines(view, name))[1]
    assert not any(pid in line for line in end for pid in PLAYERS)


def test_no_call_in_max_rounds_returns_the_stakes_in_words():
    game = game_with({})
    events: list[GameEvent] = []
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        events += game.act(pid, game.timeout_action(pid))
    assert say(r.event_line(events[-1], name)) == "No call in time: every stake goes back."
    text = say(r.outcome_line(game.view(None), name))
    assert text == "3 rounds passed without a call: every stake went back."


def test_paiute_stakes_returned_the_hands_say_each_gets_their_stake_back_not_wins():
    game = game_with({})
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        game.act(pid, game.timeout_action(pid))
    view = game.view(None)
    text = "\n".join([*lines_of(game), *(say(r.seat_detail(s, view)) for s in view.seats)])
    assert "wins" not in text
    assert text.count("gets back 5 chips") == len(PLAYERS)


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
        assert word in say(r.RULES)


def test_combinations_are_named_as_players_say_them():
    wild = Rank.TWO
    labels = [
        best_combination(Card.parse_many(h), wild).label  # type: ignore[union-attr]
        for h in ("6s 6h 6d 6c 2h", "4s 4h 4d 4c 6h 6s", "9d 10d Jd Qd Kd", "3s 3h 3d Kc Kh Ks")
    ]
    labels.append(best_combination(Card.parse_many("Ks Kh 7c 7d 5s 5h"), Rank.NINE).label)  # type: ignore[union-attr]
    labels.append(best_combination(Card.parse_many("10s Js Qs Ks As"), Rank.TWO).label)  # type: ignore[union-attr]
    assert [say(r.combination(label)) for label in labels] == [
        "Five of a kind, sixes",
        "Four fours and two sixes",
        "Straight flush, king high",
        "Three kings and three threes",
        "Two/two/two: kings, sevens and fives",
        "Royal flush",
    ]
    assert say(r.combination(None)) == "no winning combination"


def test_refusals_read_as_before_in_the_words_of_the_commands():
    def words(code: str, **params: object) -> str:
        return say(r.refusal(IllegalAction(code, **params), name))  # type: ignore[arg-type]

    assert words(Refusal.UNKNOWN_ACTION, kind="fold") == (
        "Paiute has three actions: draw, discard and call"
    )
    assert "source is 'stock' or 'discard'" in words(Refusal.BAD_ACTION, kind="draw", field="x")
    assert "Name the card to discard" in words(Refusal.BAD_ACTION, kind="discard", field="card")
    assert words(Refusal.NOT_YOUR_TURN, to_act=ANN) == "It is Ann's turn, not yours"
    assert words(PaiuteRefusal.DRAW_FIRST, kind="discard").startswith("Draw a card first")
    assert "once you hold six cards" in words(PaiuteRefusal.DRAW_FIRST, kind="call")
    assert words(PaiuteRefusal.NOT_HELD, card="10h") == "You do not hold 10♥"
    assert words(PaiuteRefusal.TAKEN_THIS_TURN, card="Jh") == (
        "You took J♥ from the discard pile this turn: discard a different card"
    )
    assert words(PaiuteRefusal.NONE_WITHOUT, card="9h") == (
        "Without 9♥ your cards hold no winning combination"
    )
    assert "cannot call" in words(PaiuteRefusal.NO_COMBINATION)
    assert "five cards" in words(PaiuteRefusal.FIVE_CARD_COMBINATION)
    assert "drawn already" in words(PaiuteRefusal.ALREADY_DREW)
    assert words(PaiuteRefusal.PILE_EMPTY, source="stock") == (
        "You cannot draw from the stock now: it is empty"
    )
    allowed = ("discard", "call")
    assert words(Refusal.NOT_NOW, kind="draw", allowed=allowed) == (
        "You can't do that now. You can: Discard a card and Call: discard"
    )

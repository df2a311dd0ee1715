"""The Palace Poker presenter on real engine views: what the table shows, what only you see,
every event's line, in English from the catalog."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.exts.palace import PalaceUI, cards_choices, parse_cards
from bot.exts.palace import refusal_words as words
from bot.exts.palace import render as r
from bot.refusal import Refusal
from bot.table import TableNames
from bot.text import Text, catalog
from bot.text.format import PlayerNames
from games.cards import FULL_DECK, Card
from games.events import GameEvent
from games.palace import Banner, PalaceOptions, PalacePoker
from services.tables import TableStatus
from tests.games.palace.helpers import codes_in, deal_deck, full_deck

A, B, C = "111", "222", "333"


class Display:
    """Names players by display name, as Discord shows a mention."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def mention(self, pid: str | None) -> Text:
        return self.names.get(str(pid), f"<@{pid}>")

    def plain(self, pid: str | None) -> Text:
        return self.mention(pid)


NAMES = Display({A: "Alice", B: "Bob", C: "Carol"})


def en(text: Text | None) -> str:
    assert text is not None
    return catalog("en").text(text)


def fields(g: PalacePoker) -> dict[str, str]:
    """The game's fields of the table message by name, in English."""
    return {
        en(f.name): "\n".join(en(line) for line in f.value)
        for f in r.public_fields(g.view(None), NAMES)
    }


def _status(g: PalacePoker) -> TableStatus:
    """The table as the kit hands it to the UI (only what the UI reads matters)."""
    return TableStatus(
        table_id=1, guild_id=1, channel_id=2, game="palace", title="Palace Poker", host_id=None,
        message_id=None, deal_number=1, action_counter=0, deal_open=True, phase=g.phase,
        to_act=None, deadline=None, pot=g.pot, kitty=0, seats=(), max_seats=10, min_buy_in=1,
        max_buy_in=1000, options={}, view=g.view(None),
    )  # fmt: skip


def my_cards(g: PalacePoker, pid: str | None) -> str:
    return "\n".join(en(line) for line in r.my_cards(g.view(pid), NAMES))


def event_lines(events: list[GameEvent]) -> list[str]:
    """The public sentences of some events, in order (private events are skipped)."""
    said = (r.event_line(e, NAMES) for e in events if e.is_public)
    return [en(line) for line in said if line is not None]


PALACES = ["Js Jh Jd", "10s 10h 10d", "9s 9h 9c"]


def game(draw: tuple[str, ...] = ("2c", "5d"), **options: Any) -> PalacePoker:
    """Alice (seat 0), Bob, Carol dealing; banners A♠ K♥ Q♦, the palaces above."""
    opts = PalaceOptions(**({"small_bet": 10} | options))
    deck = deal_deck(["As", "Kh", "Qd"], PALACES, draw)
    return PalacePoker.new(
        [A, B, C], dict.fromkeys([A, B, C], 500), opts, seed=1, deck=deck, dealer=C
    )


def details(g: PalacePoker) -> dict[str, str]:
    """What the table shows of each player beside their seat line, in English."""
    view = g.view(None)
    return {s.player: en(r.seat_detail(view, s.player) or "") for s in view.seats}


def fields_text(g: PalacePoker) -> str:
    """The game's fields and the players' seat details on the table message, as one text."""
    shown = [f"{name}: {value}" for name, value in fields(g).items()]
    return "\n".join(shown + list(details(g).values()))


def palace_cards() -> list[Card]:
    return Card.parse_many(" ".join(PALACES))


def test_table_shows_banners_soldiers_counts_pot_and_no_palace_card():
    g = game()
    g.act(A, {"kind": "buy"})  # Alice buys 2♣ face up; her free step is next
    shown = fields(g)
    assert shown["Pot"].startswith("**25 chips** · draw pile")  # 3 antes of 5 + the buy
    assert "discard pile 0" in shown["Pot"]
    assert shown["Free discard step"].startswith("Alice may discard soldiers for free")
    seats = details(g)  # issue 14, item 16: on each player's seat line, no Stakes field
    assert seats[A] == "banner **A♠** · soldiers 2♣ · palace 🂠🂠🂠"
    assert seats[C] == "dealer · banner **Q♦** · soldiers none · palace 🂠🂠🂠"
    assert "Stakes" not in shown
    assert codes_in(fields_text(g), palace_cards()) == set()


def test_the_table_refuses_a_private_view():
    with pytest.raises(ValueError, match="public view"):
        r.public_fields(game().view(A), NAMES)


def test_battle_state_is_public():
    g = game()
    g.act(A, {"kind": "bet", "target": B})
    battle = fields(g)["Pot"].splitlines()[1]
    assert battle == "⚔️ Alice attacks Bob · raises 0/3 · to call 10"


def test_a_folded_and_a_beaten_seat_and_the_result():
    g = game()
    g.act(A, {"kind": "bet", "target": B})
    g.act(B, {"kind": "call"})  # jacks beat tens: Bob is out, Alice captures
    g.act(A, {"kind": "discard_soldiers", "cards": []})
    g.act(C, {"kind": "fold"})  # Carol folds: Alice is the last one in
    shown = fields(g)
    seats = details(g)
    assert seats[B] == "beaten in battle"
    assert seats[C] == "dealer · folded"
    assert shown["Result"].startswith("🏆 Alice is the last player in the hand: Alice 35 chips")


def test_my_cards_shows_own_palace_and_what_a_battle_showed():
    g = game()
    g.act(A, {"kind": "bet", "target": B})
    g.act(B, {"kind": "call"})  # Bob calls: he sees Alice's palace; jacks beat tens
    alice, bob = my_cards(g, A), my_cards(g, B)
    assert "Your palace cards (only you see them): **J♠ J♥ J♦**" in alice
    assert "10♠" not in alice  # Bob lost: Alice is not shown his palace (PP-17)
    assert "You were shown Alice's palace cards: J♠ J♥ J♦" in bob
    assert "set aside unseen" in bob
    assert "9♣" not in alice + bob
    assert my_cards(g, None) == "You are not dealt into this hand."


def test_private_lines_announce_the_palace_and_show_a_battle_opponents():
    g = game()
    dealt = [e for e in g.opening_events() if not e.is_public]
    assert [e.to for e in dealt] == [A, B, C]
    assert en(r.private_line(dealt[0], NAMES)) == "New deal: you are dealt 3 palace cards."
    g.act(A, {"kind": "bet", "target": B})
    shown = [e for e in g.act(B, {"kind": "call"}) if not e.is_public]
    assert [e.to for e in shown] == [B]  # Bob called and lost: only he is shown (PP-17)
    assert en(r.private_line(shown[0], NAMES)) == (
        "After the battle you see Alice's palace cards: **J♠ J♥ J♦**"
    )


def test_event_lines_use_display_names_and_keep_private_events_out():
    g = game()
    g.act(A, {"kind": "buy"})
    events = g.act(A, {"kind": "discard_soldiers", "cards": []})
    lines = event_lines(g.opening_events() + events)
    assert "Alice's banner is A♠." in lines
    assert "Everyone antes 5; pot 15." in lines
    assert "Alice keeps every soldier." in lines
    assert not any(pid in line for line in lines for pid in (A, B, C))
    private = next(e for e in g.opening_events() if not e.is_public)
    with pytest.raises(ValueError, match="private"):
        r.event_line(private, NAMES)


@pytest.mark.parametrize("announce", [False, True])
def test_battle_hands_are_named_only_when_announced(announce):
    g = game(announce_battle_hands=announce)
    g.act(A, {"kind": "bet", "target": B})
    lines = event_lines(g.act(B, {"kind": "call"}))
    won = next(line for line in lines if "wins the battle" in line)
    # Bob's banner is a heart, so J♥ does not count for Alice (PP-16): a pair of jacks.
    assert ("with Pair of jacks" in won) is announce
    assert won.startswith("🏆 Alice wins the battle against Bob")


def test_every_event_kind_of_random_games_renders_without_a_hidden_card():
    """Whole games of random legal moves: every public sentence and every table embed is free
    of palace cards, except those the final showdown shows to all (PP-21) and those the table
    saw turned up and rejected for a banner before PP-6 dealt them (PP-5)."""
    seen_kinds: set[str] = set()
    checked = 0
    for seed in range(20):
        rng = random.Random(seed)
        players = [A, B, C]
        g = PalacePoker.new(
            players, dict.fromkeys(players, 300), {"small_bet": 10}, seed=seed, dealer=C
        )
        seen = set(g.view(None).rejected_banner_cards)
        hidden = [c for p in players for c in g.state.seat[p].palace if c not in seen]
        checked += len(hidden)
        events: list[GameEvent] = list(g.opening_events())
        lines = event_lines(events)
        assert codes_in("\n".join(lines), hidden) == set(), (seed, lines)
        while not g.is_over:
            pid = g.to_act
            assert pid is not None
            specs = g.legal_actions(pid)
            weights = [1 if s.kind in ("fold", "bet") else 4 for s in specs]
            spec = rng.choices(specs, weights)[0]
            action = {"kind": spec.kind, **{k: f.sample(rng) for k, f in spec.fields.items()}}
            step = g.act(pid, action)
            events += step
            shown = {c for cards in g.view(None).shown_palaces.values() for c in cards}
            lines = event_lines([e for e in step if e.kind != "palace_revealed"])
            assert codes_in("\n".join(lines), hidden) == set(), (seed, lines)
            assert codes_in(fields_text(g), [c for c in hidden if c not in shown]) == set()
        seen_kinds |= {e.kind for e in events}
        for e in events:
            if e.is_public:
                line = r.event_line(e, NAMES)
                assert line is None or not any(pid in en(line) for pid in players), line
    assert {"buy", "discard", "bet", "call", "raise", "capture", "hand_over"} <= seen_kinds
    assert checked > 20 * 6  # most palace cards were never turned up: the scan looked for them


def test_the_ui_labels_bet_buttons_by_display_name_and_texts_by_mention():
    ui = PalaceUI()
    names = PlayerNames({A: "Alice", B: "Bob", C: "Carol"})
    g = game()
    bet = next(s for s in g.legal_actions(A) if s.kind == "bet")
    assert en(words.action_label(bet, g.view(None))) == "Attack (10)"
    assert en(ui.action_label(bet)) == "Attack"  # no table's view: no price to say
    ui.public_fields(_status(g))
    assert en(ui.action_label(bet)) == "Attack"  # a table drawn before leaves nothing behind
    assert en(ui.action_label(bet, g.view(None))) == "Attack (10)"
    assert en(ui.choice_label(bet, "target", B, names)) == "Bob"
    assert en(PalaceUI().choice_label(bet, "target", B)) == f"@{B}"
    line = ui.describe_event(g.act(A, {"kind": "stay"})[0], TableNames({}, [A, B, C]))
    assert line is not None
    assert en(line) == f"<@{A}> stays."


def test_cards_typed_in_a_command():
    assert parse_cards(" Kd, 10h ") == ["Kd", "10h"]
    assert parse_cards("") == parse_cards(None) == parse_cards("none") == []
    with pytest.raises(Refusal) as refused:
        parse_cards("Kd Zz")
    assert "I don't know the card 'Zz'" in catalog("en").text(refused.value.text)


def test_card_suggestions_extend_what_was_typed():
    soldiers = ("Kd", "2c", "5h")
    assert cards_choices(soldiers, "") == [
        "",
        "Kd",
        "2c",
        "5h",
        "Kd 2c",
        "Kd 5h",
        "2c 5h",
        "Kd 2c 5h",
    ]
    assert cards_choices(soldiers, "2c ") == ["2c", "2c Kd", "2c 5h"]
    six = ("Kd", "2c", "5h", "6h", "7h", "8h")
    assert all(len(s.split()) >= 1 for s in cards_choices(six, "", least=1))
    assert "" not in cards_choices(six, "", least=1)


def test_pp5_rejected_banner_cards_are_named_as_the_table_saw_them():
    """PP-5 deals banners face up: the rejects are named in the banner line and listed on the
    table message while the hand lasts, and no palace card is named with them."""
    deck = full_deck(["As", "Ks", "2s", "Kh", "Qd"])
    g = PalacePoker.new(
        [A, B, C], dict.fromkeys([A, B, C], 500), {"small_bet": 10}, seed=1, deck=deck, dealer=C
    )
    banners = {e.player: e for e in g.opening_events() if isinstance(e, Banner)}
    assert en(r.event_line(banners[B], NAMES)) == "Bob's banner is K♥ (after turning up K♠ 2♠)."
    assert en(r.event_line(banners[A], NAMES)) == "Alice's banner is A♠."
    assert fields(g)["Pot"].endswith("rejected for banners: K♠ 2♠")
    palaces = [c for seat in g.state.seat.values() for c in seat.palace]
    assert codes_in(fields_text(g), palaces) == set()
    g.act(A, {"kind": "fold"})
    g.act(B, {"kind": "fold"})  # Carol is the last one in: the hand ends, the line goes
    assert g.is_over
    assert "rejected for banners" not in fields_text(g)


def test_rejects_line_names_a_card_turned_twice_once():
    # Ten players in suit order: the rejects are reshuffled and some turned up again (PP-5).
    players = [str(i) for i in range(1, 11)]
    g = PalacePoker.new(
        players,
        dict.fromkeys(players, 500),
        {"small_bet": 10},
        seed=1,
        deck=[c.code for c in FULL_DECK],
        dealer=players[-1],
    )
    view = g.view(None)
    assert len(view.rejected_banner_cards) > 47
    shown = en(r.rejects_line(view)).split()
    assert len(shown) == len(set(shown)) == 47
    assert shown[:2] == ["K♠", "Q♠"]


def test_palace_loser_whose_palace_the_caller_saw_is_not_told_it_was_unseen():
    from tests.games.palace.test_battle import BANNER_COUNT, EXCLUSION, battle

    win = battle(EXCLUSION)
    win.act("b", {"kind": "call"})  # b called last and won: b saw a's palace (PP-17)
    told = my_cards(win, "a")
    assert "unseen" not in told
    assert "set aside, and <@b> saw them (the battle's caller)" in told
    lost = battle(BANNER_COUNT)
    lost.act("b", {"kind": "call"})  # b called last and lost: nobody saw b's palace
    assert "your palace cards were set aside unseen" in my_cards(lost, "b")


def test_palace_limit_of_1_raise_says_1_raise_not_1_raises():
    assert "at most 1 raise a battle" in en(r.options_line(PalaceOptions(max_raises=1)))
    assert "at most 3 raises a battle" in en(r.options_line(PalaceOptions(max_raises=3)))


def test_palace_one_showdown_winner_wins_two_win():
    from games.palace import Ending, HandOver

    one = HandOver(ending=Ending.QUIET_ROUND, winners=[B], payouts={B: 40})
    two = HandOver(ending=Ending.QUIET_ROUND, winners=[A, B], payouts={A: 20, B: 20})
    said_one, said_two = event_lines([one]), event_lines([two])
    assert "Bob wins the showdown" in said_one[0] or f"<@{B}> wins the showdown" in said_one[0]
    assert " win the showdown" in said_two[0]
    assert " wins the showdown" not in said_two[0]


def test_palace_loser_of_a_second_battle_is_told_its_caller_saw_their_palace_not_the_first_loser():
    """PP-17: b beats a (a, the loser, sees b's palace), then c calls b's attack and wins:
    b is told c saw their palace, as the caller of the battle b lost; a saw it first."""
    from tests.games.palace.helpers import deal_deck, table

    g = table(3, deal_deck(["2s", "5h", "Ad"], ["3c 4s 6c", "9h 9c 9s", "Kd Kc Ks"]))
    g.act("a", {"kind": "bet", "target": "b"})
    g.act("b", {"kind": "call"})  # b wins: a saw b's palace
    g.act("b", {"kind": "discard_soldiers", "cards": []})
    g.act("b", {"kind": "bet", "target": "c"})
    g.act("c", {"kind": "call"})  # c called last and won
    assert g.view("b").palace_seen_by == ["a", "c"]
    told = my_cards(g, "b")
    assert "set aside, and <@c> saw them (the battle's caller)" in told
    assert "<@a> saw them" not in told

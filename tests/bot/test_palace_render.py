"""The Palace Poker renderers on real engine views: what the table shows, what only you see."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.exts.palace import _render as r
from bot.tables.model import SeatStatus, TableStatus
from games.cards import Card
from games.events import Event
from games.palace import PalaceOptions, PalacePoker
from tests.games.palace.helpers import codes_in, deal_deck

A, B, C = "111", "222", "333"
NAMES = {A: "Alice", B: "Bob", C: "Carol"}
PALACES = ["Js Jh Jd", "10s 10h 10d", "9s 9h 9c"]
DEADLINE = datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)


def game(draw: tuple[str, ...] = ("2c", "5d"), **options: Any) -> PalacePoker:
    """Alice (seat 0), Bob, Carol dealing; banners A♠ K♥ Q♦, the palaces above."""
    opts = PalaceOptions(**({"small_bet": 10} | options))
    deck = deal_deck(["As", "Kh", "Qd"], PALACES, draw)
    return PalacePoker.new(
        [A, B, C], dict.fromkeys([A, B, C], 500), opts, seed=1, deck=deck, dealer=C
    )


def status(g: PalacePoker | None, viewer: str | None = None) -> TableStatus:
    view = g.view(viewer) if g is not None else None
    return TableStatus(
        table_id=1,
        guild_id=10,
        channel_id=20,
        game="palace",
        title="Palace Poker",
        host_id=int(A),
        message_id=None,
        deal_number=g.deal_number if g is not None else 0,
        action_counter=3,
        deal_open=g is not None and not g.is_over,
        phase=g.phase if g is not None else None,
        to_act=int(g.to_act) if g is not None and g.to_act else None,
        deadline=DEADLINE if g is not None and not g.is_over else None,
        pot=g.pot if g is not None else 0,
        kitty=0,
        seats=tuple(
            SeatStatus(user_id=int(p), stack=500, seated=True, in_deal=g is not None, away=False)
            for p in (A, B, C)
        ),
        max_seats=6,
        min_buy_in=20,
        max_buy_in=1000,
        options=PalaceOptions(small_bet=10).model_dump(mode="json"),
        view=view,
    )


def embed_text(g: PalacePoker, recent: list[str] | None = None) -> str:
    return json.dumps(
        r.table_embed(status(g), NAMES, recent=recent or []).to_dict(), ensure_ascii=False
    )


def palace_cards() -> list[Card]:
    return Card.parse_many(" ".join(PALACES))


def test_table_shows_banners_counts_pot_turn_and_deadline_but_no_palace_card():
    g = game()
    g.act(A, {"kind": "buy"})  # Alice buys 2♣ face up; her free step is next
    made = r.table_embed(status(g), NAMES)
    text = json.dumps(made.to_dict(), ensure_ascii=False)
    assert made.title == "Palace Poker · deal 1"
    assert "Pot **25 chips**" in (made.description or "")  # 3 antes of 5 + the buy
    assert "draw pile" in (made.description or "")
    assert "▶️ **Alice** to act (free discard step)" in (made.description or "")
    assert f"<t:{int(DEADLINE.timestamp())}:R>" in (made.description or "")
    fields = {str(f.name): str(f.value) for f in made.fields}
    assert "Banner **A♠**" in fields["▶️ Alice"]
    assert "Soldiers 2♣ (1)" in fields["▶️ Alice"]
    assert "Palace: 3 cards face down" in fields["Bob"]
    assert "Carol (dealer)" in fields
    assert codes_in(text, palace_cards()) == set()


def test_the_table_refuses_a_private_view():
    with pytest.raises(ValueError, match="public view"):
        r.table_embed(status(game(), viewer=A), NAMES)


def test_battle_state_is_public():
    g = game()
    g.act(A, {"kind": "bet", "target": B})
    description = r.table_embed(status(g), NAMES).description or ""
    assert "⚔️ **Alice** attacks **Bob** · raises 0/3; Bob may fold, call 10 or raise." in (
        description
    )


def test_my_cards_shows_own_palace_and_what_a_battle_showed():
    g = game()
    g.act(A, {"kind": "bet", "target": B})
    g.act(B, {"kind": "call"})  # Bob calls: he sees Alice's palace; jacks beat tens
    alice, bob = r.my_cards(g.view(A), NAMES), r.my_cards(g.view(B), NAMES)
    assert "Your palace cards (only you see them): **J♠ J♥ J♦**" in alice
    assert "10♠" not in alice  # Bob lost: Alice is not shown his palace (PP-17)
    assert "You were shown Alice's palace cards: J♠ J♥ J♦" in bob
    assert "set aside unseen" in bob
    assert "9♣" not in alice + bob
    assert r.my_cards(g.view(None), NAMES) == "You are not dealt into this hand."


def test_dm_text_only_for_the_player_with_private_events():
    g = game()
    events = g.opening_events()
    text = r.dm_text(events, A, NAMES, channel="#general")
    assert text is not None
    assert "Your palace cards: **J♠ J♥ J♦**" in text
    assert "#general" in text
    assert "10♠" not in text
    later = g.act(A, {"kind": "stay"})
    assert r.dm_text(later, A, NAMES) is None


def test_after_a_battle_the_caller_gets_the_other_palace_by_dm():
    g = game()
    g.act(A, {"kind": "bet", "target": B})
    events = g.act(B, {"kind": "call"})
    assert r.dm_text(events, B, NAMES) == (
        "**Palace Poker**\nAfter the battle you see Alice's palace cards: **J♠ J♥ J♦**"
    )
    assert r.dm_text(events, A, NAMES) is None


def test_event_lines_use_display_names_and_keep_private_events_out():
    g = game()
    g.act(A, {"kind": "buy"})
    events = g.act(A, {"kind": "discard_soldiers", "cards": []})
    lines = r.event_lines(g.opening_events() + events, NAMES)
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
    lines = r.event_lines(g.act(B, {"kind": "call"}), NAMES)
    won = next(line for line in lines if "wins the battle" in line)
    # Bob's banner is a heart, so J♥ does not count for Alice (PP-16): a pair of jacks.
    assert ("with Pair of jacks" in won) is announce
    assert won.startswith("🏆 Alice wins the battle against Bob")


def test_unknown_names_fall_back_to_mentions():
    assert r.name({}, A) == f"<@{A}>"
    assert r.name({}, "house") == "house"


def test_lobby_lists_players_and_the_stakes():
    made = r.table_embed(status(None), NAMES)
    assert made.title == "Palace Poker · waiting for players"
    assert "Seats: 3/6 · buy-in 20 to 1000 chips" in (made.description or "")
    assert "Alice: 500 chips" in made.fields[0].value  # type: ignore[operator]
    assert "Small bet 10 · big bet 20 · ante 5" in (made.footer.text or "")


def test_every_event_kind_of_random_games_renders_without_a_hidden_card():
    """Whole games of random legal moves: every public sentence and every table embed is free
    of palace cards, except those the final showdown shows to all (PP-21)."""
    seen_kinds: set[str] = set()
    for seed in range(20):
        rng = random.Random(seed)
        players = [A, B, C]
        g = PalacePoker.new(
            players, dict.fromkeys(players, 300), {"small_bet": 10}, seed=seed, dealer=C
        )
        hidden = [c for p in players for c in g.state.seat[p].palace]
        events: list[Event] = list(g.opening_events())
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
            lines = r.event_lines([e for e in step if e.kind != "palace_revealed"], NAMES)
            assert codes_in("\n".join(lines), hidden) == set(), (seed, lines)
            assert codes_in(embed_text(g, lines), [c for c in hidden if c not in shown]) == set()
        seen_kinds |= {e.kind for e in events}
        for e in events:
            if e.is_public:
                line = r.event_line(e, NAMES)
                assert line is None or not any(pid in line for pid in players), line
    assert {"buy", "discard", "bet", "call", "raise", "capture", "hand_over"} <= seen_kinds

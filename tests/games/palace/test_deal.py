"""PP-1 to PP-6: players, stakes, the cut, the ante, banners and palace cards."""

from __future__ import annotations

import pytest

from games.cards import FULL_DECK, Card
from games.palace import Banner, PalaceCards, PalaceOptions, PalacePoker, all_cards_of
from games.poker import Category, evaluate
from games.randomness import new_rng
from games.seats import cut_for_deal
from tests.games.palace.helpers import NAMES, deal_deck, full_deck, kinds, table


def banners(game: PalacePoker) -> list[str]:
    return [game.view(None).seats[i].banner.code for i in range(len(game.state.seats))]  # type: ignore[union-attr]


def banner_events(game: PalacePoker) -> list[Banner]:
    return [e for e in game.opening_events() if isinstance(e, Banner)]


def test_pp1_two_to_ten_players_and_standard_hand_ranks():
    with pytest.raises(ValueError, match="2 to 10"):
        table(1)
    with pytest.raises(ValueError, match="2 to 10"):
        PalacePoker.new(list("abcdefghijk"), dict.fromkeys("abcdefghijk", 100), seed=1)
    assert len(table(10).state.seats) == 10
    # Standard ranks: a flush beats a straight, and A-2-3-4-5 is the lowest straight. Each
    # buys one soldier, then a quiet round ends the hand in the PP-21 showdown.
    deck = deal_deck(["5s", "6h", "Kd"], ["Ah 2c 3d", "2h 3c 4s", "Qd 9d 7d"], ["4h", "5d", "2d"])
    game = table(3, deck)
    for pid in "abc":
        game.act(pid, {"kind": "buy"})
        game.act(pid, {"kind": "discard_soldiers", "cards": []})
    for pid in "abc":
        game.act(pid, {"kind": "stay"})
    result = game.state.result
    assert result is not None
    assert result.winners == ["c"]
    assert result.hands["c"].category is Category.FLUSH
    assert result.hands["a"].category is Category.STRAIGHT
    hand = {p: evaluate(all_cards_of(game.state, p)) for p in "ab"}
    assert hand["a"] < hand["b"]
    assert hand["a"].category == hand["b"].category


def test_pp2_stakes_default_from_the_small_bet():
    assert PalaceOptions(small_bet=10).big_bet == 20
    assert PalaceOptions(small_bet=10).ante == 5
    assert PalaceOptions(small_bet=5).ante == 2
    assert PalaceOptions(small_bet=1).ante == 1
    assert PalaceOptions(small_bet=10, big_bet=30, ante=7).big_bet == 30
    assert PalaceOptions().betting == "limit"
    game = table(3, small_bet=8)
    assert game.pot == 3 * 4
    assert game.stacks == {"a": 996, "b": 996, "c": 996}


def test_pp3_the_cut_picks_the_first_dealer_and_the_deal_passes_left():
    players = ["p", "q", "r", "s"]
    game = PalacePoker.new(players, dict.fromkeys(players, 100), seed=42)
    expected, _ = cut_for_deal(players, new_rng(42))
    assert game.state.dealer == expected
    assert game.history()[0]["kind"] == "cut"
    assert game.state.seats[-1] == expected
    # A stacked deck does not take part in the cut: the RNG does.
    stacked = PalacePoker.new(players, dict.fromkeys(players, 100), seed=42, deck=full_deck([]))
    assert stacked.state.dealer == expected
    nxt = game.next_deal()
    i = players.index(expected)
    assert nxt.state.dealer == players[(i + 1) % 4]
    assert nxt.deal_number == 2


def test_pp4_everyone_antes_and_seat_zero_is_left_of_the_dealer():
    game = PalacePoker.new(
        ["a", "b", "c", "d"],
        dict.fromkeys("abcd", 100),
        PalaceOptions(small_bet=10),
        seed=1,
        dealer="b",
    )
    assert game.state.seats == ["c", "d", "a", "b"]
    assert game.to_act == "c"
    assert game.pot == 20
    assert set(game.stacks.values()) == {95}
    assert game.opening_events()[0].kind == "ante"


@pytest.mark.parametrize(
    ("n", "top", "expected", "rejected"),
    [
        (2, ["As", "Ks", "Kh"], ["As", "Kh"], ["Ks"]),
        (
            4,
            ["As", "Ks", "Ah", "Kh", "Qs", "Ad", "Qh", "Kd", "Ac"],
            ["As", "Ah", "Ad", "Ac"],
            ["Ks", "Kh", "Qs", "Qh", "Kd"],
        ),
        # Seat 4 starts a new group of four: a spade is welcome again there.
        (
            5,
            ["As", "Ks", "Ah", "Kh", "Qs", "Ad", "Qh", "Kd", "Ac", "Js"],
            ["As", "Ah", "Ad", "Ac", "Js"],
            ["Ks", "Kh", "Qs", "Qh", "Kd"],
        ),
    ],
)
def test_pp5_banner_suits_differ_within_each_group_of_four(n, top, expected, rejected):
    game = table(n, full_deck(top))
    assert banners(game) == expected
    events = [e for e in game.opening_events() if isinstance(e, Banner)]
    assert [c for e in events for c in e.rejected] == rejected
    # PP-6 on a stacked deck: the rejects go under the rest of the deck, so they are the last
    # cards of the draw pile, in the order they were turned.
    assert [c.code for c in game.state.draw[-len(rejected) :]] == rejected


def test_pp5_ten_players_run_the_deck_out_and_reshuffle_the_rejects():
    # The deck in suit order: seats b, c and d turn every remaining spade, heart and diamond
    # before finding their suits; seat 4 (e) takes Kc and seat 5 (f) rejects the eleven
    # clubs left, emptying the deck; the 47 rejects become the deck and f takes Ks.
    deck = [c.code for c in FULL_DECK]
    for n, expected in (
        (8, ["As", "Ah", "Ad", "Ac", "Kc", "Ks", "Kh", "Kd"]),
        (9, ["As", "Ah", "Ad", "Ac", "Kc", "Ks", "Kh", "Kd", "Qd"]),
        (10, ["As", "Ah", "Ad", "Ac", "Kc", "Ks", "Kh", "Kd", "Qd", "Qc"]),
    ):
        game = table(n, deck)
        assert banners(game) == expected, n
        assert [str(e.kind) for e in game.opening_events()].count("rejects_reshuffled") == 1
        suits = [game.state.seat[p].banner_suit for p in game.state.seats]
        for group in (suits[0:4], suits[4:8], suits[8:10]):
            assert len(set(group)) == len(group)
        assert len(game.state.draw) == 52 - 4 * n
        assert sorted(game.all_cards()) == sorted(FULL_DECK)
    # With ten players the first palace card is the first card left after j's banner.
    ten = table(10, deck)
    assert ten.state.seat["a"].palace[0] == Card.parse("Jc")


def test_pp5_rejected_banner_cards_are_public_for_the_whole_deal():
    # Three players: b turns Ks (a holds the spade) before Kh; the table saw Ks face up.
    game = table(3, full_deck(["As", "Ks", "Kh", "Qd"]))
    event = next(e for e in banner_events(game) if e.player == "b")
    assert event.is_public
    assert event.rejected == ["Ks"]
    assert "Ks" not in [c.code for seat in game.state.seat.values() for c in seat.palace]
    for viewer in (None, "a", "b", "c"):
        assert game.view(viewer).rejected_banner_cards == [Card.parse("Ks")]
    # They stay listed through play and a snapshot, and a new deal starts its own list.
    game.act("a", {"kind": "stay"})
    twin = PalacePoker.restore(game.snapshot())
    assert twin.view(None).rejected_banner_cards == [Card.parse("Ks")]
    assert twin.view(None) == game.view(None)
    while not game.is_over:
        pid = game.to_act
        assert pid is not None
        game.act(pid, game.timeout_action(pid))
    assert game.view(None).rejected_banner_cards == [Card.parse("Ks")]
    later = game.next_deal(deck=deal_deck(["2s", "2h", "2d"], ["3s 4s 5s", "3h 4h 5h", "3d 4d 5d"]))
    assert later.view(None).rejected_banner_cards == []


def test_pp5_rejects_dealt_into_a_palace_are_still_public_knowledge():
    # Ten players in suit order (see above): the 47 rejects are reshuffled and g turns Qs..2s
    # a second time; PP-6 then deals rejected cards as palace cards (a's first one is Jc).
    game = table(10, [c.code for c in FULL_DECK])
    turned = [c for e in banner_events(game) for c in e.rejected]
    public = game.view(None)
    assert [c.code for c in public.rejected_banner_cards] == turned
    assert turned.count("Qs") == 2
    assert len(set(turned)) == 47
    assert Card.parse("Jc") in game.state.seat["a"].palace
    assert Card.parse("Jc") in public.rejected_banner_cards
    # The public still learns no one's palace: only counts, and no palace lists.
    assert public.palace == []
    assert public.seen_palaces == {}
    assert public.shown_palaces == {}
    assert {s.palace_count for s in public.seats} == {3}


def test_pp5_random_banner_deals_keep_group_suits_distinct():
    for n in range(2, 11):
        for seed in range(30):
            game = table(n, seed=seed)
            suits = [game.state.seat[p].banner_suit for p in game.state.seats]
            for start in range(0, n, 4):
                group = suits[start : start + 4]
                assert len(set(group)) == len(group)


def test_pp6_three_palace_cards_each_one_at_a_time_and_private():
    deck = deal_deck(["As", "Kh", "Qd"], ["2c 3c 4c", "5c 6c 7c", "8c 9c 10c"], ["Jc"])
    game = table(3, deck)
    assert [c.code for c in game.state.seat["b"].palace] == ["5c", "6c", "7c"]
    assert game.state.draw[0] == Card.parse("Jc")
    assert len(game.state.draw) == 52 - 3 - 9
    dms = [e for e in game.opening_events() if isinstance(e, PalaceCards)]
    assert {e.to for e in dms} == {"a", "b", "c"}
    assert next(e for e in dms if e.to == "c").cards == ["8c", "9c", "10c"]
    assert game.view("a").palace == Card.parse_many("2c 3c 4c")
    assert game.view(None).palace == []
    assert all(s.palace_count == 3 for s in game.view(None).seats)
    assert "5c" not in game.view("a").model_dump_json()
    assert kinds(game, "a") == ["buy", "stay", "bet", "fold"]


def test_players_without_chips_sit_out():
    game = PalacePoker.new(["a", "b", "c"], {"a": 0, "b": 50, "c": 50}, seed=3, dealer="c")
    assert game.state.seats == ["b", "c"]
    assert game.view(None).sitting_out == ["a"]
    assert NAMES.startswith("abc")

"""PA-1 to PA-8: the table, the deal and a turn, each on a stacked deck."""

from collections import Counter

import pytest

from games.cards import FULL_DECK, Card, codes
from games.errors import Refusal
from games.paiute import (
    Category,
    CombinationLabel,
    Drawn,
    Outcome,
    Paiute,
    PaiuteOptions,
    PaiuteRefusal,
)
from tests.games.paiute.helpers import (
    START,
    deck_for,
    discard,
    draw,
    hand,
    new_game,
    pass_turn,
    refused,
)

ABC = ["ann", "bob", "cat"]


def test_pa_1_two_to_five_players_one_deck():
    for n in (1, 6):
        ids = [str(i) for i in range(n)]
        with pytest.raises(ValueError, match="2 to 5 players"):
            Paiute.new(ids, dict.fromkeys(ids, START), PaiuteOptions(), seed=1)
    for n in (2, 5):
        ids = [str(i) for i in range(n)]
        game = Paiute.new(ids, dict.fromkeys(ids, START), PaiuteOptions(), seed=1)
        assert Counter(game.all_cards()) == Counter(FULL_DECK)
        assert all(len(hand(game, p)) == 5 for p in ids)


def test_pa_2_every_player_puts_the_stake_in_the_pot():
    game = new_game(ABC, "cat", {}, stake=7)
    assert game.pot == 21
    assert game.stacks == dict.fromkeys(ABC, START - 7)
    with pytest.raises(ValueError, match="cannot cover the stake"):
        Paiute.new(ABC, {"ann": 100, "bob": 6, "cat": 100}, PaiuteOptions(stake=7), seed=1)


def test_pa_3_random_first_dealer_then_the_deal_passes_left():
    dealers = {Paiute.new(ABC, dict.fromkeys(ABC, START), seed=s).dealer for s in range(30)}
    assert dealers == set(ABC)
    assert Paiute.new(ABC, dict.fromkeys(ABC, START), seed=4).dealer == (
        Paiute.new(ABC, dict.fromkeys(ABC, START), seed=4).dealer
    )
    game = new_game(ABC, "bob", {}, max_rounds=1)
    for p in ("cat", "ann", "bob"):
        pass_turn(game, p)
    assert game.is_over
    following = game.next_deal()
    assert (following.dealer, following.deal_number) == ("cat", 2)
    assert following.to_act == "ann"
    # If the player on the dealer's left has gone, the next one along deals.
    assert game.next_deal(players=["ann", "bob"]).dealer == "ann"


def test_pa_4_five_cards_one_at_a_time_and_the_wild_indicator():
    deck = deck_for(
        ABC,
        "cat",
        {"ann": "As Ks Qs Js 10s", "bob": "Ah Kh Qh Jh 10h", "cat": "Ad Kd Qd Jd 10d"},
        indicator="7c",
        discard="3c",
    )
    assert deck[:3] == ["As", "Ah", "Ad"]  # one card each in turn, from the dealer's left
    game = Paiute.new(ABC, dict.fromkeys(ABC, START), seed=1, deck=deck, dealer="cat")
    assert hand(game, "ann") == codes(Card.parse_many("As Ks Qs Js 10s"))
    assert hand(game, "cat") == codes(Card.parse_many("Ad Kd Qd Jd 10d"))
    view = game.view(None)
    assert view.indicator == Card.parse("7c")
    assert view.wild_rank == "7"
    # Every other seven is wild for the deal: 7s 7h 7d make five of a kind with two kings.
    wild_game = new_game(ABC, "cat", {"ann": "Kc Kh 7s 7h 3d"}, indicator="7c", stock="7d")
    draw(wild_game, "ann")
    five_kings = CombinationLabel(category=Category.FIVE_OF_A_KIND, ranks=("K",))
    assert wild_game.view("ann").hand_combination == five_kings


def test_pa_5_the_stock_and_the_first_discard():
    game = new_game(ABC, "cat", {}, indicator="2c", discard="9h", stock="4d 5d")
    view = game.view(None)
    assert view.top_discard == Card.parse("9h")
    assert (view.discard_count, view.stock_count) == (1, 52 - 15 - 2)
    draw(game, "ann")
    assert hand(game, "ann")[-1] == "4d"


def test_pa_6_turns_go_left_and_a_taken_discard_stays_this_turn():
    game = new_game(ABC, "bob", {"cat": "4s 5h 6d 8c 9c"}, discard="Jh", stock="Qd Kd")
    assert game.to_act == "cat"  # the dealer's left
    draw(game, "cat", "discard")
    taken = {"kind": "discard", "card": "Jh"}
    refused(game, "cat", taken, PaiuteRefusal.TAKEN_THIS_TURN, card="Jh")
    refused(game, "cat", {"kind": "draw", "source": "stock"}, PaiuteRefusal.ALREADY_DREW)
    refused(game, "ann", {"kind": "draw", "source": "stock"}, Refusal.NOT_YOUR_TURN, to_act="cat")
    assert "Jh" not in [o for s in game.legal_actions("cat") for o in s.fields["card"].options]  # type: ignore[union-attr]
    discard(game, "cat", "4s")
    assert len(hand(game, "cat")) == 5
    assert game.to_act == "ann"
    draw(game, "ann")
    discard(game, "ann", "Qd")  # a card from the stock may go straight back
    assert game.view(None).top_discard == Card.parse("Qd")
    assert game.to_act == "bob"
    early = {"kind": "discard", "card": hand(game, "bob")[0]}
    refused(game, "bob", early, PaiuteRefusal.DRAW_FIRST, kind="discard")
    pass_turn(game, "bob")
    assert game.to_act == "cat"
    assert all(len(hand(game, p)) == 5 for p in ABC)


def _discarded(game: Paiute) -> list[str]:
    return [
        e["action"]["card"]
        for e in game.history()
        if e["kind"] == "action" and e["action"]["kind"] == "discard"
    ]


def _indicator_held(game: Paiute, indicator: Card) -> bool:
    return any(indicator in (game.view(p).hand or []) for p in game.players)


def test_pa_7_rebuilt_stock_keeps_the_top_discard_and_never_the_indicator():
    game = new_game(["ann", "bob"], "bob", {}, indicator="8d", max_rounds=30)
    indicator = Card.parse("8d")
    turns = 0
    while game.view(None).stock_count > 0:
        pid = game.to_act
        assert pid is not None
        pass_turn(game, pid)
        turns += 1
    assert turns == 40
    discards_before = ["3c", *_discarded(game)]  # the first discard, then each turn's
    pid = game.to_act
    assert pid is not None
    events = draw(game, pid)
    assert events[0].kind == "stock_rebuilt"
    view = game.view(None)
    assert view.top_discard == Card.parse(discards_before[-1])  # the top discard stayed
    assert view.discard_count == 1
    assert view.stock_count == len(discards_before) - 2  # all but the top, one drawn
    # On a stacked deck the gathered discards go under in the order they were set aside.
    assert hand(game, pid)[-1] == discards_before[0]
    discard(game, pid, discards_before[0])
    while not game.is_over:
        assert not _indicator_held(game, indicator)
        pid = game.to_act
        assert pid is not None
        pass_turn(game, pid)
    assert not _indicator_held(game, indicator)
    assert game.view(None).indicator == indicator
    [rebuilt] = [e for e in game.history() if e["kind"] == "stock_rebuilt"]
    assert rebuilt["stock"] == discards_before[:-1]
    assert game.view(None).outcome is Outcome.STAKES_RETURNED


def test_pa_7_shuffled_rebuild_never_holds_the_indicator():
    game = Paiute.new(["ann", "bob"], {"ann": 50, "bob": 50}, PaiuteOptions(max_rounds=60), seed=3)
    indicator = game.view(None).indicator
    while not game.is_over:
        assert not _indicator_held(game, indicator)
        pid = game.to_act
        assert pid is not None
        game.act(pid, game.timeout_action(pid))
    rebuilt = [e["stock"] for e in game.history() if e["kind"] == "stock_rebuilt"]
    assert len(rebuilt) == 2
    assert all(indicator.code not in stock for stock in rebuilt)
    assert rebuilt[0] != sorted(rebuilt[0])


def test_pa_8_hands_are_private_the_indicator_and_top_discard_public():
    game = new_game(ABC, "cat", {"ann": "As Ks Qs Js 9d"}, indicator="2c", stock="4h")
    public_view = game.view(None)
    assert public_view.hand is None
    assert all(seat.shown is None and seat.laid_down == [] for seat in public_view.seats)
    assert game.view("bob").hand != game.view("ann").hand
    assert (public_view.indicator, public_view.top_discard) == (Card.parse("2c"), Card.parse("3c"))
    events = draw(game, "ann")
    public_json = "".join(e.model_dump_json() for e in events if e.is_public)
    assert "4h" not in public_json
    assert "4♥" not in public_json
    secret = [e for e in events if not e.is_public]
    assert [(e.to, e.card) for e in secret if isinstance(e, Drawn)] == [("ann", "4h")]
    assert len(secret) == 1
    assert game.view("ann").drawn == Card.parse("4h")
    assert game.view("bob").drawn is None
    assert "4h" not in game.view(None).model_dump_json()

"""The Engine contract around the rules: timeouts, refusals, history, next deal."""

import pytest

from games.core import DealNotOver, HandLabel
from games.errors import IllegalAction, Refusal
from games.paiute import Call, Draw, Paiute, PaiuteOptions, PaiuteRefusal
from tests.games.paiute.helpers import START, discard, draw, hand, new_game, pass_turn, refused

ABC = ["ann", "bob", "cat"]


def test_timeout_draws_from_the_stock_and_discards_the_drawn_card():
    game = new_game(ABC, "cat", {}, stock="Qd")
    assert game.timeout_action("ann") == {"kind": "draw", "source": "stock"}
    game.act("ann", game.timeout_action("ann"))
    assert game.timeout_action("ann") == {"kind": "discard", "card": "Qd"}
    before = hand(game, "ann")
    game.act("ann", game.timeout_action("ann"))
    assert hand(game, "ann") == [c for c in before if c != "Qd"]
    with pytest.raises(IllegalAction) as refusal:
        game.timeout_action("ann")
    assert (refusal.value.code, refusal.value.params) == (Refusal.NOT_YOUR_TURN, {"to_act": "bob"})


def test_timeout_after_taking_the_discard_lets_another_card_go():
    game = new_game(ABC, "cat", {"ann": "4s 5h 6d 8c 9c"}, discard="Jh")
    draw(game, "ann", "discard")
    assert game.timeout_action("ann") == {"kind": "discard", "card": "4s"}
    game.act("ann", game.timeout_action("ann"))
    assert game.to_act == "bob"


def test_a_player_who_leaves_after_taking_the_discard_hands_no_wild_card_to_the_next_player():
    # issue 14, item 10: 2s is wild (indicator 2c); ann took the Jh and then left
    game = new_game(ABC, "cat", {"ann": "2s 5h 6d 8c 9c"}, discard="Jh")
    draw(game, "ann", "discard")
    assert game.timeout_action("ann") == {"kind": "discard", "card": "5h"}
    game.act("ann", game.timeout_action("ann"))
    assert "2s" in hand(game, "ann")
    assert game.to_act == "bob"


def test_an_absent_player_draws_from_the_stock_and_discards_the_drawn_card_every_turn():
    # issue 14, item 10: the rules' timeout move, turn after turn, wild card or not
    game = new_game(ABC, "cat", {"ann": "2s 5h 6d 8c 9c"}, stock="Qd 2h Kc 7s")
    for drawn in ("Qd", "7s"):  # between them bob draws 2h (wild), cat Kc
        held = hand(game, "ann")
        assert game.timeout_action("ann") == {"kind": "draw", "source": "stock"}
        game.act("ann", game.timeout_action("ann"))
        assert game.timeout_action("ann") == {"kind": "discard", "card": drawn}
        game.act("ann", game.timeout_action("ann"))
        assert hand(game, "ann") == held
        pass_turn(game, "bob")
        pass_turn(game, "cat")


def test_refusals_are_codes_and_change_nothing():
    game = new_game(ABC, "cat", {})
    allowed = ("draw", "discard", "call")
    refused(game, "ann", {"kind": "fold"}, Refusal.UNKNOWN_ACTION, kind="fold", allowed=allowed)
    bad_draw = {"kind": "draw", "field": "source"}
    refused(game, "ann", {"kind": "draw", "source": "deck"}, Refusal.BAD_ACTION, **bad_draw)
    extra = {"kind": "draw", "source": "stock", "x": 1}
    refused(game, "ann", extra, Refusal.BAD_ACTION, kind="draw", field="x")
    bad_card = {"kind": "discard", "card": "Zz"}
    refused(game, "ann", bad_card, Refusal.BAD_ACTION, kind="discard", field="card")
    refused(game, "zed", {"kind": "draw", "source": "stock"}, Refusal.NOT_PLAYING)
    refused(game, "bob", {"kind": "draw", "source": "stock"}, Refusal.NOT_YOUR_TURN, to_act="ann")
    early_call = {"kind": "call", "discard": None}
    refused(game, "ann", early_call, PaiuteRefusal.DRAW_FIRST, kind="call")
    draw(game, "ann")
    stranger = hand(game, "bob")[0]
    refused(
        game, "ann", {"kind": "discard", "card": stranger}, PaiuteRefusal.NOT_HELD, card=stranger
    )


def test_actions_as_models_and_the_deal_over():
    game = new_game(["ann", "bob"], "bob", {"ann": "9h 10h Jh Qh 3d"}, stock="Kh")
    game.act("ann", Draw(source="stock"))
    game.act("ann", Call(discard="3d"))
    game.act("bob", Draw(source="stock"))
    discard(game, "bob", hand(game, "bob")[0])
    assert game.is_over
    assert game.to_act is None
    assert game.legal_actions("bob") == []
    refused(game, "bob", {"kind": "draw", "source": "stock"}, Refusal.DEAL_OVER)


def test_history_hides_the_deck_until_the_end():
    game = new_game(["ann", "bob"], "bob", {}, max_rounds=1)
    assert [e["kind"] for e in game.history()] == ["deal"]
    with pytest.raises(DealNotOver, match="not over"):
        game.settlement()
    with pytest.raises(DealNotOver, match="not over"):
        game.next_deal()
    pass_turn(game, "ann")
    pass_turn(game, "bob")
    types = [e["kind"] for e in game.history()]
    assert types == ["deal", "deck", "action", "action", "action", "action", "end", "cards"]
    deck = game.history()[1]["cards"]
    assert len(deck) == 52
    assert all("secret" not in e for e in game.history())


def test_next_deal_takes_new_players_and_stacks():
    game = new_game(ABC, "cat", {}, max_rounds=1)
    for p in ABC:
        pass_turn(game, p)
    following = game.next_deal(
        players=["ann", "bob", "cat", "dan"], stacks={"ann": 50, "bob": 60, "cat": 70, "dan": 80}
    )
    assert following.dealer == "dan"  # PA-3: the deal passes left, to whoever sits there now
    assert following.stacks == {"ann": 45, "bob": 55, "cat": 65, "dan": 75}
    assert game.deal_number == 1  # this deal is left as it was
    assert game.stacks == dict.fromkeys(ABC, START)
    assert following.opening_events()[0].kind == "deal"


def test_options_are_validated():
    with pytest.raises(ValueError, match="stake"):
        PaiuteOptions(stake=0)
    with pytest.raises(ValueError, match="dealer"):
        Paiute.new(ABC, dict.fromkeys(ABC, START), seed=1, dealer="zed")
    with pytest.raises(ValueError, match="only once"):
        Paiute.new(["a", "a"], {"a": START}, seed=1)
    assert PaiuteOptions().max_rounds == 20


def test_deal_result_names_the_winners_their_hands_and_the_deck():
    game = new_game(["ann", "bob"], "bob", {"ann": "9h 10h Jh Qh 3d"}, stock="Kh")
    draw(game, "ann")
    game.act("ann", Call(discard="3d"))
    pass_turn(game, "bob")
    result = game.deal_result()
    assert result.winners == ["ann"]
    assert result.hands["ann"] == HandLabel(category="straight_flush", ranks=("K",))
    assert result.changes == {"ann": 5, "bob": -5}
    assert result.pot == 10
    assert len(result.start_deck) == 52
    assert result.start_deck[0] == "9h"  # the first card dealt, to ann at the dealer's left
    assert not result.stakes_returned
    assert result.kitty_owner is None


def test_deal_result_of_returned_stakes():
    game = new_game(["ann", "bob"], "bob", {}, max_rounds=1)
    pass_turn(game, "ann")
    pass_turn(game, "bob")
    result = game.deal_result()
    assert result.stakes_returned
    assert result.winners == []
    assert result.changes == {"ann": 0, "bob": 0}

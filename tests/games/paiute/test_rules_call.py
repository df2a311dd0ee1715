"""PA-9 to PA-15 on the table: calling, last turns, the round limit and the settlement."""

from games.actions import ActionSpec
from games.cards import Card, codes
from games.paiute import Category, CombinationLabel, Outcome, Paiute, PaiuteRefusal
from tests.games.paiute.helpers import (
    START,
    call,
    discard,
    draw,
    new_game,
    pass_turn,
    refused,
)

ABC = ["ann", "bob", "cat"]
ABCD = ["ann", "bob", "cat", "dan"]


def label(category: Category, *ranks: str) -> CombinationLabel:
    return CombinationLabel(category=category, ranks=ranks)


def _call_spec(game: Paiute, pid: str) -> ActionSpec | None:
    return next((s for s in game.legal_actions(pid) if s.kind == "call"), None)


def test_pa_9_a_five_card_call_discards_the_sixth_card():
    game = new_game(ABC, "cat", {"ann": "9h 10h Jh Qh 3d"}, stock="Kh")
    draw(game, "ann")
    spec = _call_spec(game, "ann")
    assert spec is not None
    assert spec.fields["discard"].options == ("3d",)  # type: ignore[union-attr]
    refused(game, "ann", {"kind": "call", "discard": None}, PaiuteRefusal.FIVE_CARD_COMBINATION)
    refused(game, "ann", {"kind": "call", "discard": "9h"}, PaiuteRefusal.NONE_WITHOUT, card="9h")
    events = call(game, "ann", "3d")
    assert [e.kind for e in events][:2] == ["discard", "call"]
    assert game.view(None).top_discard == Card.parse("3d")
    [seat] = [s for s in game.view(None).seats if s.player == "ann"]
    assert codes(seat.laid_down) == ["9h", "10h", "Jh", "Qh", "Kh"]
    assert seat.combination == label(Category.STRAIGHT_FLUSH, "K")
    assert seat.cards_in_hand == 0


def test_pa_9_a_six_card_call_has_no_discard():
    game = new_game(ABC, "cat", {"ann": "5s 5h 7d 7c 9s"}, discard="9d")
    draw(game, "ann", "discard")
    spec = _call_spec(game, "ann")
    assert spec is not None
    assert spec.fields["discard"].options == (None,)  # type: ignore[union-attr]
    refused(game, "ann", {"kind": "call", "discard": "5s"}, PaiuteRefusal.NONE_WITHOUT, card="5s")
    discards = game.view(None).discard_count
    events = call(game, "ann", None)
    assert next(e.kind for e in events) == "call"
    assert game.view(None).discard_count == discards
    [seat] = [s for s in game.view(None).seats if s.player == "ann"]
    assert len(seat.laid_down) == 6
    assert seat.combination == label(Category.TWO_TWO_TWO, "9", "7", "5")


def test_pa_9_a_taken_discard_is_not_the_sixth_card_of_a_call():
    game = new_game(ABC, "cat", {"ann": "9h 10h Jh Qh Kh"}, discard="Ks")
    draw(game, "ann", "discard")
    assert _call_spec(game, "ann") is None  # only the king of spades could go, and it may not
    taken = {"kind": "call", "discard": "Ks"}
    refused(game, "ann", taken, PaiuteRefusal.TAKEN_THIS_TURN, card="Ks")
    refused(game, "ann", {"kind": "call", "discard": "9h"}, PaiuteRefusal.NONE_WITHOUT, card="9h")


def test_pa_9_calling_needs_a_combination_and_is_optional():
    game = new_game(ABC, "cat", {"ann": "9h 10h Jh 4c 3d", "bob": "9s 10s Js Qs 3h"}, stock="5d Ks")
    draw(game, "ann")
    assert _call_spec(game, "ann") is None
    refused(game, "ann", {"kind": "call", "discard": "3d"}, PaiuteRefusal.NO_COMBINATION)
    refused(game, "ann", {"kind": "call", "discard": None}, PaiuteRefusal.NO_COMBINATION)
    discard(game, "ann", "5d")
    draw(game, "bob")
    assert _call_spec(game, "bob") is not None
    discard(game, "bob", "3h")  # bob may play on instead of calling
    assert game.to_act == "cat"
    assert not game.is_over


def test_pa_10_a_call_by_the_dealer_ends_the_deal_at_once():
    game = new_game(ABC, "cat", {"cat": "9h 10h Jh Qh 3d"}, stock="4s 5s Kh")
    pass_turn(game, "ann")
    pass_turn(game, "bob")
    draw(game, "cat")
    events = call(game, "cat", "3d")
    assert game.is_over
    assert events[-1].kind == "deal_over"
    assert not any(e.kind == "last_turn" for e in events)
    assert game.settlement() == {"ann": -5, "bob": -5, "cat": 10}


def test_pa_10_after_another_call_the_rest_of_the_round_takes_last_turns():
    game = new_game(
        ABCD, "dan", {"bob": "9h 10h Jh Qh 3d", "cat": "5c 5d 7s 7h 8c"}, stock="4s Kh 8d"
    )
    pass_turn(game, "ann")
    draw(game, "bob")
    events = call(game, "bob", "3d")
    assert events[-1].kind == "last_turn"
    assert game.to_act == "cat"
    assert game.view(None).last_turns == ["dan"]
    draw(game, "cat")  # 8d makes three pairs: cat lays it down on the last turn
    events = call(game, "cat", None)
    assert [e.kind for e in events] == ["lay_down", "last_turn"]
    assert game.to_act == "dan"
    pass_turn(game, "dan")
    assert game.is_over  # ann, before the caller, had no last turn
    turns = [e["player"] for e in game.history() if e["kind"] == "action"]
    assert turns == ["ann", "ann", "bob", "bob", "cat", "cat", "dan", "dan"]


def test_pa_11_max_rounds_without_a_call_return_the_stakes():
    game = new_game(["ann", "bob"], "bob", {}, max_rounds=2, stake=9)
    assert game.pot == 18
    for pid in ("ann", "bob", "ann"):
        pass_turn(game, pid)
    assert game.phase == "draw"
    assert game.view(None).round == 2
    pass_turn(game, "bob")
    assert game.is_over
    assert game.view(None).outcome is Outcome.STAKES_RETURNED
    assert game.settlement() == {"ann": 0, "bob": 0}
    assert game.stacks == {"ann": START, "bob": START}
    assert game.pot == 0
    assert all(seat.shown is None for seat in game.view(None).seats)


def test_pa_12_a_plain_straight_or_flush_does_not_call():
    game = new_game(ABC, "cat", {"ann": "9h 10s Jh Qh 4h"}, stock="Kh")
    draw(game, "ann")  # a flush and a straight, but no straight flush
    assert _call_spec(game, "ann") is None
    refused(game, "ann", {"kind": "call", "discard": "4h"}, PaiuteRefusal.NO_COMBINATION)


def test_pa_13_wilds_and_the_best_combination_of_a_six_card_call():
    # Indicator 2c: 2s and 2h are wild. KKK + two wilds + Q: five kings, and four/two too.
    game = new_game(ABC, "cat", {"ann": "Ks Kh Kd 2s 2h"}, stock="Qc")
    draw(game, "ann")
    spec = _call_spec(game, "ann")
    assert spec is not None
    assert set(spec.fields["discard"].options) == {"Qc", None}  # type: ignore[union-attr]
    call(game, "ann", None)
    [seat] = [s for s in game.view(None).seats if s.player == "ann"]
    assert seat.combination == label(Category.FIVE_OF_A_KIND, "K")


def test_pa_14_ties_split_and_wilds_tie_naturals():
    # Dealer bob: cat then ann from his left. cat's wild 2s makes the 8 of diamonds.
    game = new_game(
        ABC,
        "bob",
        {"cat": "5d 6d 7d 2s Kc", "ann": "5h 6h 7h 8h 9h", "bob": "3s 4h 8s Jc Qd"},
        stake=5,
        stock="9d 4d 6c",
    )
    draw(game, "cat")
    call(game, "cat", "Kc")
    pass_turn(game, "ann")
    pass_turn(game, "bob")
    assert game.is_over
    assert game.view(None).winners == ["cat", "ann"]
    assert game.settlement() == {"cat": 3, "ann": 2, "bob": -5}  # 15: odd chip to cat


def test_pa_15_every_combination_shown_competes():
    game = new_game(
        ABC,
        "cat",
        {"ann": "5d 6d 7d 8d Kc", "bob": "Ks 10c Qs Qc 4s", "cat": "9h 10h Jh Qh Kh"},
        stock="9d 4d 6c",
    )
    draw(game, "ann")
    call(game, "ann", "Kc")  # a nine-high straight flush
    pass_turn(game, "bob")
    pass_turn(game, "cat")  # cat never calls, but the king-high straight flush competes
    assert game.is_over
    view = game.view(None)
    assert view.winners == ["cat"]
    assert all(seat.shown is not None for seat in view.seats)
    assert {s.player: s.combination for s in view.seats} == {
        "ann": label(Category.STRAIGHT_FLUSH, "9"),
        "bob": None,
        "cat": label(Category.STRAIGHT_FLUSH, "K"),
    }
    assert game.settlement() == {"ann": -5, "bob": -5, "cat": 10}
    assert sum(game.stacks.values()) == 3 * START
    final = game.history()[-1]
    assert final["kind"] == "cards"
    assert len(final["hands"]["bob"]) == 5

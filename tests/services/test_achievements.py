"""The achievements' one table and its rules (issue 31, item 2): what one step earns, from
its public events and, at the end of a deal, the deal; people only."""

from __future__ import annotations

from games.palace import BattleWon, PalaceHand
from games.poker import Category
from games.pontoon import Declared, FiveCardTrick
from services.achievements import ACHIEVEMENTS, CODES, STEADY_DEALS, Deal, achieving
from storage.achievements import Streak

GUILD = 1


def earned(game: str, events=(), deal: Deal | None = None) -> set[tuple[int, str]]:
    return set(achieving(GUILD, game, list(events), deal).earned)


def test_every_achievement_is_in_the_one_table_once():
    assert len(CODES) == len(set(CODES)) >= 6
    assert {a.game for a in ACHIEVEMENTS} == {None, "palace", "paiute", "pontoon"}


def test_a_pontoon_and_a_five_card_trick_at_pontoon_only():
    events = [Declared(player="11", card="As"), FiveCardTrick(player="12")]
    assert earned("pontoon", events) == {(11, "pontoon"), (12, "five_card_trick")}
    assert earned("palace", events) == set()


def test_a_private_event_or_a_computer_player_earns_nothing():
    assert earned("pontoon", [Declared(player="11", card="As", to="11")]) == set()
    assert earned("pontoon", [Declared(player="cpu:1", card="As")]) == set()


def test_a_palace_battle_won_with_an_announced_straight_flush():
    flush = PalaceHand(category=Category.STRAIGHT_FLUSH, ranks=("9",))
    quads = PalaceHand(category=Category.FOUR_OF_A_KIND, ranks=("9", "2"))
    assert earned("palace", [BattleWon(winner="11", loser="12", hand=flush)]) == {
        (11, "palace_straight_flush")
    }
    assert earned("palace", [BattleWon(winner="11", loser="12", hand=quads)]) == set()
    # a table that does not announce battle hands keeps the winner's palace secret
    assert earned("palace", [BattleWon(winner="11", loser="12", hand=None)]) == set()


def test_the_end_of_a_deal_earns_first_win_five_of_a_kind_and_high_roller():
    deal = Deal(
        "paiute",
        winners=frozenset({"11", "cpu:2"}),
        hands={"11": "five_of_a_kind:7", "12": "three_three:K,5"},
        pot=1_000,
    )
    assert earned("paiute", deal=deal) == {
        (11, "first_win"),
        (11, "paiute_five_of_a_kind"),
        (11, "high_roller"),
    }
    small = Deal("palace", frozenset({"12"}), {}, pot=999)
    assert earned("palace", deal=small) == {(12, "first_win")}


def test_a_pontoon_deal_keeps_or_breaks_each_punters_streak_from_its_cards():
    cards = {
        "kind": "cards",
        "punters": {"11": [["10s", "9d"]], "12": [["Ks", "5d", "Qh"]], "13": [["8s", "8d"], []]},
        "banker": ["As", "6d"],
    }
    deal = Deal("pontoon", frozenset(), {}, 0, history=[{"kind": "stake"}, cards])
    streaks = achieving(GUILD, "pontoon", [], deal).streaks
    assert streaks == (
        Streak(11, "steady_hand", kept=True, length=STEADY_DEALS),
        Streak(12, "steady_hand", kept=False, length=STEADY_DEALS),
        Streak(13, "steady_hand", kept=True, length=STEADY_DEALS),
    )
    assert achieving(GUILD, "pontoon", [], None).streaks == ()

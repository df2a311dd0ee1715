"""Hand evaluation: exhaustive counts, brute force, a peer evaluator (treys), short hands, the
facts a hand is named by (category and ranks; the names themselves: tests/bot)."""

import doctest
import functools
import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from treys import Card as TreysCard
from treys import Evaluator

from games import poker
from games.cards import FULL_DECK, Card, Rank, Suit
from games.poker import Category, HandValue, evaluate


def hand(text: str) -> list[Card]:
    return Card.parse_many(text)


def value(text: str) -> HandValue:
    return evaluate(hand(text))


def to_treys(cards) -> list[int]:
    return [
        TreysCard.new(("T" if c.rank == Rank.TEN else c.rank.code) + c.suit.code) for c in cards
    ]


def brute_force(cards) -> HandValue:
    return max(evaluate(five) for five in itertools.combinations(cards, 5))


# --- every five-card hand ---------------------------------------------------------------------

EXPECTED_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


@functools.cache
def _all_five_card_values() -> Counter[HandValue]:
    values: Counter[HandValue] = Counter(map(evaluate, itertools.combinations(FULL_DECK, 5)))
    assert values.total() == 2_598_960
    return values


@pytest.fixture
def all_five_card_values() -> Counter[HandValue]:
    """Every one of the 2,598,960 five-card hands, evaluated through `evaluate`: once per
    process (~25 s), not once per module run (an xdist worker that runs another module between
    two of these tests tore a module fixture down and evaluated them all again)."""
    return _all_five_card_values()


@pytest.mark.slow
def test_category_counts_over_all_five_card_hands(all_five_card_values):
    counts: Counter[Category] = Counter()
    for v, n in all_five_card_values.items():
        counts[v.category] += n
    assert counts == EXPECTED_COUNTS


@pytest.mark.slow
def test_exactly_7462_distinct_five_card_values(all_five_card_values):
    assert len(all_five_card_values) == 7_462


@pytest.mark.slow
def test_every_five_card_value_orders_like_treys(all_five_card_values):
    """treys ranks 1 (best) .. 7462; ours must be the exact reverse order of all 7462 values."""
    evaluator = Evaluator()
    ours = sorted(all_five_card_values, reverse=True)
    theirs = [evaluator.evaluate(to_treys(v.cards[:2]), to_treys(v.cards[2:])) for v in ours]
    assert theirs == list(range(1, 7_463))


# --- more than five cards --------------------------------------------------------------------


@pytest.mark.parametrize("size", [6, 7, 8, 9])
def test_best_of_many_equals_brute_force(size):
    rng = random.Random(size)
    for _ in range(3_000 if size <= 7 else 600):
        cards = rng.sample(FULL_DECK, size)
        best = evaluate(cards)
        assert best == brute_force(cards), cards
        assert len(best.cards) == 5
        assert evaluate(best.cards) == best
        assert set(best.cards) <= set(cards)


@pytest.mark.slow
def test_seven_card_ordering_agrees_with_treys():
    """100,000 random pairs (consecutive independent hands), and then every pair of the hands.

    treys ranks 1 (best) upwards. Sorted by our value, treys' ranks must never go up, and
    equal values must be equal ranks: by transitivity that is agreement on all ~5e9 pairs.
    """
    rng = random.Random(2024)
    treys_deck = to_treys(FULL_DECK)
    evaluator = Evaluator()
    hands = [rng.sample(range(52), 7) for _ in range(100_001)]
    ours = [evaluate([FULL_DECK[i] for i in h]) for h in hands]
    theirs = [
        evaluator.evaluate([treys_deck[i] for i in h[:2]], [treys_deck[i] for i in h[2:]])
        for h in hands
    ]

    def sign(x: int) -> int:
        return (x > 0) - (x < 0)

    pairs = range(len(hands) - 1)
    assert len(pairs) >= 100_000
    disagree = [
        i for i in pairs if sign(ours[i].key - ours[i + 1].key) != sign(theirs[i + 1] - theirs[i])
    ]
    assert disagree == []

    by_ours = sorted(range(len(hands)), key=lambda i: ours[i])
    for lo, hi in itertools.pairwise(by_ours):
        if ours[lo] == ours[hi]:
            assert theirs[lo] == theirs[hi]
        else:
            assert theirs[lo] > theirs[hi]


# --- special hands ---------------------------------------------------------------------------


def test_wheel_is_the_lowest_straight():
    wheel = value("As 2d 3c 4h 5s")
    assert wheel.category is Category.STRAIGHT
    assert wheel.ranks == (Rank.FIVE,)
    assert [c.code for c in wheel.cards] == ["5s", "4h", "3c", "2d", "As"]
    assert wheel < value("2d 3c 4h 5s 6s")
    assert wheel > value("As Ad Ac Kd Qh")
    assert value("As Kd Qc Jh 10s") > value("Ks Qd Jc 10h 9s")


def test_wheel_is_the_lowest_straight_flush():
    steel_wheel = value("Ah 2h 3h 4h 5h")
    assert steel_wheel.category is Category.STRAIGHT_FLUSH
    assert steel_wheel < value("2h 3h 4h 5h 6h")
    assert steel_wheel > value("As Ad Ac Ah Kd")


def test_straight_flush_found_among_nine_cards_with_a_bigger_flush_card():
    v = value("Ah 9h 8h 7h 6h 5h Ad Ac As")
    assert v.category is Category.STRAIGHT_FLUSH
    assert v.ranks == (Rank.NINE,)


def test_quads_and_flush_in_nine_cards_quads_win():
    v = value("Ah Ad Ac As 2h 4h 6h 8h 3c")
    assert v.category is Category.FOUR_OF_A_KIND
    assert [c.rank for c in v.cards][-1] == Rank.EIGHT


def test_two_trips_make_a_full_house_with_the_higher_trips():
    v = value("9s 9d 9c Ks Kd Kc 2h")
    assert (v.category, v.ranks) == (Category.FULL_HOUSE, (Rank.KING, Rank.NINE))


def test_three_pairs_use_the_best_kicker():
    assert value("Qs Qd 8s 8d 5c 5h 4d") == value("Qh Qc 8h 8c 5d 2s 3s")
    assert value("Qs Qd 8s 8d 5c 5h 9d").ranks == (Rank.QUEEN, Rank.EIGHT, Rank.NINE)


# --- short hands (PP-16) ---------------------------------------------------------------------


def test_empty_hand_is_the_lowest_value_of_all():
    empty = evaluate([])
    assert (empty.category, empty.ranks) == (Category.HIGH_CARD, ())
    assert empty.cards == ()
    assert empty < evaluate(hand("2c"))
    assert empty == evaluate(hand("As"), exclude_suit=Suit.SPADES)


def test_two_cards_a_pair_beats_a_high_card():
    assert value("2c 2d") > value("As Kd")
    assert (value("2c 2d").category, value("2c 2d").ranks) == (Category.ONE_PAIR, (Rank.TWO,))
    assert value("As Kd").ranks == (Rank.ACE, Rank.KING)


def test_missing_kicker_ranks_below_a_two():
    assert value("Ks Kd") < value("Kh Kc 2s")
    assert value("As") < value("Ad 2c")
    assert value("Qs Qd 3c 3h") < value("Qh Qc 3d 3s 2c")
    assert value("7s 7d 7c 7h") < value("7s 7d 7c 7h 2c")
    assert value("Ks Kd 5c") > value("Kh Kc 4s 3d 2c")


def test_short_hands_make_no_straights_or_flushes():
    assert value("Ah Kh Qh Jh").category is Category.HIGH_CARD
    assert value("9s 9d 9c 9h").category is Category.FOUR_OF_A_KIND
    assert value("9s 9d 9c 9h") > value("Ah Kh Qh Jh 9h")
    assert value("Js Jd 4c 4h").category is Category.TWO_PAIR
    assert value("Js Jd Jc").category is Category.THREE_OF_A_KIND


def reference_short(cards) -> tuple[int, list[int]]:
    """Straightforward ranking of fewer than five cards: groups by size, then rank."""
    counts = Counter(c.rank for c in cards)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    category = (
        {
            4: Category.FOUR_OF_A_KIND,
            3: Category.THREE_OF_A_KIND,
            2: Category.TWO_PAIR if shape[:2] == [2, 2] else Category.ONE_PAIR,
            1: Category.HIGH_CARD,
        }[shape[0]]
        if shape
        else Category.HIGH_CARD
    )
    ranks = [int(r) for r, _ in groups]
    return int(category), ranks + [0] * (5 - len(ranks))


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4])
def test_short_hands_order_like_a_straightforward_reference(size):
    rng = random.Random(100 + size)
    hands = [rng.sample(FULL_DECK, size) for _ in range(400)]
    ordered = sorted(hands, key=evaluate)
    refs = [reference_short(h) for h in ordered]
    assert refs == sorted(refs)
    for h in hands:
        v = evaluate(h)
        assert v.category == reference_short(h)[0]
        assert sorted(v.cards) == sorted(h)


# --- banner-suit exclusion ---------------------------------------------------------------------


def test_exclude_suit_drops_that_suit_but_keeps_the_banner():
    cards = hand("Qs Qh 9s 9h 4c 4s")
    both = evaluate(cards)
    assert (both.category, both.ranks[:2]) == (Category.TWO_PAIR, (Rank.QUEEN, Rank.NINE))
    alone = evaluate(cards, exclude_suit=Suit.SPADES)
    assert (alone.category, alone.ranks[0]) == (Category.HIGH_CARD, Rank.QUEEN)
    kept = evaluate(cards, exclude_suit=Suit.SPADES, keep=hand("Qs"))
    assert (kept.category, kept.ranks[0]) == (Category.ONE_PAIR, Rank.QUEEN)
    assert Card.parse("Qs") in kept.cards
    assert Card.parse("9s") not in kept.cards


def test_exclude_suit_breaks_a_flush():
    cards = hand("Ah Kh Qh 8h 3h 3s 3d")
    assert evaluate(cards).category is Category.FLUSH
    threes = evaluate(cards, exclude_suit=Suit.HEARTS)
    assert (threes.category, threes.ranks[0]) == (Category.ONE_PAIR, Rank.THREE)
    kept = evaluate(cards, exclude_suit=Suit.HEARTS, keep=hand("3h"))
    assert kept.category is Category.THREE_OF_A_KIND
    assert kept.ranks == (Rank.THREE,)


@settings(deadline=None, max_examples=200)
@given(
    cards=st.lists(st.sampled_from(FULL_DECK), max_size=9, unique=True),
    excluded=st.sampled_from(Suit),
    data=st.data(),
)
def test_exclusion_is_evaluating_only_the_usable_cards(cards, excluded, data):
    keep = data.draw(st.lists(st.sampled_from(FULL_DECK), max_size=3))
    usable = [c for c in cards if c.suit is not excluded or c in keep]
    v = evaluate(cards, exclude_suit=excluded, keep=keep)
    assert v == evaluate(usable)
    assert set(v.cards) <= set(usable)
    assert len(v.cards) == min(5, len(usable))


def test_keep_cards_not_in_the_hand_are_not_added():
    assert evaluate(hand("2c"), exclude_suit=Suit.SPADES, keep=hand("As")) == value("2d")


# --- what a hand is named by, and the value type -----------------------------------------------


@pytest.mark.parametrize(
    ("cards", "category", "ranks"),
    [
        ("As Ks Qs Js 10s", Category.STRAIGHT_FLUSH, "A"),
        ("9d 8d 7d 6d 5d", Category.STRAIGHT_FLUSH, "9"),
        ("6c 6d 6h 6s Kd", Category.FOUR_OF_A_KIND, "6 K"),
        ("Kc Kd Ks 10c 10h", Category.FULL_HOUSE, "K 10"),
        ("Ac 9c 7c 4c 2c", Category.FLUSH, "A 9 7 4 2"),
        ("2d 3c 4h 5s As", Category.STRAIGHT, "5"),
        ("10d Jc Qh Ks As", Category.STRAIGHT, "A"),
        ("7c 7d 7h 2s 9d", Category.THREE_OF_A_KIND, "7 9 2"),
        ("Ac Ad Kh Ks 2c", Category.TWO_PAIR, "A K 2"),
        ("Ac Ad 9h 4s 2c", Category.ONE_PAIR, "A 9 4 2"),
        ("Ac Jd 9h 4s 2c", Category.HIGH_CARD, "A J 9 4 2"),
    ],
)
def test_category_and_deciding_ranks(cards, category, ranks):
    v = value(cards)
    assert v.category is category
    assert " ".join(r.code for r in v.ranks) == ranks
    assert category.name in repr(v)


def test_cards_are_listed_best_first():
    v = value("10c Kd 10h 2s Kc Ks 3d")
    assert [c.code for c in v.cards] == ["Kd", "Kc", "Ks", "10c", "10h"]
    v = value("4d 9c 4h 9s Ad 2c")
    assert [c.rank for c in v.cards] == [Rank.NINE] * 2 + [Rank.FOUR] * 2 + [Rank.ACE]


def test_values_are_totally_ordered_and_hashable():
    a, b, c = value("Ac Ad 9h 4s 2c"), value("Ah As 9c 4d 2h"), value("Ac Ad 9h 5s 2c")
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b, c}) == 2
    assert a < c
    assert a <= b <= c
    assert c > a
    assert c >= b
    assert a != c
    assert a != "Pair of aces"


def test_category_order():
    assert Category.STRAIGHT_FLUSH > Category.FOUR_OF_A_KIND > Category.HIGH_CARD


def test_more_than_nine_cards_is_refused():
    with pytest.raises(ValueError, match="at most 9"):
        evaluate(FULL_DECK[:10])
    royal = evaluate(FULL_DECK[8:18], exclude_suit=Suit.SPADES)
    assert (royal.category, royal.ranks) == (Category.STRAIGHT_FLUSH, (Rank.ACE,))


def test_a_repeated_card_is_refused():
    with pytest.raises(ValueError, match="same card twice: As"):
        evaluate(hand("As Kd As"))


def test_values_do_not_compare_with_other_types():
    with pytest.raises(TypeError):
        assert value("As") < 3


def test_docstring_examples_run():
    failures, tried = doctest.testmod(poker)
    assert tried >= 5
    assert failures == 0

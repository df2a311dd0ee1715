"""PA-12 to PA-14: the evaluator against a brute force, plus hand-written edge cases."""

import random
from collections import Counter

import pytest

from games.cards import FULL_DECK, Card, Rank
from games.paiute import Category, Combination, best_combination
from tests.games.paiute.brute import brute_value

CORPUS_SIZE = 50_000


def cards(text: str) -> list[Card]:
    return Card.parse_many(text)


def value(combo: Combination | None):
    return None if combo is None else (int(combo.category), combo.key)


def _corpus_hand(rng: random.Random) -> tuple[list[Card], Rank]:
    """A 5- or 6-card hand with 0-3 wilds, often drawn from a narrow pool so combinations occur."""
    wild = Rank(rng.randint(2, 14))
    size = rng.choice((5, 6))
    wilds = rng.sample([c for c in FULL_DECK if c.rank == wild], rng.randint(0, 3))
    pool = [c for c in FULL_DECK if c.rank != wild]
    style = rng.random()
    if style < 0.35:  # few ranks: kinds, four/two, three/three, pairs
        ranks = rng.sample([r for r in Rank if r != wild], rng.randint(1, 4))
        pool = [c for c in pool if c.rank in ranks]
    elif style < 0.7:  # one suit around a window: straight flushes
        suit = rng.choice([c.suit for c in FULL_DECK[::13]])
        low = rng.randint(1, 10)
        window = {((low + i - 2) % 13) + 2 for i in range(7)}
        near = [c for c in pool if c.suit is suit and c.rank in window]
        others = rng.sample(pool, 3)
        pool = near + [c for c in others if c not in near]
    need = size - len(wilds)
    if len(pool) < need:
        pool = [c for c in FULL_DECK if c.rank != wild]
    hand = wilds + rng.sample(pool, need)
    rng.shuffle(hand)
    return hand, wild


def test_pa_13_evaluator_matches_brute_force_on_a_corpus():
    rng = random.Random(20261129)
    seen: Counter[object] = Counter()
    for _ in range(CORPUS_SIZE):
        hand, wild = _corpus_hand(rng)
        combo = best_combination(hand, wild)
        expected = brute_value(hand, wild)
        assert value(combo) == expected, (hand, wild.code, combo)
        seen[None if combo is None else combo.category] += 1
        if combo is not None:
            assert len(combo.cards) == combo.category.size
            assert Counter(combo.cards) - Counter(hand) == Counter()
            assert best_combination(combo.cards, wild) == combo
    assert set(seen) == {None, *Category}, seen
    assert min(seen.values()) >= 200, seen


@pytest.mark.parametrize(
    ("hand", "wild", "category", "key"),
    [
        # A-2-3-4-5 straight flush with wilds: the lowest straight flush, five high.
        ("As 2s 3s 9h 9d", Rank.NINE, Category.STRAIGHT_FLUSH, (5,)),
        # ... but wilds make it six high when they can.
        ("2s 3s 4s 9h 9d", Rank.NINE, Category.STRAIGHT_FLUSH, (6,)),
        # A wild may stand for its own rank's place in a straight (9 of spades here).
        ("5s 6s 7s 8s 9d", Rank.NINE, Category.STRAIGHT_FLUSH, (9,)),
        ("10h Jh Qh Kh 2c", Rank.TWO, Category.ROYAL_FLUSH, (14,)),
        ("10h Jh Qh Kh Ah", Rank.TWO, Category.ROYAL_FLUSH, (14,)),
        ("9h 10h Jh Qh Kh", Rank.TWO, Category.STRAIGHT_FLUSH, (13,)),
        # Six cards holding two combinations: the best one counts.
        ("7s 7h 7d 5c 5s 5h", Rank.TWO, Category.THREE_THREE, (7, 5)),
        ("Ks Kh Kd Kc 3s 3h", Rank.TWO, Category.FOUR_TWO, (13, 3)),
        ("5h 6h 7h 8h 9h 9s", Rank.TWO, Category.STRAIGHT_FLUSH, (9,)),
        ("5h 6h 7h 8h 4c 4h", Rank.FOUR, Category.STRAIGHT_FLUSH, (10,)),
        ("Ks Kh Qd Qc 4s 4h", Rank.FOUR, Category.FOUR_TWO, (13, 12)),
        # Wilds completing four/two versus five of a kind: five of a kind wins.
        ("Ks Kh Kd 3s 3h 8c", Rank.EIGHT, Category.FOUR_TWO, (13, 3)),
        ("Ks Kh Kd 3s 8h 8c", Rank.EIGHT, Category.FIVE_OF_A_KIND, (13,)),
        ("Ks Kh 3d 3s 8h 8c", Rank.EIGHT, Category.FOUR_TWO, (13, 3)),
        ("Ks Kh Kd 8h 8c", Rank.EIGHT, Category.FIVE_OF_A_KIND, (13,)),
        ("2s 2h 2d 2c 8c 8h", Rank.EIGHT, Category.FIVE_OF_A_KIND, (2,)),
        # Four of a kind and two wilds: four kings and two aces.
        ("Ks Kh Kd Kc 8s 8h", Rank.EIGHT, Category.FIVE_OF_A_KIND, (13,)),
        ("As Ah Ad 8s 8h 8c", Rank.EIGHT, Category.FIVE_OF_A_KIND, (14,)),
        ("As Ah Qd Qs 8h 8c", Rank.EIGHT, Category.FOUR_TWO, (14, 12)),
        ("As Kh Qd 8s 8h 8c", Rank.EIGHT, Category.TWO_TWO_TWO, (14, 13, 12)),
        ("As Ah Kd 8s 8h 8c", Rank.EIGHT, Category.FIVE_OF_A_KIND, (14,)),
        ("As Ah Kd Kc 5h 5c", Rank.EIGHT, Category.TWO_TWO_TWO, (14, 13, 5)),
        ("As Ah Kd Kc 5h 8c", Rank.EIGHT, Category.TWO_TWO_TWO, (14, 13, 5)),
        ("As Ah Kd Kc 8h 3c", Rank.EIGHT, Category.TWO_TWO_TWO, (14, 13, 3)),
        ("As Ah Kd Kc 9h 3c", Rank.EIGHT, None, None),
        ("As Ah Kd Kc 8h 8c", Rank.EIGHT, Category.FOUR_TWO, (14, 13)),
        ("As Ah Kd Kc Ks 8c", Rank.EIGHT, Category.FOUR_TWO, (13, 14)),
        ("As Ah Kd Kc Ks Qc", Rank.EIGHT, None, None),
        ("As Ah Ad Kc Ks Qc", Rank.EIGHT, None, None),
        ("As Qh Jd 9c 8h 8c", Rank.EIGHT, None, None),
        ("As Ks Qs Js 9h 3c", Rank.FIVE, None, None),
    ],
)
def test_pa_13_edge_cases(hand, wild, category, key):
    combo = best_combination(cards(hand), wild)
    assert value(combo) == brute_value(cards(hand), wild)
    if category is None:
        assert combo is None
    else:
        assert combo is not None
        assert (combo.category, combo.key) == (category, key)


def test_pa_12_plain_poker_hands_are_not_combinations():
    no_wild = Rank.TWO
    for hand in (
        "As Ks 9s 7s 4s",  # flush
        "9h 10s Jd Qc Kh",  # straight
        "Ks Kh Kd 4c 4h",  # full house
        "Ks Kh Kd Kc 4h",  # four of a kind
        "Ks Kh Kd Kc 4h 5h",  # four of a kind without the pair
        "As Ks Qs Js 9s 3c",  # flush, one short of royal
    ):
        assert best_combination(cards(hand), no_wild) is None, hand


def test_pa_14_ties_and_order():
    wild = Rank.TWO
    # A natural hand and one made with wilds tie.
    for natural, with_wilds in (
        ("Ks Kh Qd Qc 5h 5s", "Ks 2h Qd Qc 5h 5s"),
        ("9d 10d Jd Qd Kd", "9d 10d 2h Qd Kd"),
        ("4s 4h 4d 4c Kh Ks", "4s 4h 4d 2c Kh Ks"),
    ):
        assert best_combination(cards(natural), wild) == best_combination(cards(with_wilds), wild)
    ranking = [
        best_combination(cards(h), wild)
        for h in (
            "3s 3h 4d 4c 5h 5s",  # two/two/two, fives high
            "As Ah Kd Kc 4h 4s",  # two/two/two, aces-kings-fours
            "As Ah Kd Kc Qh Qs",  # two/two/two, aces-kings-queens
            "3s 3h 3d 4c 4h 4s",  # three/three
            "As Ah Ad Kc Kh Ks",  # three/three, aces over kings
            "3s 3h 3d 3c Ah As",  # four/two, four threes
            "4s 4h 4d 4c 3h 3s",  # four/two, four fours beat four threes
            "4s 4h 4d 4c Kh Ks",  # ... and then the two decides
            "As 2s 3s 4s 5s",  # the lowest straight flush
            "9d 10d Jd Qd Kd",
            "10c Jc Qc Kc Ac",  # royal flush
            "3s 3h 3d 3c 2h",  # five of a kind, threes
            "As Ah Ad 2c 2h",  # five aces
        )
    ]
    assert all(c is not None for c in ranking)
    assert ranking == sorted(ranking)  # type: ignore[type-var]
    assert len(set(ranking)) == len(ranking)


def test_labels_name_the_category_and_the_deciding_ranks():
    wild = Rank.TWO
    labels = [
        best_combination(cards(h), wild).label  # type: ignore[union-attr]
        for h in ("6s 6h 6d 6c 2h", "4s 4h 4d 4c 6h 6s", "9d 10d Jd Qd Kd", "3s 3h 3d Kc Kh Ks")
    ]
    assert [(lb.category, lb.ranks) for lb in labels] == [
        (Category.FIVE_OF_A_KIND, ("6",)),
        (Category.FOUR_TWO, ("4", "6")),
        (Category.STRAIGHT_FLUSH, ("K",)),
        (Category.THREE_THREE, ("K", "3")),
    ]


def test_hand_size_is_checked():
    with pytest.raises(ValueError, match="5 or 6"):
        best_combination(cards("As Ks Qs Js"), Rank.TWO)

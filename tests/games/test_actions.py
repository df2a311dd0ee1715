import random

from games.actions import ActionSpec, AmountField, CardsField, ChoiceField


def test_spec_allows_exactly_its_values():
    spec = ActionSpec(
        kind="bet",
        fields={
            "amount": AmountField(min=5, max=10),
            "target": ChoiceField(options=("a", "b")),
            "cards": CardsField(options=("As", "Kd"), min_count=0, max_count=1),
        },
    )
    assert spec.allows({"kind": "bet", "amount": 5, "target": "a", "cards": []})
    assert not spec.allows({"kind": "bet", "amount": 11, "target": "a", "cards": []})
    assert not spec.allows({"kind": "bet", "amount": True, "target": "a", "cards": []})
    assert not spec.allows({"kind": "bet", "amount": 5, "target": "c", "cards": []})
    assert not spec.allows({"kind": "bet", "amount": 5, "target": "a", "cards": ["As", "Kd"]})
    assert not spec.allows({"kind": "bet", "amount": 5, "target": "a", "cards": [], "x": 1})
    assert not spec.allows({"kind": "call"})
    rng = random.Random(1)
    for _ in range(100):
        assert spec.allows(spec.sample(rng))

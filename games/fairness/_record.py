"""The proofs a finished deal's stored record keeps, in the compact form it keeps them: the
commitment's leaf hashes once, and per audience the shown positions with their cards and salts
(a full proof repeats six sibling hashes per card: four times the bytes)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.fairness._tree import proof_from_leaves


def proofs_of(record: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Each audience's full proofs (``""``: the table's) from a deal's ``fairness`` record."""
    leaves = record["leaves"]
    return {
        audience: [
            proof_from_leaves(leaves, position, card, salt).as_dict()
            for position, card, salt in shown
        ]
        for audience, shown in record["shown"].items()
    }

"""Paiute: the draw-and-discard game from Hawaii with a wild rank (rules/paiute.md)."""

from games.paiute._combos import Category, Combination, best_combination

__all__ = ["Category", "Combination", "best_combination"]

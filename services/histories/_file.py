"""A finished deal as one reader may download it: a TOML hand history modelled on the PHH
format (variant, players, stacks, every action in order, the cards the reader may see, the
fingerprint and proofs, the results), which ``python -m games.fairness verify FILE`` checks.

Only what the reader may see goes in, by construction: the cards they may see are those the
deal's proofs cover for them (the table's and their own, :meth:`games.core.CardGame.fairness`),
and every other card code anywhere in the record is written ``??``. Records that hold only
hidden order (the starting deck, a rebuilt stock, where every card lay at the end) are left
out. The layout is in the README ("Hand histories").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.seen import CARD_CODES, PUBLIC, label
from games.fairness import SCHEME, dumps, proofs_of

FORMAT = "parlour-hand-history-1"
HIDDEN = "??"
"""A card the reader may not see (PHH writes an unknown card so)."""
NOT_WRITTEN = frozenset({"cards", "deck", "stock_rebuilt", "fairness", "stacks", "replay"})
"""History records that are not actions: the hidden order (the deal's opening state, kept
for replays, holds every card), or read into other fields."""
HEADER = "# Parlour hand history ({format}); check it: python -m games.fairness verify FILE\n"


def visible_cards(record: Mapping[str, Any], reader: str) -> set[str]:
    """The cards ``reader`` may see in a stored deal: those its proofs cover for them (in the
    deal's opening order or a reshuffle's)."""
    return {
        card
        for part in _orders(record)
        for _, card, _ in [*part["shown"].get(PUBLIC, ()), *part["shown"].get(reader, ())]
    }


def hand_history(record: Mapping[str, Any], reader: str) -> dict[str, Any]:
    """The deal as ``reader`` may read it, as the TOML file's tables and values."""
    seen = visible_cards(record, reader)
    public = _proved(record, PUBLIC)
    history = record["history"]
    stacks: dict[str, Any] = next((r for r in history if r.get("kind") == "stacks"), {})
    players = list(record["players"])
    settlement = record["settlement"]
    actions = [
        _action(_masked(entry, seen)) for entry in history if entry.get("kind") not in NOT_WRITTEN
    ]
    out: dict[str, Any] = {
        "format": FORMAT,
        "variant": f"parlour/{record['game']}",
        "deal_id": record["id"],
        "table": record["table_id"],
        "hand": record["deal_number"],
        "time": str(record.get("created_at", "")),
        "reader": reader,
        "players": players,
        "starting_stacks": [stacks.get("start", {}).get(p, 0) for p in players],
        "finishing_stacks": [stacks.get("end", {}).get(p, 0) for p in players],
        "results": [settlement.get(p, 0) for p in players],
        "winners": list(record.get("winners") or []),
        "hands": dict(record.get("hand_names") or {}),
        "actions": actions,
        "cards": {
            "public": public,
            "mine": [c for c in _proved(record, reader) if c not in public],
        },
    }
    other = {k: v for k, v in settlement.items() if k not in players}
    if other:
        out["other_results"] = other  # the house bank, the kitty
    orders = _orders(record)
    if orders:
        out["commitments"] = [_commitment(part, reader) for part in orders]
    return out


def _commitment(part: Mapping[str, Any], reader: str) -> dict[str, Any]:
    """One committed order (the deal's opening one, or a reshuffle's) as the file's
    ``[[commitments]]`` table, with the proofs of the cards ``reader`` may see of it."""
    proofs = proofs_of(part)
    shown = [*proofs.get(PUBLIC, ()), *proofs.get(reader, ())]
    head: dict[str, Any] = {"scheme": part["scheme"]}
    if "rule" in part:
        head |= {"label": label(part["rule"], part["number"]), "rule": part["rule"]}
    else:
        head["label"] = "deal"
    return {
        **head,
        "cards": part["cards"],
        "fingerprint": part["fingerprint"],
        "reveals": sorted(shown, key=lambda p: p["position"]),
    }


def hand_history_text(record: Mapping[str, Any], reader: str) -> str:
    """The downloadable file's text."""
    return HEADER.format(format=FORMAT) + dumps(hand_history(record, reader))


def proofs_text(
    *,
    game: str,
    table: int,
    deal: int,
    reader: str,
    fingerprint: str,
    cards: int,
    proofs: list[Any],
    reshuffles: Sequence[Mapping[str, Any]] = (),
) -> str:
    """The proofs of the cards ``reader`` has seen so far in a running deal (``/verify``), in
    the same layout, so the same verifier checks them; ``reshuffles``: the deal's reshuffles
    so far, as :meth:`games.core.CardGame.commitments` gives them."""
    data = {
        "format": FORMAT,
        "variant": f"parlour/{game}",
        "table": table,
        "hand": deal,
        "reader": reader,
        "commitments": [
            {
                "scheme": SCHEME,
                "label": "deal",
                "cards": cards,
                "fingerprint": fingerprint,
                "reveals": sorted(proofs, key=lambda p: p["position"]),
            },
            *(
                {**r, "reveals": sorted(r["reveals"], key=lambda p: p["position"])}
                for r in reshuffles
            ),
        ],
    }
    return HEADER.format(format=FORMAT) + dumps(data)


def _fairness(record: Mapping[str, Any]) -> dict[str, Any]:
    return next((r for r in record["history"] if r.get("kind") == "fairness"), {})


def _orders(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The deal's committed orders in its stored record: the opening's, then each
    reshuffle's (a deal recorded before reshuffles were committed has only the first)."""
    fairness = _fairness(record)
    if not fairness:
        return []
    return [fairness, *fairness.get("reshuffles", ())]


def _proved(record: Mapping[str, Any], audience: str) -> list[str]:
    """The cards ``audience`` saw, once each, in the order the deal's records prove them."""
    cards = [c for part in _orders(record) for _, c, _ in part["shown"].get(audience, ())]
    return list(dict.fromkeys(cards))


def _masked(value: Any, seen: set[str]) -> Any:
    """``value`` with every card code the reader may not see written ``??``."""
    if isinstance(value, str):
        return HIDDEN if value in CARD_CODES and value not in seen else value
    if isinstance(value, Mapping):
        return {k: _masked(v, seen) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_masked(v, seen) for v in value]
    return value


def _action(entry: Mapping[str, Any]) -> str:
    """One history record as a PHH-like action line: ``<player> <kind> key=value ...`` for a
    player's action, ``d <kind> key=value ...`` for what the dealer (the game) did."""
    if entry.get("kind") == "action" and isinstance(entry.get("action"), Mapping):
        action = dict(entry["action"])
        head = f"{entry.get('player')} {action.pop('kind', '?')}"
        fields = action
    else:
        fields = {k: v for k, v in entry.items() if k != "kind"}
        head = f"d {entry.get('kind')}"
    parts = [head, *(f"{k}={_compact(v)}" for k, v in fields.items())]
    return " ".join(parts)


def _compact(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)

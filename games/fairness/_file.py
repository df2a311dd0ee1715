"""Checking a deal file: every published proof against the fingerprint of its commitment.

A deal file (TOML, see the README's "Deals anyone can check") holds, besides the hand history,
one ``[[commitments]]`` table per committed order (the deal's start, labelled ``deal``, then
each reshuffle inside the deal, labelled ``reshuffle N (RULE)`` with its ``rule``), each with
``scheme``, ``label``, ``cards`` (how many were committed), ``fingerprint`` (full hex) and one
``[[commitments.reveals]]`` table per card its reader saw of that order: ``position``,
``card``, ``salt`` and ``path``. Each proof is checked against its own commitment only; a file
of one commitment (every deal file before reshuffles were committed) checks the same way.
Only the standard library is used, so anyone can run the check on their own machine.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any

from games.fairness._tree import SCHEME, Proof, short, verify


@dataclass
class Verdict:
    """What a check found: ``ok`` only if there was something to check and all of it held.
    A file of a deal that ended before its reader saw a card (a Pontoon banker alone, say)
    commits to the deal and proves nothing: not ``ok``, but its verdict is ``nothing shown``,
    not ``failed`` (nothing in it is false)."""

    checked: int = 0
    commitments: list[dict[str, Any]] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.checked > 0 and not self.failures

    @property
    def said(self) -> str:
        """``verified``, ``nothing shown`` (a commitment, no proof, nothing false) or
        ``failed``."""
        if self.ok:
            return "verified"
        return "nothing shown" if self.commitments and not self.failures else "failed"

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "verdict": self.said,
            "proofs_checked": self.checked,
            "commitments": self.commitments,
            "failures": self.failures,
        }


def check_text(text: str) -> Verdict:
    """Check a deal file's text."""
    verdict = Verdict()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        verdict.failures.append({"reason": "not_toml", "detail": str(exc)})
        return verdict
    return check_data(data)


def check_data(data: dict[str, Any]) -> Verdict:
    """Check the ``commitments`` of a parsed deal file."""
    verdict = Verdict()
    commitments = data.get("commitments")
    if not isinstance(commitments, list) or not commitments:
        verdict.failures.append({"reason": "no_commitments"})
        return verdict
    for index, entry in enumerate(commitments):
        _check_commitment(verdict, index, entry)
    return verdict


def _check_commitment(verdict: Verdict, index: int, entry: Any) -> None:
    where = {"commitment": index}
    if not isinstance(entry, dict):
        verdict.failures.append({**where, "reason": "bad_commitment"})
        return
    label = entry.get("label", str(index))
    fingerprint = entry.get("fingerprint")
    count = entry.get("cards")
    if entry.get("scheme") != SCHEME:
        verdict.failures.append({**where, "reason": "unknown_scheme"})
        return
    if not isinstance(fingerprint, str) or not isinstance(count, int):
        verdict.failures.append({**where, "reason": "bad_commitment"})
        return
    reveals = entry.get("reveals", [])
    seen: list[str] = []
    for reveal in reveals if isinstance(reveals, list) else [None]:
        proof = _proof(reveal)
        verdict.checked += 1
        if proof is None:
            verdict.failures.append({**where, "label": label, "reason": "bad_proof"})
        elif not verify(fingerprint, count, proof):
            verdict.failures.append(
                {
                    **where,
                    "label": label,
                    "position": proof.position,
                    "card": proof.card,
                    "reason": "proof_does_not_match",
                }
            )
        else:
            seen.append(f"{proof.position}:{proof.card}")
    summary: dict[str, Any] = {"label": label}
    if isinstance(entry.get("rule"), str):
        summary["rule"] = entry["rule"]
    verdict.commitments.append(
        {**summary, "fingerprint": short(fingerprint), "cards": count, "proved": seen}
    )


def _proof(reveal: Any) -> Proof | None:
    if not isinstance(reveal, dict):
        return None
    position, card = reveal.get("position"), reveal.get("card")
    salt, path = reveal.get("salt"), reveal.get("path")
    if (
        not isinstance(position, int)
        or not isinstance(card, str)
        or not isinstance(salt, str)
        or not isinstance(path, list)
        or not all(isinstance(h, str) for h in path)
    ):
        return None
    return Proof(position=position, card=card, salt=salt, path=tuple(path))

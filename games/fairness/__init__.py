"""Deals anyone can check: the commitment of a deck order (a salted Merkle tree over its
positions), the proof of each card someone saw, and the check of a deal file's proofs.

Standard library only, so that ``python -m games.fairness verify FILE`` runs anywhere; the byte
layout is in :mod:`games.fairness._tree` and in the README ("Deals anyone can check").

>>> c = Commitment(["As", "Kd", "10h"], bytes(16))
>>> proof = c.prove(2)
>>> verify(c.fingerprint, 3, proof), proof.card
(True, '10h')
>>> verify(c.fingerprint, 3, Proof(2, "Qh", proof.salt, proof.path))
False
"""

from games.fairness._file import Verdict, check_data, check_text
from games.fairness._record import proofs_of
from games.fairness._toml import dumps
from games.fairness._tree import (
    SCHEME,
    SHORT_HEX,
    Commitment,
    Proof,
    leaf_hash,
    new_secret,
    node_hash,
    proof_from_leaves,
    root_from_proof,
    root_hash,
    salt_for,
    short,
    verify,
)

__all__ = [
    "SCHEME",
    "SHORT_HEX",
    "Commitment",
    "Proof",
    "Verdict",
    "check_data",
    "check_text",
    "dumps",
    "leaf_hash",
    "new_secret",
    "node_hash",
    "proof_from_leaves",
    "proofs_of",
    "root_from_proof",
    "root_hash",
    "salt_for",
    "short",
    "verify",
]

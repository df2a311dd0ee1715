"""The commitment of a deck order: a Merkle tree over its positions.

A table shows the tree's root (the *fingerprint*) before the first card, and every card that
someone then sees comes with its *inclusion proof*: the card's own salt and the sibling hashes
on the way up. Anyone can recompute the root from those and nothing else, so the card was in
that position when the fingerprint was shown; the hidden cards stay hidden because each leaf
has its own 128-bit salt, which is published only with its own card.

Byte layout (scheme ``parlour-deck-v1``; every hash is SHA-256, integers big-endian):

* leaf of position ``p`` (0 = the top card) holding card code ``c`` (ASCII, ``"As"``,
  ``"10h"``) with salt ``s`` (16 bytes)::

      leaf = H(0x00 || p as 2 bytes || len(c) as 1 byte || c || s)

* inner node over a left and right child (32 bytes each)::

      node = H(0x01 || left || right)

* a level with an odd number of nodes passes its last node up unchanged (it is not hashed with
  itself, so no two different decks share a tree);
* the fingerprint binds the number of cards ``n`` to the top node::

      fingerprint = H(0x02 || n as 2 bytes || top)

The leading byte separates the three kinds of hash, so a leaf can never pass for a node. A
proof lists the sibling hashes from the leaf upwards; which side each sits on, and at which
levels there is none, follows from ``p`` and ``n`` alone, so a proof moved to another position
fails.

Salts: one secret per commitment, and the salt of position ``p`` is the first 16 bytes of
``HMAC-SHA256(secret, "parlour-deck-salt" || p as 2 bytes)``. Publishing one position's salt
tells nothing of another's (without salts a leaf of a hidden card could be guessed among 52).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

SCHEME = "parlour-deck-v1"
"""The name of this byte layout, written beside every commitment."""
SALT_BYTES = 16
SECRET_BYTES = 16
SHORT_HEX = 12
"""Hex digits of the fingerprint a table shows (48 bits: enough for a person to compare)."""
MAX_CARDS = 0xFFFF

LEAF = b"\x00"
NODE = b"\x01"
ROOT = b"\x02"
SALT_LABEL = b"parlour-deck-salt"


def new_secret() -> bytes:
    """A commitment's secret, from the operating system's generator (never the game RNG,
    whose seed a snapshot holds)."""
    return secrets.token_bytes(SECRET_BYTES)


def salt_for(secret: bytes, position: int) -> bytes:
    """The salt of one position, derived from the commitment's secret."""
    digest = hmac.new(secret, SALT_LABEL + _u16(position), hashlib.sha256).digest()
    return digest[:SALT_BYTES]


def leaf_hash(position: int, card: str, salt: bytes) -> bytes:
    """The leaf of ``card`` at ``position`` (layout in the module docstring)."""
    code = card.encode("ascii")
    if not 0 < len(code) < 256:
        raise ValueError("card code must be 1..255 ASCII bytes")
    if len(salt) != SALT_BYTES:
        raise ValueError(f"salt must be {SALT_BYTES} bytes")
    return hashlib.sha256(LEAF + _u16(position) + bytes([len(code)]) + code + salt).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """An inner node over two children."""
    return hashlib.sha256(NODE + left + right).digest()


def root_hash(count: int, top: bytes) -> bytes:
    """The fingerprint: the top node bound to the number of cards."""
    return hashlib.sha256(ROOT + _u16(count) + top).digest()


def short(fingerprint_hex: str) -> str:
    """What a table shows of a fingerprint."""
    return fingerprint_hex[:SHORT_HEX]


@dataclass(frozen=True)
class Proof:
    """What shows that ``card`` was at ``position`` of a committed order of ``count`` cards."""

    position: int
    card: str
    salt: str
    """Hex of the position's 16-byte salt."""
    path: tuple[str, ...]
    """Hex of the sibling hashes, leaf level first."""

    def as_dict(self) -> dict[str, object]:
        return {
            "position": self.position,
            "card": self.card,
            "salt": self.salt,
            "path": list(self.path),
        }


class Commitment:
    """A committed deck order: the tree, with the secret that opens any one position."""

    def __init__(self, cards: Sequence[str], secret: bytes) -> None:
        if not 0 < len(cards) <= MAX_CARDS:
            raise ValueError("a commitment holds 1..65535 cards")
        self.cards = tuple(cards)
        self.secret = secret
        leaves = [leaf_hash(p, c, salt_for(secret, p)) for p, c in enumerate(self.cards)]
        self._levels = _levels(leaves)
        self.root = root_hash(len(self.cards), self._levels[-1][0])

    @property
    def fingerprint(self) -> str:
        """The full hex of the root."""
        return self.root.hex()

    @property
    def short(self) -> str:
        return short(self.fingerprint)

    @property
    def leaves(self) -> str:
        """Every leaf hash in position order, base64 (a stored record's largest part: two
        thirds of hex's size): with the salts of the shown positions,
        enough to make their proofs again (:func:`proof_from_leaves`) without the secret; a
        leaf tells nothing of its card without that position's salt."""
        return base64.b64encode(b"".join(self._levels[0])).decode("ascii")

    def prove(self, position: int) -> Proof:
        """The proof of one position (publishing it reveals that card and nothing else)."""
        if not 0 <= position < len(self.cards):
            raise IndexError(position)
        return Proof(
            position=position,
            card=self.cards[position],
            salt=salt_for(self.secret, position).hex(),
            path=_path(self._levels, position),
        )


def proof_from_leaves(leaves: str, position: int, card: str, salt_hex: str) -> Proof:
    """A proof made again from a commitment's leaf hashes (:attr:`Commitment.leaves`)."""
    raw = base64.b64decode(leaves, validate=True)
    hashes = [raw[i : i + 32] for i in range(0, len(raw), 32)]
    if not 0 <= position < len(hashes):
        raise IndexError(position)
    return Proof(position=position, card=card, salt=salt_hex, path=_path(_levels(hashes), position))


def root_from_proof(
    count: int, position: int, card: str, salt: bytes, path: Sequence[bytes]
) -> bytes:
    """The fingerprint the proof leads to (equal to the committed one when it holds)."""
    if not 0 <= position < count <= MAX_CARDS:
        raise ValueError("position outside the committed cards")
    node = leaf_hash(position, card, salt)
    steps = iter(path)
    index, width = position, count
    while width > 1:
        sibling = _sibling(index, width)
        if sibling is not None:
            other = next(steps, None)
            if other is None:
                raise ValueError("proof too short")
            node = node_hash(other, node) if sibling < index else node_hash(node, other)
        index //= 2
        width = (width + 1) // 2
    if next(steps, None) is not None:
        raise ValueError("proof too long")
    return root_hash(count, node)


def verify(fingerprint_hex: str, count: int, proof: Proof) -> bool:
    """Whether ``proof`` shows its card at its position of the committed order."""
    try:
        salt = bytes.fromhex(proof.salt)
        path = [bytes.fromhex(h) for h in proof.path]
        if any(len(h) != 32 for h in path):
            return False
        got = root_from_proof(count, proof.position, proof.card, salt, path)
    except (ValueError, UnicodeEncodeError):
        return False
    return got.hex() == fingerprint_hex.lower()


def _path(levels: list[list[bytes]], position: int) -> tuple[str, ...]:
    path: list[str] = []
    index = position
    for level in levels[:-1]:
        sibling = _sibling(index, len(level))
        if sibling is not None:
            path.append(level[sibling].hex())
        index //= 2
    return tuple(path)


def _levels(leaves: list[bytes]) -> list[list[bytes]]:
    levels = [leaves]
    while len(levels[-1]) > 1:
        level = levels[-1]
        up = [node_hash(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            up.append(level[-1])
        levels.append(up)
    return levels


def _sibling(index: int, width: int) -> int | None:
    """The sibling's index at a level of ``width`` nodes, or None for a promoted last node."""
    if index % 2:
        return index - 1
    return index + 1 if index + 1 < width else None


def _u16(value: int) -> bytes:
    return value.to_bytes(2, "big")

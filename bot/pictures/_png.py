"""A PNG written in bands of rows, so that re-encoding a picture costs only its changed rows.

A PNG's pixels are one zlib stream of its rows. Here each band of ``BAND`` rows is deflated on
its own and ends with a sync flush (no reference reaches into another band), so a band's
bytes depend on that band's rows alone: a picture that changed in two places re-deflates the
bands those places touch and reuses the others' bytes as they were. The stream's checksum
(Adler-32) is combined from the bands' own, as zlib's ``adler32_combine`` does.

The rows are palette indices (colour type 3, 8 bits) with filter type 0: the pictures are a
few flat colours and their anti-aliased blends, and a band of such rows deflates to a few
hundred bytes at ISA-L's fast level (the settings were chosen by ``bench.render``'s
measurements: see ``BAND`` and ``LEVEL``).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from dataclasses import dataclass

from isal import isal_zlib

BAND = 32
"""Rows per band. Smaller bands re-encode fewer rows around a change but compress worse and
cost more calls: ``python -m bench.render --encoders`` found 8, 16 and 32 rows about as fast
per update on the largest Palace table, and 32 the smallest (37 KB a picture, 16: 40, 8: 43)."""

LEVEL = 1
"""ISA-L's level (0 to 3), by the same measurement: 1 and 2 as fast and as small, 0 ~12%
faster for ~30% more bytes, 3 ~50% slower. ISA-L deflates these rows ~2.5x as fast as zlib
at its level 1 to the same size (zlib-ng's level 1: as fast, 25% bigger)."""

_MOD = 65521
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_LAST = b"\x03\x00"
"""An empty final deflate block (fixed Huffman codes): the end of the stream."""


@dataclass(frozen=True, slots=True)
class Encoding:
    """How the bands are made: ``rows`` per band, deflated at ``level``."""

    rows: int = BAND
    level: int = LEVEL


@dataclass(frozen=True, slots=True)
class Band:
    """One band's deflated rows and the Adler-32 and length of its raw rows."""

    data: bytes
    adler: int
    length: int
    digest: bytes
    """A hash of ``data``: a file's digest is made of its bands' (``digest``), so a picture
    that changed in a few bands hashes those bands' bytes only."""


def band(raw: bytes | memoryview, level: int = LEVEL) -> Band:
    """Deflate one band's raw rows (each a filter byte, then the indices). The checksums are
    ISA-L's too: the same numbers as zlib's, several times faster."""
    packer = isal_zlib.compressobj(level, isal_zlib.DEFLATED, -15)
    data = packer.compress(raw) + packer.flush(isal_zlib.Z_SYNC_FLUSH)
    return Band(data, isal_zlib.adler32(raw), len(raw), _hash(data).digest())


def rows(data: Band) -> bytes:
    """A band's raw rows back (ended by an empty final block, the band inflates in one call)."""
    return isal_zlib.decompress(data.data + _LAST, -15)


def _combine(first: int, second: int, length: int) -> int:
    """The Adler-32 of two byte strings one after the other (zlib's ``adler32_combine``)."""
    rem = length % _MOD
    a1, b1 = first & 0xFFFF, first >> 16
    a2, b2 = second & 0xFFFF, second >> 16
    a = (a1 + a2 + _MOD - 1) % _MOD
    b = (rem * a1 + b1 + b2 + _MOD - rem) % _MOD
    return a | (b << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", isal_zlib.crc32(body))


def header(width: int, height: int, palette: bytes) -> bytes:
    """Everything before the pixels: the signature, the size and the palette (RGB triples)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return _SIGNATURE + _chunk(b"IHDR", ihdr) + _chunk(b"PLTE", palette)


def digest(head: bytes, bands: Sequence[Band]) -> str:
    """A hash of the file ``png(head, bands)`` makes: of its head and its bands' hashes, which
    fix the rest of the file (the stream's checksum is the bands')."""
    return _hash(head + b"".join(b.digest for b in bands)).hexdigest()


def _hash(data: bytes) -> hashlib.blake2b:
    return hashlib.blake2b(data, digest_size=16)


def png(head: bytes, bands: Sequence[Band]) -> bytes:
    """The file: ``head`` (see ``header``), the bands as one zlib stream, the end."""
    adler = 1
    for one in bands:
        adler = _combine(adler, one.adler, one.length)
    stream = b"".join([b"\x78\x01", *(b.data for b in bands), _LAST, struct.pack(">I", adler)])
    return head + _chunk(b"IDAT", stream) + _chunk(b"IEND", b"")

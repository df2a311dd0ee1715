"""``python -m games.fairness verify FILE``: check a deal file's proofs (standard library only).

Prints one JSON line (``"verdict": "verified"``, ``"nothing shown"`` for a file whose reader
saw no card of the deal, or ``"failed"``; what was proved, what failed) and exits 0 when every
proof holds, 1 otherwise (or when the file proves nothing)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from games.fairness._file import check_text

USAGE = "usage: python -m games.fairness verify FILE"


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "verify":
        print(USAGE, file=sys.stderr)
        return 2
    try:
        text = Path(argv[1]).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(json.dumps({"ok": False, "verdict": "failed", "error": str(exc)}))
        return 1
    verdict = check_text(text)
    print(json.dumps(verdict.as_dict(), ensure_ascii=False))
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""``python -m storage audit DB`` and ``python -m storage backup DB DEST``; DB is a SQLite file
or a ``postgresql://`` URL (backed up by ``pg_dump`` in its custom format)."""

from __future__ import annotations

import argparse
import sys

from storage.audit import audit_target, backup_target


def main(argv: list[str] | None = None) -> int:
    """Run one command; ``audit`` exits 1 when the chips do not add up."""
    parser = argparse.ArgumentParser(prog="python -m storage")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("audit", help="check the chip invariant; prints one JSON line")
    check.add_argument("db")
    copy = sub.add_parser("backup", help="consistent copy (SQLite's online backup API, or pg_dump)")
    copy.add_argument("db")
    copy.add_argument("dest")
    args = parser.parse_args(argv)
    if args.command == "audit":
        result = audit_target(args.db)
        print(result.to_json())
        return 0 if result.ok else 1
    backup_target(args.db, args.dest)
    print(f"backed up {args.db} to {args.dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``python -m storage audit DB`` (a SQLite file or a ``postgresql://`` URL) and
``python -m storage backup DB DEST`` (SQLite; PostgreSQL backs up with ``pg_dump``)."""

from __future__ import annotations

import argparse
import sys

from storage.audit import audit_target, backup_file


def main(argv: list[str] | None = None) -> int:
    """Run one command; ``audit`` exits 1 when the chips do not add up."""
    parser = argparse.ArgumentParser(prog="python -m storage")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("audit", help="check the chip invariant; prints one JSON line")
    check.add_argument("db")
    copy = sub.add_parser("backup", help="consistent copy with SQLite's online backup API")
    copy.add_argument("db")
    copy.add_argument("dest")
    args = parser.parse_args(argv)
    if args.command == "audit":
        result = audit_target(args.db)
        print(result.to_json())
        return 0 if result.ok else 1
    backup_file(args.db, args.dest)
    print(f"backed up {args.db} to {args.dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

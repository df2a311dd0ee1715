"""A throwaway PostgreSQL server for the test suite (``dev.py check``) and the benchmarks.

The server is this machine's own PostgreSQL binaries (``initdb``, ``pg_ctl``), initialised into
a fresh temporary folder, listening on a unix socket in that folder only (no TCP port, so two
checks running side by side cannot collide and nothing outside the machine can reach it), and
removed again when the ``with`` block ends, also on an error or Ctrl-C. PostgreSQL refuses to
run as root, and CI runs as root: then the server runs as ``nobody``, which owns the folder.

Only the standard library is used: ``dev.py`` imports this before anything is installed.

    with server(required=os.environ.get("CI") == "true") as url:
        ...  # url: "postgresql://parlour@/postgres?host=/tmp/...", or None when unavailable

``python3 dev_postgres.py CMD ...`` runs one command with ``PARLOUR_TEST_POSTGRES_URL`` set (for
``bench.ledger --database``).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

URL_VARIABLE = "PARLOUR_TEST_POSTGRES_URL"
USER = "parlour"
"""The superuser's name inside the throwaway cluster (not a system account)."""

RUN_AS_WHEN_ROOT = "nobody"

# Speed over durability for tests (a crash loses a throwaway database); the benchmark asks for
# the durable defaults so its numbers mean what a production server would do.
_FAST = ("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")


class Unavailable(RuntimeError):
    """No PostgreSQL binaries on this machine (or they would not start)."""


def find_binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``: ``$PARLOUR_PG_BIN``, else version 15 of
    the Debian layout, else the newest version installed there."""
    configured = os.environ.get("PARLOUR_PG_BIN")
    candidates = [Path(configured)] if configured else []
    root = Path("/usr/lib/postgresql")
    if not configured and root.is_dir():
        versions = sorted(
            (p for p in root.iterdir() if p.name.isdigit()), key=lambda p: -int(p.name)
        )
        candidates += [root / "15" / "bin", *(v / "bin" for v in versions)]
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


def _account() -> pwd.struct_passwd | None:
    """Whom the server runs as: ``None`` (ourselves) unless we are root."""
    return pwd.getpwnam(RUN_AS_WHEN_ROOT) if os.geteuid() == 0 else None


def _run(args: list[str], account: pwd.struct_passwd | None, cwd: Path) -> None:
    uid, gid = (None, None) if account is None else (account.pw_uid, account.pw_gid)
    extra = None if account is None else ()  # drop root's supplementary groups too
    done = subprocess.run(  # noqa: S603 - our own binaries and arguments
        args,
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
        user=uid,
        group=gid,
        extra_groups=extra,
    )
    if done.returncode != 0:
        raise Unavailable(f"{Path(args[0]).name} failed ({done.returncode}): {done.stderr}")


def install() -> None:
    """``apt-get install -y postgresql`` (CI runs as root on a Debian machine without it)."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return
    print("Installing PostgreSQL (apt-get install -y postgresql) ...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-q"], check=False, env=env)  # noqa: S607
    subprocess.run(["apt-get", "install", "-y", "-q", "postgresql"], check=False, env=env)  # noqa: S607


@contextlib.contextmanager
def server(
    *, required: bool, durable: bool = False, may_install: bool = False
) -> Iterator[str | None]:
    """Start a throwaway server and yield its URL; stop and delete it when the block ends.

    Without binaries it installs them when ``may_install`` (and nothing names the binaries'
    folder), then yields ``None``, or raises :class:`Unavailable` when ``required`` (CI: a
    missing PostgreSQL is a failure, not a skip)."""
    binaries = find_binaries()
    if binaries is None and may_install and not os.environ.get("PARLOUR_PG_BIN"):
        install()
        binaries = find_binaries()
    if binaries is None:
        if required:
            raise Unavailable(
                "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): "
                "apt-get install -y postgresql, or set PARLOUR_PG_BIN"
            )
        yield None
        return
    account = _account()
    folder = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
    data = folder / "data"
    started = False
    try:
        if account is not None:
            os.chown(folder, account.pw_uid, account.pw_gid)
        _run(
            [
                str(binaries / "initdb"),
                "-D",
                str(data),
                "-U",
                USER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
            account,
            folder,
        )
        options = [
            "-c",
            "listen_addresses=",
            "-c",
            f"unix_socket_directories={folder}",
            "-c",
            "max_connections=200",
            *(() if durable else _FAST),
        ]
        started = True
        _run(
            [
                str(binaries / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(folder / "server.log"),
                "-w",
                "-o",
                shlex.join(options),
                "start",
            ],
            account,
            folder,
        )
        yield f"postgresql://{USER}@/postgres?host={folder}"
    finally:
        if started:
            with contextlib.suppress(Unavailable):
                _run(
                    [str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                    account,
                    folder,
                )
        shutil.rmtree(folder, ignore_errors=True)


def stop_on_sigterm() -> None:
    """SIGTERM (a cancelled CI job) unwinds like Ctrl-C, so the server is stopped and its
    folder removed rather than left running."""
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))


def main(argv: list[str]) -> int:
    """Run ``argv`` with a durable throwaway server's URL in ``$PARLOUR_TEST_POSTGRES_URL``."""
    if not argv:
        print("usage: python3 dev_postgres.py COMMAND [ARGS...]", file=sys.stderr)
        return 2
    stop_on_sigterm()
    with server(required=True, durable=True) as url:
        assert url is not None  # noqa: S101 - required=True raises instead
        env = {**os.environ, URL_VARIABLE: url}
        return subprocess.run(argv, env=env, check=False).returncode  # noqa: S603


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

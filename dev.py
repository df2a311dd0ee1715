"""One entry point for a fresh machine that has only Python 3.11+.

``python3 dev.py run`` sets up ``.venv`` with the project and its ``sandbox`` extra (no dev tools)
and runs the bot; ``python3 dev.py check`` sets up ``.venv`` with the ``dev`` extra and runs every
check (ruff, mypy --strict, pytest, the latter with a throwaway PostgreSQL server from
``dev_postgres``). Set-up is skipped when
``pyproject.toml`` has not changed since the last install, so repeated runs start at once.

Only the standard library is used here: this file runs before anything is installed.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import dev_postgres

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".parlour-setup-stamp"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")

PACKAGES = ["bot", "sandbox", "services", "storage", "games"]

# pytest-xdist workers: the e2e tests mostly wait (on the fake, on Discord's rate limits), so
# more workers than this machine's 2 cores help; measured in issue 28 (see its closing note).
WORKERS = "8"

# What `check` runs beside pytest, one after another; each runs even when an earlier one fails,
# so one run shows every problem. They take about 25 s of CPU (mypy most of it, without its cache
# in a fresh clone) that pytest's workers, waiting on the fake, leave free.
STATIC: list[tuple[str, list[str]]] = [
    ("ruff lint", ["-m", "ruff", "check", "."]),
    ("ruff format", ["-m", "ruff", "format", "--check", "."]),
    ("mypy --strict", ["-m", "mypy", *PACKAGES, "tests", "bench", "dev.py", "dev_postgres.py"]),
    (
        "import-linter (layers, no cycles)",
        ["-c", "from importlinter.cli import lint_imports_command as c; c(['--no-cache'])"],
    ),
]
PYTEST = ["-m", "pytest", "-n", WORKERS, "--dist", "loadgroup", "--durations=10"]
# One collection before the workers start compiles the sources and pytest's rewritten test
# modules once; each worker collects the whole suite and then reads them (measured: 15 s of CPU
# to collect without bytecode, 5 s with it, times 8 workers).
WARM = ["-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", "-p", "no:cacheprovider"]


def _setup(extra: str) -> None:
    """Create the virtual environment and install the project with ``extra``: ``sandbox`` to
    run (the fake Discord's validator, no dev tools), ``dev`` to check (everything)."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this file runs on any python3
        sys.exit(f"Parlour needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    wanted = f"{extra} {digest}"
    done = STAMP.read_text() if STAMP.exists() else ""
    # A dev install contains the sandbox one, so `run` after `check` installs nothing.
    if PYTHON.exists() and (done == wanted or (extra == "sandbox" and done == f"dev {digest}")):
        return
    if not PYTHON.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    what = "its development tools" if extra == "dev" else "the sandbox"
    print(f"Installing Parlour and {what} into .venv ...", flush=True)
    _install(f"{ROOT}[{extra}]")
    STAMP.write_text(wanted)


def _install(spec: str) -> None:
    """Install ``spec`` editable with uv, or with pip where uv cannot be had.

    uv resolves the same releases as pip (compared package by package in issue 28) and installs
    them in seconds: a fresh clone's whole set-up took 71 s with pip (56 s of CPU, pip compiling
    every module of every package to bytecode and fetching each package again) and 16 s with uv
    (the venv 7 s, pip fetching uv 4 s, uv installing everything 4 s); uv leaves the compiling
    to the first import (the check's warming collection does it for what the tests use)."""
    pip = [str(PYTHON), "-m", "pip", "--disable-pip-version-check", "-q"]
    uv = BIN / ("uv.exe" if os.name == "nt" else "uv")
    try:
        subprocess.run([*pip, "install", "uv>=0.5"], check=True, cwd=ROOT)
        subprocess.run(
            [str(uv), "pip", "install", "-q", "--python", str(PYTHON), "-e", spec],
            check=True,
            cwd=ROOT,
        )
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"uv could not install ({error}); pip instead, which takes longer.", flush=True)
        subprocess.run([*pip, "install", "-e", spec], check=True, cwd=ROOT)


def _pytest(env: dict[str, str]) -> int:
    """pytest with a throwaway PostgreSQL server for the tests of that backend, stopped after
    (also on a failure or Ctrl-C). Under CI a missing PostgreSQL fails the check; elsewhere
    those tests skip and say why. The collection that warms the bytecode runs while the
    server starts."""
    in_ci = os.environ.get("CI", "").lower() == "true"
    dev_postgres.stop_on_sigterm()
    warm = subprocess.Popen(
        [str(PYTHON), *WARM],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        with dev_postgres.server(required=in_ci, may_install=in_ci) as url:
            env = dict(env)
            warm.wait()
            if url is None:
                print("No PostgreSQL here: its tests skip (CI fails instead).", flush=True)
            else:
                env[dev_postgres.URL_VARIABLE] = url
            return subprocess.run([str(PYTHON), *PYTEST], cwd=ROOT, env=env, check=False).returncode
    except dev_postgres.Unavailable as error:
        print(f"PostgreSQL for the tests: {error}", flush=True)
        return 1
    finally:
        warm.wait()


def _static(env: dict[str, str]) -> list[tuple[str, int, str]]:
    """Each static check's name, exit code and output, run one after another."""
    done = []
    for name, args in STATIC:
        run = subprocess.run(
            [str(PYTHON), *args],
            cwd=ROOT,
            env=env,
            check=False,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        done.append((name, run.returncode, run.stdout))
    return done


def _check() -> int:
    """The static checks in a thread beside pytest (their output is printed after pytest's),
    then one verdict for all of them."""
    # The sources are compiled once and read by every worker and every bot process the tests
    # start, also where the environment says not to write bytecode (``__pycache__`` is ignored
    # by git); without it each process compiles the project again.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with ThreadPoolExecutor(max_workers=1) as pool:
        static = pool.submit(_static, env)
        print("\n=== pytest (ruff, format, mypy and import-linter run beside it) ===", flush=True)
        code = _pytest(env)
        results = [*static.result(), ("pytest", code, "")]
    failed = []
    for name, code, output in results:
        if name != "pytest":
            print(f"\n=== {name} ===\n{output}", end="", flush=True)
        if name == "pytest" and code == 5:
            print("pytest collected no tests: that is a failure here.", flush=True)
        if code != 0:
            failed.append(name)
    print()
    if failed:
        print(f"FAILED: {', '.join(failed)}", flush=True)
        return 1
    print("All checks passed.", flush=True)
    return 0


def main(argv: list[str]) -> int:
    """Dispatch ``run`` (with the bot's own arguments after it) or ``check``."""
    if not argv or argv[0] not in {"run", "check", "setup"}:
        print("usage: python3 dev.py run [bot options] | check | setup", file=sys.stderr)
        return 2
    _setup("sandbox" if argv[0] == "run" else "dev")
    if argv[0] == "setup":
        return 0
    if argv[0] == "check":
        return _check()
    return subprocess.run(
        [str(PYTHON), "-m", "sandbox", *argv[1:]], cwd=ROOT, check=False
    ).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""``make stress``: every check of this package in turn, each section of figures printed and written to
``stress/REPORT.md`` with the date and the machine. Exit status 1 if any check failed.

``python -m stress`` runs them all; ``python -m stress NAME ...`` only those named.
"""

from __future__ import annotations

import contextlib
import datetime
import importlib
import io
import os
import pkgutil
import platform
import sys
import time
from pathlib import Path

import stress

REPORT = Path(__file__).with_name("REPORT.md")
_NOT_CHECKS = frozenset({"server", "load"})


def _checks() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(stress.__path__) if m.name not in _NOT_CHECKS
                  and not m.name.startswith("_"))


def main(argv: list[str]) -> int:
    names = argv or _checks()
    unknown = sorted(set(names) - set(_checks()))
    if unknown:
        print(f"unknown checks: {', '.join(unknown)}; known: {', '.join(_checks())}", file=sys.stderr)
        return 2
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    sections = [f"# Stress report\n\n{now}, {os.cpu_count()} CPUs, {platform.machine()}, Python "
                f"{platform.python_version()}; `make stress` (checks: {', '.join(names)}).\n"]
    failed = []
    for name in names:
        started = time.monotonic()
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                status = importlib.import_module(f"stress.{name}").main()
        except Exception as exc:  # a check that crashed has failed; the others still run
            status = 1
            out.write(f"### {name}\n\n- crashed: {exc!r}\n")
        text = out.getvalue().rstrip() + f"\n\n({name}: {time.monotonic() - started:.0f} s, " \
            f"{'pass' if status == 0 else 'FAIL'})\n"
        print(text, flush=True)
        sections.append(text)
        if status != 0:
            failed.append(name)
    REPORT.write_text("\n".join(sections))
    print(f"stress: {len(names) - len(failed)} passed, {len(failed)} failed" + (f" ({', '.join(failed)})"
                                                                                 if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""How many random cases the long checks draw: a reduced sample in the normal suite, the full one under ``make stress``.

The differential, oracle and fuzz tests (marked ``slow``) take their counts from :func:`samples`. ``make test`` runs
them on the reduced sample; ``stress/deep_tests.py`` (part of ``make stress``) runs ``pytest -m "slow or hypothesis"``
with ``SHOWDOWN_DEEP=1``, which selects the full counts and the random ``deep`` hypothesis profile
(``tests/conftest.py``).
"""

from __future__ import annotations

import os
from typing import Final

__all__ = ["DEEP", "samples"]

#: True when ``SHOWDOWN_DEEP`` is set to anything but ``""`` or ``"0"``.
DEEP: Final = os.environ.get("SHOWDOWN_DEEP", "0") not in ("", "0")


def samples(normal: int, deep: int) -> int:
    """``deep`` under ``SHOWDOWN_DEEP=1``, else ``normal``."""
    return deep if DEEP else normal

"""Is the database file sound? SQLite's own checks (https://www.sqlite.org/pragma.html#pragma_quick_check).

``quick_check`` walks every page of every table and index (O(N)); ``integrity_check`` also matches every
index against its table (O(N log N)). The bot runs the quick one at start-up, stopped after a time cap
through SQLite's progress handler so a very large file does not hold the start for long; ``python -m bot
check`` and ``python -m bot migrate`` run the full one to its end.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

# At most this many of SQLite's complaints are read (the first says enough; a wrecked file has thousands).
MAX_PROBLEMS = 10
# The progress handler runs every this many virtual-machine instructions (well under a millisecond).
_PROGRESS_STEPS = 10_000


@dataclass(frozen=True)
class CheckResult:
    problems: tuple[str, ...]  # SQLite's complaints; empty when the file is sound as far as checked
    finished: bool  # False when the time cap stopped the check first
    seconds: float

    @property
    def sound(self) -> bool:
        return not self.problems


def check_file(path: str | Path, *, full: bool = False, seconds: float | None = None) -> CheckResult:
    """Run ``integrity_check`` (``full``) or ``quick_check`` on the existing file at ``path``, for at most
    ``seconds`` (None: to the end). A file SQLite cannot read at all is a problem too, not an exception."""
    if not Path(path).is_file():
        raise FileNotFoundError(f"No database at {path}.")
    start = time.monotonic()
    capped = False

    def past_the_cap() -> int:
        nonlocal capped
        capped = seconds is not None and time.monotonic() - start > seconds
        return int(capped)  # non-zero interrupts the statement

    pragma = "integrity_check" if full else "quick_check"
    problems: tuple[str, ...] = ()
    conn = sqlite3.connect(str(path))
    try:
        conn.set_progress_handler(past_the_cap, _PROGRESS_STEPS)
        rows = conn.execute(f"PRAGMA {pragma}({MAX_PROBLEMS})").fetchall()
        problems = tuple(str(r[0]) for r in rows if r[0] != "ok")
    except sqlite3.OperationalError:
        if not capped:  # locked, unreadable: not damage, the caller says what it is
            raise
    except sqlite3.DatabaseError as exc:  # "file is not a database", "database disk image is malformed"
        problems = (str(exc),)
    except UnicodeDecodeError:  # SQLite's message quotes damaged schema text that is not UTF-8
        problems = ("malformed database schema (damaged text, not UTF-8)",)
    finally:
        conn.close()
    return CheckResult(problems, not capped, time.monotonic() - start)

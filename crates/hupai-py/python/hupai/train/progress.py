"""A progress bar on standard error, written in place when it is a terminal and as whole
lines otherwise (a log file), so a long run shows where it is and what its figures are."""

from __future__ import annotations

import sys
import time
from typing import Any


class Bar:
    """``Bar(total, label)``; ``update(n, **figures)`` after each step, ``close()`` at the end."""

    def __init__(self, total: int, label: str, every: float = 2.0) -> None:
        self.total, self.label, self.every = max(total, 1), label, every
        self.done = 0
        self.t0 = time.perf_counter()
        self.last = 0.0
        self.tty = sys.stderr.isatty()
        self.figures: dict[str, Any] = {}

    def update(self, n: int = 1, **figures: Any) -> None:
        self.done += n
        self.figures.update(figures)
        now = time.perf_counter()
        if now - self.last >= (0.2 if self.tty else self.every) or self.done >= self.total:
            self.last = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        frac = min(self.done / self.total, 1.0)
        width = 24
        filled = int(frac * width)
        bar = "#" * filled + "." * (width - filled)
        elapsed = now - self.t0
        eta = elapsed / frac - elapsed if frac > 0 else 0.0
        figs = " ".join(f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}" for k, v in self.figures.items())
        line = f"{self.label} [{bar}] {self.done}/{self.total} {elapsed:.0f}s<{eta:.0f}s {figs}"
        if self.tty:
            sys.stderr.write("\r" + line[:200] + "\x1b[K")
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()

    def close(self) -> None:
        self._draw(time.perf_counter())
        if self.tty:
            sys.stderr.write("\n")
        sys.stderr.flush()

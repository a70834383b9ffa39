"""Java ``java.util.concurrent.atomic.LongAdder``, as RocketMQ's statistics use it: a counter that many threads add
to and that a reader sums."""
from __future__ import annotations

import threading
from typing import Dict, List

__all__ = ["LongAdder"]

_get_ident = threading.get_ident


class LongAdder:
    """Each thread adds into a cell of its own, so that an add takes no lock and loses nothing (a ``+=`` on a shared
    int from several threads can); :meth:`sum` adds the cells up. A cell is kept for every thread that added (a
    pool's threads: a bounded number)."""

    __slots__ = ("_cells",)

    def __init__(self) -> None:
        self._cells: Dict[int, List[int]] = {}  # thread ident -> [value]

    def add(self, x: int) -> None:
        """Java ``add``."""
        cell = self._cells.get(_get_ident())
        if cell is None:
            cell = self._cells.setdefault(_get_ident(), [0])
        cell[0] += x

    def increment(self) -> None:
        """Java ``increment``."""
        self.add(1)

    def sum(self) -> int:
        """Java ``sum``: the total of every add so far (adds running meanwhile may or may not be in it)."""
        return sum(cell[0] for cell in tuple(self._cells.values()))

    def long_value(self) -> int:
        """Java ``longValue``: :meth:`sum`."""
        return self.sum()

    def __int__(self) -> int:
        return self.sum()

    def __repr__(self) -> str:
        return str(self.sum())

"""What makes a tap cheap, beside the log's plain path (log.py): the same behaviour, fast.

path.py is the fast implementation of ``log.Path``; its parts are this process's copy of each
table it wrote (table_copies.py) and the board's latest history lines per table version
(recent_history.py), both kept per table token in a bounded store (kept_per_table.py).
"""

from __future__ import annotations

from .path import FAST

__all__ = ["FAST"]

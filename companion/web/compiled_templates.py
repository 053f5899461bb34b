"""Templates compiled once and kept on disk, for every process of the server and the next start.

Jinja compiles a template to Python on its first render in each process: the first Legend page a
new process draws spends about half a second compiling its templates (rendering it again takes
20 ms), the other games' first pages 0.1 to 0.3 s each. After a restart, or in each new worker,
the first phone to tap waited for that. Kept on disk (Jinja's own cache, checked against each
template's source, so an edited template is compiled again), it is compiled once.

The folder is TEMPLATE_CACHE_DIR, by default ``compiled-templates`` in the instance folder. A
folder that cannot be written (a full disk, a read-only mount) only means compiling as before:
the cache never turns a page into an error. Jinja reads its files back as code, so the folder
must be the app's own, as the instance folder is (whoever can write there can already replace
the database and the secret key).
"""

from __future__ import annotations

import os

from flask import Flask
from jinja2 import FileSystemBytecodeCache
from jinja2.bccache import Bucket


class CompiledOnDisk(FileSystemBytecodeCache):
    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # unreadable, cut short, damaged: whatever reading it raises, compiled afresh
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            os.makedirs(self.directory, exist_ok=True)
            super().dump_bytecode(bucket)  # written beside, then renamed: no process reads half a file
        except OSError:
            pass


def init_app(app: Flask) -> None:
    if folder := app.config.get("TEMPLATE_CACHE_DIR"):
        app.jinja_env.bytecode_cache = CompiledOnDisk(folder)

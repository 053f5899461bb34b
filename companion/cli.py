"""`companion serve`: upgrade the database, print the address and a QR code, start the server.

The server is started exactly as the Procfile's ``web`` line says, so a laptop at the table
and a hosted deployment run the same thing.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
from pathlib import Path

from flask_migrate import upgrade

from . import create_app
from .qr import terminal

PROCFILE = Path(__file__).resolve().parent.parent / "Procfile"


def lan_address() -> str:
    """This machine's address on the local network, for the phones around the table."""
    candidates: list[str] = []
    try:  # Debian and most Linux: every address of every interface, LAN first
        candidates += subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2).stdout.split()
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            candidates.append(str(info[4][0]))
    except OSError:
        pass
    for address in candidates:
        if "." in address and not address.startswith(("127.", "169.254.")):
            return address
    return "127.0.0.1"


def procfile_command(kind: str = "web") -> str:
    for line in PROCFILE.read_text().splitlines():
        name, _, command = line.partition(":")
        if name.strip() == kind:
            return command.strip()
    raise SystemExit(f"Procfile has no {kind} line")


def upgrade_database() -> None:
    app = create_app()
    with app.app_context():
        upgrade(directory=str(Path(__file__).parent / "migrations"))


def banner(url: str) -> str:
    return f"\nCompanion is running. Open this on a phone or laptop at the table:\n\n    {url}\n\n{terminal(url)}"


def serve(port: int, host: str) -> None:
    upgrade_database()
    public = os.environ.get("COMPANION_PUBLIC_URL") or f"http://{lan_address()}:{port}/"
    print(banner(public), flush=True)
    # The server comes from the same environment as this command (a virtualenv need not be active).
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    env = {**os.environ, "PORT": str(port), "HOST": host, "PATH": path}
    # The Procfile line uses ${VAR:-default}: the shell expands it, as a platform would.
    os.execvpe("sh", ["sh", "-c", "exec " + procfile_command()], env)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="companion")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("serve", help="upgrade the database and start the server")
    run.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    run.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
    sub.add_parser("upgrade", help="upgrade the database to the latest schema")
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args.port, args.host)
    elif args.command == "upgrade":
        upgrade_database()


if __name__ == "__main__":
    main(sys.argv[1:])

"""``tabellone desk [FOLDER] [--host H] [--port P] [--no-browser]``: serve the desk."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tabellone.core.errors import EXIT_OK, InputError


def cmd_desk(args: argparse.Namespace) -> int:
    from tabellone.desk import is_loopback, missing

    absent = missing()
    if absent:
        raise InputError(
            f"the desk needs {', '.join(absent)}: install them with pip install 'tabellone[desk]'", field="desk"
        )
    import threading
    import webbrowser

    import uvicorn

    from tabellone.desk.app import create_app

    folder = Path(args.folder)
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{folder} is a file; give the folder that holds the events", field="FOLDER")
    if not 0 < args.port < 65536:
        raise InputError(f"found port {args.port}, expected 1 to 65535", field="--port")
    _port_free(args.host, args.port)
    lan = not is_loopback(args.host)
    app = create_app(folder, open_to_lan=lan)
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else args.host}:{args.port}/"
    print(
        f"tabellone desk: events in {folder.resolve()}; serving {url}"
        + (" (open to the network: visitors see the public pages only)" if lan else " (this computer only)"),
        file=sys.stderr,
        flush=True,
    )
    if not args.no_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(
        app, host=args.host, port=args.port, log_level="warning", timeout_graceful_shutdown=3, access_log=False
    )
    uvicorn.Server(config).run()
    return EXIT_OK


def _port_free(host: str, port: int) -> None:
    """One clear line when the address cannot be listened on (before the server starts)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        raise InputError(f"unknown host {host!r}", field="--host") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(address)
        except OSError as exc:
            raise InputError(
                f"cannot listen on {host}:{port} ({exc.strerror}): another desk or program uses it? "
                "choose another with --port",
                field="--port",
            ) from None

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
    server = uvicorn.Server(config)
    server.run()
    if not server.started:
        raise InputError(f"cannot listen on {args.host}:{args.port} (in use, or not allowed)", field="--port")
    return EXIT_OK

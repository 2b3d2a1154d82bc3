"""The tournament desk: a local web application to run events and check pairings.

``tabellone desk FOLDER`` serves it (:mod:`tabellone.cli.desk`); one SQLite file per
event in FOLDER (:mod:`tabellone.desk.store`); what the pages do to an event is in
:mod:`tabellone.desk.actions`, through the shared event layer (:mod:`tabellone.event`)
and the public API (:mod:`tabellone.api`). It needs the ``desk`` extra
(``pip install 'tabellone[desk]'``): Starlette, uvicorn, Jinja2 and python-multipart.
"""

#: The modules the desk needs beyond the plain install, and the distributions giving them.
REQUIRED = {"starlette": "starlette", "uvicorn": "uvicorn", "jinja2": "jinja2", "multipart": "python-multipart"}


def missing() -> list[str]:
    """The distributions of the ``desk`` extra that are not installed."""
    import importlib.util

    return [dist for module, dist in REQUIRED.items() if importlib.util.find_spec(module) is None]


def is_loopback(host: str) -> bool:
    """``host`` (a name or an address) is this computer."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False

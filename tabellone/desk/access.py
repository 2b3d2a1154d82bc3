"""Who may do what at the desk, kept in ``FOLDER/desk.sqlite``.

* The **admin** sets a password at the first start (stored as an scrypt hash with its
  own salt); logging in gives a session cookie.
* A **device** (a tablet or phone at the boards) gets a token from the admin: opening
  its link once sets a cookie that lets it enter results, nothing else. A token can be
  revoked.
* Everyone else sees the public pages only (published pairings, results, standings,
  the hall screen), which is what a desk opened to the LAN with ``--host`` shows.

The same file keeps the files uploaded to the arbiter's check page.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from pathlib import Path

from tabellone.core.errors import InputError
from tabellone.desk.store import connect, now, transaction

_SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (token TEXT PRIMARY KEY, role TEXT NOT NULL, name TEXT NOT NULL, created TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS devices (
    token TEXT PRIMARY KEY, name TEXT NOT NULL, created TEXT NOT NULL, revoked TEXT
);
CREATE TABLE IF NOT EXISTS fide (
    id TEXT PRIMARY KEY, name TEXT, federation TEXT, sex TEXT, title TEXT, rating INTEGER, birth TEXT
);
CREATE TABLE IF NOT EXISTS checks (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, text TEXT NOT NULL, at TEXT NOT NULL);
"""

MIN_PASSWORD = 8


@dataclass(frozen=True)
class Who:
    """The person or device behind a request: role ``admin``, ``device`` or ``public``."""

    role: str
    name: str

    @property
    def admin(self) -> bool:
        return self.role == "admin"

    @property
    def enters_results(self) -> bool:
        return self.role in ("admin", "device")


PUBLIC = Who("public", "public")


def _hash(password: str, salt: bytes) -> str:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=2**14, r=8, p=1).hex()


class Access:
    def __init__(self, folder: Path):
        self.path = folder / "desk.sqlite"
        conn = connect(self.path)
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.executescript(_SCHEMA)
        finally:
            conn.close()

    def _query(self, sql: str, args: tuple = ()) -> list[tuple]:
        conn = connect(self.path)
        try:
            return conn.execute(sql, args).fetchall()
        finally:
            conn.close()

    def _write(self, *statements: tuple[str, tuple]) -> None:
        conn = connect(self.path)
        try:
            with transaction(conn):
                for sql, args in statements:
                    conn.execute(sql, args)
        finally:
            conn.close()

    # --- the admin password -----------------------------------------------------------------

    def has_password(self) -> bool:
        return bool(self._query("SELECT 1 FROM settings WHERE key = 'password'"))

    def set_password(self, password: str, repeat: str) -> None:
        """At the first start only: afterwards the password is changed by logging in."""
        if len(password) < MIN_PASSWORD:
            raise InputError(f"the password needs at least {MIN_PASSWORD} characters", field="password")
        if password != repeat:
            raise InputError("the two passwords differ", field="repeat")
        salt = secrets.token_bytes(16)
        conn = connect(self.path)
        try:
            with transaction(conn):
                if conn.execute("SELECT 1 FROM settings WHERE key = 'password'").fetchone():
                    raise InputError("the admin password is already set", field="password")
                conn.execute("INSERT INTO settings VALUES ('password', ?)", (f"{salt.hex()}${_hash(password, salt)}",))
        finally:
            conn.close()

    def login(self, password: str) -> str:
        """A new admin session token, or an InputError for a wrong password."""
        rows = self._query("SELECT value FROM settings WHERE key = 'password'")
        if not rows:
            raise InputError("no admin password yet: set one first", field="password")
        salt, digest = rows[0][0].split("$")
        if not hmac.compare_digest(_hash(password, bytes.fromhex(salt)), digest):
            raise InputError("wrong password", field="password")
        token = secrets.token_urlsafe(32)
        self._write(("INSERT INTO sessions VALUES (?, 'admin', 'admin', ?)", (token, now())))
        return token

    def logout(self, token: str) -> None:
        self._write(("DELETE FROM sessions WHERE token = ?", (token,)))

    def who(self, session: str | None, device: str | None) -> Who:
        if session:
            rows = self._query("SELECT role, name FROM sessions WHERE token = ?", (session,))
            if rows:
                return Who(*rows[0])
        if device:
            rows = self._query("SELECT name FROM devices WHERE token = ? AND revoked IS NULL", (device,))
            if rows:
                return Who("device", f"device {rows[0][0]}")
        return PUBLIC

    # --- result-entry devices -----------------------------------------------------------------

    def add_device(self, name: str) -> str:
        name = name.strip()
        if not name:
            raise InputError("give the device a name (e.g. 'tablet 1')", field="name")
        if len(name) > 40:
            raise InputError("a device name has at most 40 characters", field="name")
        token = secrets.token_urlsafe(18)
        self._write(("INSERT INTO devices VALUES (?, ?, ?, NULL)", (token, name, now())))
        return token

    def devices(self) -> list[dict]:
        rows = self._query("SELECT token, name, created, revoked FROM devices ORDER BY created")
        return [dict(token=t, name=n, created=c, revoked=r) for t, n, c, r in rows]

    def revoke(self, token: str) -> None:
        self._write(("UPDATE devices SET revoked = ? WHERE token = ?", (now(), token)))

    # --- the FIDE rating list -----------------------------------------------------------------

    def load_rating_list(self, players, name: str) -> int:
        """Replace the rating list with ``players`` (:class:`tabellone.desk.fidelist.Listed`),
        in one transaction: a list that fails to read leaves the old one in place."""
        conn = connect(self.path)
        try:
            with transaction(conn):
                conn.execute("DELETE FROM fide")
                count = 0
                batch = []
                for p in players:
                    batch.append((p.fide_id, p.name, p.federation, p.sex, p.title, p.rating, p.birth))
                    if len(batch) >= 5000:
                        conn.executemany("INSERT OR REPLACE INTO fide VALUES (?, ?, ?, ?, ?, ?, ?)", batch)
                        count += len(batch)
                        batch = []
                conn.executemany("INSERT OR REPLACE INTO fide VALUES (?, ?, ?, ?, ?, ?, ?)", batch)
                count += len(batch)
                conn.execute(
                    "INSERT OR REPLACE INTO settings VALUES ('fide_list', ?)",
                    (f"{name}, {count} players, loaded {now()}",),
                )
        finally:
            conn.close()
        return count

    def rating_list(self) -> str:
        rows = self._query("SELECT value FROM settings WHERE key = 'fide_list'")
        return rows[0][0] if rows else ""

    def listed(self, fide_ids: list[str]) -> dict[str, dict]:
        out = {}
        for fid in fide_ids:
            rows = self._query("SELECT id, name, federation, sex, title, rating, birth FROM fide WHERE id = ?", (fid,))
            if rows:
                i, name, fed, sex, title, rating, birth = rows[0]
                out[i] = dict(
                    fide_id=i,
                    name=name[:33],
                    federation=fed,
                    sex=sex,
                    title=title,
                    rating=str(rating or ""),
                    birth=birth,
                )
        return out

    # --- the arbiter's check uploads ---------------------------------------------------------

    def keep_upload(self, name: str, text: str) -> int:
        conn = connect(self.path)
        try:
            with transaction(conn):
                cur = conn.execute("INSERT INTO checks (name, text, at) VALUES (?, ?, ?)", (name, text, now()))
                return int(cur.lastrowid)
        finally:
            conn.close()

    def upload(self, upload_id: int) -> tuple[str, str]:
        rows = self._query("SELECT name, text FROM checks WHERE id = ?", (upload_id,))
        if not rows:
            raise InputError(f"no uploaded file {upload_id}", field="file")
        return rows[0]

"""``stackfish serve --ssh`` probed as an attacker with an authorized key would (issue 15).

Identities bound to keys, the server never following a planted link, terminals
that survive any size and any byte, input never dropped, and the operator's log
and limits.  Real servers on free loopback ports; asyncssh as the client (and
OpenSSH too where it is installed).
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import shutil
import signal
import struct
import subprocess
import sys
import termios
from pathlib import Path

import asyncssh
import pytest
from ssh_helpers import Term, connect, make_config, open_game, plain

from tui.ssh import GameServer, ServeError, users

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ptys and /proc")

OPENING = "keep this hand"
LOG = "stackfish.ssh"


def logged(caplog: pytest.LogCaptureFixture) -> str:
    return "\n".join(r.getMessage() for r in caplog.records if r.name == LOG)


async def started(server: GameServer, n: int = 1) -> None:
    """Until ``n`` sessions have their child process (each session's own event, no sleep race)."""
    for _ in range(600):
        if sum(s.proc is not None for s in server.sessions) >= n:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the sessions never started")


async def gone(server: GameServer) -> None:
    """Until every session and connection of ``server`` has ended."""
    for _ in range(600):
        if not server.sessions and not server.connections:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"still open: {server.sessions} {server.connections}")


def openssh(port: int, key: Path, user: str, *args: str,
            options: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["ssh", "-p", str(port), "-i", str(key), "-F", "/dev/null", "-o", "StrictHostKeyChecking=no",
         "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes",
         "-o", "LogLevel=ERROR", *options, f"{user}@127.0.0.1", *args],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


# ----------------------------------------------------------------- identity is the key
async def test_a_key_logs_in_under_its_own_name_only(server: GameServer, keys, caplog) -> None:
    caplog.set_level(logging.INFO, LOG)
    keys.of("bob")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, keys.player, username="bob")
    fingerprint = keys.player.get_fingerprint("sha256")
    assert "auth refused user='bob' addr=127.0.0.1:" in logged(caplog)
    assert f"key={fingerprint}: the key is alice's (line 2)" in logged(caplog)
    assert not (server.data_dir / "ssh-users" / "bob").exists()

    with pytest.raises(asyncssh.PermissionDenied):  # a key nobody listed, any name
        await connect(server.port, keys.stranger, username="alice")
    assert "the key is not authorized" in logged(caplog)

    async with await connect(server.port, keys.player, username="alice") as conn:
        chan, term = await open_game(conn)
        await term.wait_for(OPENING)
        assert "auth accepted user='alice' addr=127.0.0.1:" in logged(caplog)
        assert f"key={fingerprint} player=alice" in logged(caplog)
        assert "alice: game started addr=127.0.0.1:" in logged(caplog)
        chan.close()
    await gone(server)
    assert "alice: game ended addr=127.0.0.1:" in logged(caplog)


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client installed "
                    "(the asyncssh test above probes the same refusal)")
async def test_openssh_alice_key_as_bob_is_refused(server: GameServer, keys, caplog) -> None:
    caplog.set_level(logging.INFO, LOG)
    keys.of("bob")
    result = await asyncio.to_thread(openssh, server.port, keys.file("alice"), "bob")
    assert result.returncode == 255 and "Permission denied" in result.stderr
    assert "Welcome back" not in result.stdout
    assert f"key={keys.player.get_fingerprint('sha256')}: the key is alice's" in logged(caplog)
    result = await asyncio.to_thread(openssh, server.port, keys.file("alice"), "alice",
                                     "cat", "/etc/passwd")
    assert result.returncode != 0 and "root:" not in result.stdout
    assert "alice: refused exec 'cat /etc/passwd'" in logged(caplog)
    result = await asyncio.to_thread(openssh, server.port, keys.file("alice"), "alice", "sftp",
                                     options=("-s",))
    assert result.returncode != 0 and "alice: refused subsystem 'sftp'" in logged(caplog)
    result = await asyncio.to_thread(openssh, server.port, keys.file("alice"), "alice", options=(
        "-N", "-o", "ExitOnForwardFailure=yes", "-R", f"0:127.0.0.1:{server.port}"))
    assert result.returncode != 0
    assert "alice: refused remote TCP forwarding on " in logged(caplog)


def test_authorized_keys_problems_are_logged_with_their_line(tmp_path: Path, keys,
                                                             caplog) -> None:
    from tui.ssh.auth import AuthorizedKeys

    caplog.set_level(logging.INFO, LOG)
    named = asyncssh.generate_private_key("ssh-ed25519", comment="carol").export_public_key()
    nameless = asyncssh.generate_private_key("ssh-ed25519").export_public_key()
    path = tmp_path / "keys"
    path.write_bytes(b"# comment\n" + b"ssh-ed25519 AAAAnotakey carol\n" + nameless
                     + b'from="10.0.0.0/8" ' + named + keys.player.export_public_key())
    book = AuthorizedKeys(path)
    assert sorted(g.name for g in book.grants().values()) == ["alice", "carol"]
    text = logged(caplog)
    assert f"{path} line 2: not a public key" in text
    assert f"{path} line 3: the key names no player" in text
    carol = asyncssh.import_public_key(named)
    assert book.owner(carol, "10.1.2.3").name == "carol"
    assert book.owner(carol, "127.0.0.1") is None  # its from= option
    path.unlink()
    assert book.count == 0
    assert f"authorized keys {path}: No such file or directory" in logged(caplog)


async def test_open_mode_caps_the_number_of_players(tmp_path: Path, keys) -> None:
    srv = GameServer(make_config(tmp_path, keys, open=True, max_users=1))
    await srv.start()
    try:
        async with await connect(srv.port, keys.player) as conn:
            chan, term = await open_game(conn)
            await term.wait_for(OPENING)
            chan.close()
        async with await connect(srv.port, keys.stranger) as conn:
            chan, term = await open_game(conn)
            await chan.wait_closed()
            assert "no room for new players" in plain(bytes(term.err))
        assert [p.name for p in (srv.data_dir / "ssh-users").iterdir()] == ["alice"]
    finally:
        await srv.stop()


# ----------------------------------------------------------------- a fence that holds
def test_refuses_root_and_a_data_dir_others_can_read(tmp_path: Path, keys,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    with pytest.raises(ServeError, match="refusing to run as root.*--allow-root"):
        GameServer(make_config(tmp_path, keys, allow_root=False)).check()
    GameServer(make_config(tmp_path, keys, allow_root=True)).check()

    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    data.chmod(0o755)
    with pytest.raises(ServeError, match="chmod 700"):
        asyncio.run(GameServer(make_config(tmp_path, keys)).start())


async def test_a_planted_link_is_never_followed(server: GameServer, keys) -> None:
    """bob's unfinished game must not show in alice's resume offer through a link."""
    keys.of("bob")
    bob = server.data_dir / "ssh-users" / "bob" / "games" / "20260101-bobsgame"
    bob.mkdir(parents=True)
    (bob / "journal.scenario").write_text("#! title bob's secret game\nlife p1 7\n")
    alice = users.user_dir(server.data_dir, "alice")
    (alice / "games").mkdir()
    (alice / "games" / "stolen").symlink_to(bob)
    assert users.unfinished_games(server.data_dir / "ssh-users" / "bob")  # bob's own: listed
    assert users.unfinished_games(alice) == []
    async with await connect(server.port, keys.player) as conn:
        chan, term = await open_game(conn)
        await term.wait_for(OPENING)
        assert "Welcome back" not in plain(bytes(term.out))
        chan.close()


async def test_decks_are_chosen_by_name_in_a_session(server: GameServer, keys) -> None:
    """The command line's ``deck p1 PATH`` takes a deck's name over SSH, never a path."""
    async with await connect(server.port, keys.player) as conn:
        chan, term = await open_game(conn, "play red-aggro", size=(120, 40))
        await term.wait_for(OPENING)
        chan.write(b"y")  # keep the hand
        await term.wait_for("keep p1")
        for path in (b"/etc/passwd", b"../../ssh_host_ed25519_key"):
            mark = term.mark()
            chan.write(b":")
            await term.wait_for("scenario command, e.g.", since=mark)
            chan.write(b"deck p1 " + path + b"\r")
            await term.wait_for("over SSH a deck is chosen by name", since=mark)
            assert "root:" not in plain(bytes(term.out)[mark:])
        chan.close()


# ----------------------------------------------------------------- robust terminals
SH_CHILD = ("/bin/sh", "-c", "read line", "sh")
"""A child that costs nothing: it waits for one line (or its hang-up)."""


async def test_oversized_terminals_leak_nothing(tmp_path: Path, keys) -> None:
    srv = GameServer(make_config(tmp_path, keys, child_argv=SH_CHILD, max_per_address=40,
                                 max_startups=40))
    await srv.start()
    try:
        before = len(os.listdir("/proc/self/fd"))
        for _ in range(30):
            async with await connect(srv.port, keys.player) as conn:
                chan, term = await open_game(conn, size=(70_000, 70_000))
                await started(srv)
                (session,) = srv.sessions
                rows, cols = struct.unpack("HHHH", fcntl.ioctl(
                    session.master, termios.TIOCGWINSZ, b"\0" * 8))[:2]
                assert (cols, rows) == (500, 200)
                chan.change_terminal_size(100_000, 1)  # resized past 65,535: clamped too
                for _ in range(200):
                    rows, cols = struct.unpack("HHHH", fcntl.ioctl(
                        session.master, termios.TIOCGWINSZ, b"\0" * 8))[:2]
                    if (cols, rows) == (500, 10):
                        break
                    await asyncio.sleep(0.02)
                assert (cols, rows) == (500, 10)
                chan.close()
            await gone(srv)
        assert len(os.listdir("/proc/self/fd")) == before
    finally:
        await srv.stop()


PASTE_CHILD = (sys.executable, "-c", """
import hashlib, os, sys, time, tty
tty.setraw(0)
os.write(1, b"ready\\r\\n")
h, got = hashlib.sha256(), 0
while got < 1 << 20:
    data = os.read(0, 4096)
    h.update(data)
    got += len(data)
    time.sleep(0.002)  # a slow child: the keys pile up at the server
os.write(1, f"got {got} {h.hexdigest()}\\r\\n".encode())
os.read(0, 1)
""")


async def test_a_1mb_paste_arrives_whole(tmp_path: Path, keys) -> None:
    import hashlib

    srv = GameServer(make_config(tmp_path, keys, child_argv=PASTE_CHILD))
    await srv.start()
    try:
        async with await connect(srv.port, keys.player) as conn:
            chan, term = await open_game(conn)
            await term.wait_for("ready")
            paste = bytes(b"abcdefghijklmnopqrstuvwxyz0123456789 "[i % 37] for i in range(1 << 20))
            chan.write(paste)
            await term.wait_for(f"got {1 << 20} {hashlib.sha256(paste).hexdigest()}", timeout=120)
            chan.close()
    finally:
        await srv.stop()


async def test_invalid_utf8_does_not_end_the_game(server: GameServer, keys) -> None:
    async with await connect(server.port, keys.player) as conn:
        chan, term = await open_game(conn)
        await term.wait_for(OPENING)
        mark = term.mark()
        chan.write(b"\xff")
        chan.write(b"\xc3")  # half a character, its other half in the next packet
        chan.write(b"\xa9y")
        await term.wait_for("keep p1", since=mark)
        assert not term.closed.is_set()
        chan.close()


# ----------------------------------------------------------------- the operator's log and limits
async def test_at_most_six_keys_per_connection(server: GameServer, keys, caplog) -> None:
    caplog.set_level(logging.INFO, LOG)
    strangers = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(10)]
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)):
        await connect(server.port, None, client_keys=strangers + [keys.player])
    text = logged(caplog)
    assert text.count("auth refused user='alice'") == 6
    assert "(6 of 6)" in text and "too many attempts" in text
    assert "auth accepted" not in text


async def test_per_address_limits(tmp_path: Path, keys, caplog) -> None:
    caplog.set_level(logging.INFO, LOG)
    srv = GameServer(make_config(tmp_path, keys, max_startups=2, max_per_address=3))
    await srv.start()
    try:
        idle = [await asyncio.open_connection("127.0.0.1", srv.port) for _ in range(2)]
        for _reader, _writer in idle:  # the server's banner: they are counted
            await _reader.readline()
        with pytest.raises((asyncssh.Error, OSError)):
            await connect(srv.port, keys.player)
        assert "unauthenticated connections from this address" in logged(caplog)
        for _reader, writer in idle:
            writer.close()
        for _ in range(200):  # the server sees them go
            if not srv.startups:
                break
            await asyncio.sleep(0.02)
        conns = [await connect(srv.port, keys.player) for _ in range(3)]
        with pytest.raises((asyncssh.Error, OSError)):
            await connect(srv.port, keys.player)
        assert "3 connections from this address already" in logged(caplog)
        for c in conns:
            c.close()
    finally:
        await srv.stop()


async def test_a_key_accepted_but_never_signed_frees_its_startup_slot(tmp_path: Path,
                                                                       keys) -> None:
    """A client that has a key accepted (the query) but never proves it must not hold
    one of its address's unauthenticated slots for ever."""
    from tui.ssh.auth import Connection

    class Peer:  # the one thing Connection asks of asyncssh's connection before auth
        def __init__(self, port: int) -> None:
            self.port = port

        def get_extra_info(self, name: str) -> tuple[str, int]:
            return ("192.0.2.1", self.port)

    srv = GameServer(make_config(tmp_path, keys, max_startups=1))
    conn = Connection(srv)
    conn.connection_made(Peer(4000))
    assert srv.startups["192.0.2.1"] == 1
    assert await conn.validate_public_key("alice", keys.player.convert_to_public())
    conn.connection_lost(None)  # no signature came: the connection went
    assert not srv.startups and not srv.per_address
    again = Connection(srv)
    again.connection_made(Peer(4001))
    assert again.admitted


@pytest.mark.parametrize("option", ["max_sessions", "max_per_address", "max_startups",
                                    "max_users", "idle_timeout"])
def test_zero_or_negative_limits_are_refused(tmp_path: Path, keys, option: str) -> None:
    with pytest.raises(ServeError, match=f"--{option.replace('_', '-')} must be"):
        GameServer(make_config(tmp_path, keys, **{option: -5})).check()
    if option != "idle_timeout":  # 0 seconds: never
        with pytest.raises(ServeError, match="at least 1"):
            GameServer(make_config(tmp_path, keys, **{option: 0})).check()


async def test_sigterm_says_goodbye_to_every_session(tmp_path: Path, keys) -> None:
    """Two players in a game and one at the resume question: each gets the goodbye, the
    terminal reset first, and the log says how each game ended."""
    names = ["alice", "bob", "carol"]
    for name in names:
        keys.of(name)
    (tmp_path / "data").mkdir(mode=0o700)
    carols = tmp_path / "data" / "ssh-users" / "carol" / "games" / "20260101-000000-abcd"
    carols.mkdir(parents=True)
    (carols / "journal.scenario").write_text("#! title carol's game\nlife p1 7\n")
    env = dict(os.environ, STACKFISH_DATA_DIR=str(tmp_path / "data"))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", "serve", "--ssh", "--port", "0", "--allow-root",
        "--authorized-keys", str(keys.authorized), env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    conns = []
    try:
        while b"serving" not in (line := await asyncio.wait_for(proc.stderr.readline(), 30)):
            assert line, "the server stopped before serving"
        port = int(line.split(b" on 127.0.0.1:")[1].split()[0])
        games: list[tuple[object, Term]] = []
        for name in names:
            conns.append(await connect(port, keys.of(name), username=name))
            games.append(await open_game(conns[-1], "play red-aggro"))
        for name, (_chan, term) in zip(names, games, strict=True):
            await term.wait_for("Resume it? [Y/n]" if name == "carol" else OPENING)
        proc.send_signal(signal.SIGTERM)
        for name, (chan, term) in zip(names, games, strict=True):
            await chan.wait_closed()
            assert ("the server is shutting down." if name == "carol"
                    else "shutting down; your game is saved") in plain(bytes(term.err))
            assert bytes(term.err).startswith(b"\x1b[?1000l")  # the terminal reset first
            assert b"\x1b[?1049l" in bytes(term.err)
        assert await asyncio.wait_for(proc.wait(), 30) == 0
        log = (await proc.stderr.read()).decode()
        for name in names[:2]:
            assert f"{name}: game ended addr=127.0.0.1:" in log
        assert "the server is shutting down" in log
    finally:
        for c in conns:
            c.close()
        if proc.returncode is None:
            proc.kill()
            await proc.wait()

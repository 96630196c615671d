"""``stackfish serve --ssh``: a real server on a free loopback port, real asyncssh clients."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import signal
import stat
import sys
from pathlib import Path

import asyncssh
import pytest
from ssh_helpers import START, Term, connect, make_config, open_game, plain

from tui.ssh import GameServer, ServeError, auth, users
from tui.ssh.session import cli_has

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ptys and /proc")

OPENING = "keep this hand"  # the opening-hand decision every new game starts with


def child_of(server: GameServer, user: str):
    return next(s.proc for s in server.sessions if s.username == user and s.proc is not None)


async def test_game_screen_keys_resize_and_terminal(server: GameServer, keys) -> None:
    async with await connect(server.port, keys.player) as conn:
        chan, term = await open_game(conn, size=(100, 30), term="xterm-256color")
        await term.wait_for(OPENING)
        proc = child_of(server, "alice")
        env = Path(f"/proc/{proc.pid}/environ").read_bytes().split(b"\0")
        assert b"TERM=xterm-256color" in env
        userdir = server.data_dir / "ssh-users" / "alice"
        assert f"STACKFISH_DATA_DIR={userdir}".encode() in env
        assert stat.S_IMODE(userdir.stat().st_mode) == 0o700
        limits = Path(f"/proc/{proc.pid}/limits").read_text()
        assert f"Max address space         {1536 << 20}" in limits  # a runaway game fails alone

        mark = term.mark()
        chan.write(b"y")  # keep the hand: the game moves on to turn 1
        await term.wait_for("keep p1", since=mark)

        assert b"\x1b[40;" not in term.out  # 30 rows so far
        mark = term.mark()
        chan.change_terminal_size(120, 40)
        await term.wait_for(b"\x1b[40;", since=mark, raw=True)  # redrawn on 40 rows
        chan.close()


async def test_refused_authentication(server: GameServer, keys) -> None:
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, keys.stranger)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, None, password="secret", preferred_auth="password")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, None, password="secret", preferred_auth="keyboard-interactive")
    with pytest.raises(asyncssh.PermissionDenied):  # a valid key, but not a valid user name
        await connect(server.port, keys.player, username="../bob")


async def test_only_the_game_is_allowed(server: GameServer, keys) -> None:
    async with await connect(server.port, keys.player) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_session(Term, "cat /etc/passwd", term_type="xterm", encoding=None)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_session(Term, subsystem="sftp", encoding=None)
        with pytest.raises(asyncssh.ChannelOpenError):  # ssh -L / -D: direct-tcpip
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):  # ssh -R: tcpip-forward
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", server.port)

        # no PTY: told to use ssh -t
        chan, term = await conn.create_session(Term, encoding=None)
        await chan.wait_closed()
        assert "ssh -t" in plain(bytes(term.err)) and chan.get_exit_status() == 1

        # a deck is a name among the bundled and the player's decks, never a path
        chan, term = await open_game(conn, "play ../../../etc/passwd")
        await chan.wait_closed()
        err = plain(bytes(term.err))
        assert "no deck named" in err and "red-aggro" in err and chan.get_exit_status() == 2


async def test_agent_and_x11_forwarding_refused(server: GameServer, keys, tmp_path: Path,
                                                caplog: pytest.LogCaptureFixture) -> None:
    from tui.ssh.server import keep_asyncssh_refusals

    keep_asyncssh_refusals()  # as `stackfish serve` does
    caplog.set_level(logging.INFO, "asyncssh")
    (tmp_path / "xauth").write_bytes(b"")
    async with await connect(server.port, keys.player, agent_path=str(tmp_path / "agent.sock"),
                             agent_forwarding=True) as conn:
        chan, term = await conn.create_session(
            Term, term_type="xterm", term_size=(80, 24), encoding=None,
            x11_forwarding="ignore_failure", x11_display="localhost:0",
            x11_auth_path=str(tmp_path / "xauth"))
        await term.wait_for(OPENING)
        (session,) = server.sessions
        assert session.chan.get_agent_path() is None
        assert session.chan.get_x11_display() is None
        chan.close()
    logged = [r.getMessage() for r in caplog.records if r.name == "asyncssh"]
    assert any("X11 forwarding request denied" in m for m in logged)
    assert any("Agent forwarding request denied" in m for m in logged)
    assert not any("Accepted" in m or "Sending" in m for m in logged)  # nothing else of it


async def test_deck_chosen_at_connect_time(server: GameServer, keys) -> None:
    decks = server.data_dir / "ssh-users" / "alice" / "decks"
    decks.mkdir(parents=True)
    shutil.copy(users.bundled_decks()["red-aggro"], decks / "my-red.txt")
    async with await connect(server.port, keys.player) as conn:
        chan, term = await open_game(conn, "play my-red")
        await term.wait_for(OPENING)
        assert str(decks / "my-red.txt") in " ".join(
            Path(f"/proc/{child_of(server, 'alice').pid}/cmdline").read_text().split("\0"))
        chan.close()
    # bob cannot use alice's deck
    async with await connect(server.port, keys.of("bob"), username="bob") as conn:
        chan, term = await open_game(conn, "play my-red")
        await chan.wait_closed()
        assert "no deck named 'my-red'" in plain(bytes(term.err))


async def test_a_pasted_deck_is_saved_in_the_players_own_directory(server: GameServer, keys) -> None:
    """No file copy over SSH: a first session plays the Simic deck at once; D (after
    esc closes the opening-hand dialog) opens the deck screen: its p, a (bracketed)
    paste, a name, ctrl+s."""
    async with await connect(server.port, keys.player) as conn:
        chan, term = await open_game(conn, size=(80, 24))
        await term.wait_for(OPENING)
        chan.write(b"\x1b")
        await asyncio.sleep(0.3)  # esc alone, not the start of an escape sequence
        chan.write(b"D")
        await term.wait_for("Leave this game")
        chan.write(b"y")
        await term.wait_for(START)
        chan.write(b"p")
        await term.wait_for("Paste a deck")
        mark = term.mark()
        chan.write(b"\x1b[200~Deck\r20 Mountain\r4 Lightning Bolt (M11) 146\r\x1b[201~")
        await term.wait_for("24 main, 0 sideboard", since=mark)
        chan.write(b"\t")  # tab to the name (its own moment: keys typed ahead go to the list)
        await asyncio.sleep(0.5)
        chan.write(b"my-burn\x13")  # type it, ctrl+s
        await term.wait_for("Saved your deck 'my-burn'", since=mark)
        saved = server.data_dir / "ssh-users" / "alice" / "decks" / "my-burn.txt"
        assert saved.read_text() == "Deck\n20 Mountain\n4 Lightning Bolt (M11) 146\n"
        chan.write(b"\r")  # the new deck is highlighted: play it
        await term.wait_for(OPENING, since=mark)
        await term.wait_for("new game: my-burn.txt", since=mark)  # the pasted deck is played
        await term.wait_for("Mountain", since=mark)  # its hand, in the mulligan dialog
        chan.close()


async def test_crashing_or_hanging_session_leaves_others_working(server: GameServer, keys) -> None:
    conns = [await connect(server.port, keys.of(u), username=u) for u in ("crash", "hang", "ok")]
    try:
        games = [await open_game(c) for c in conns]
        for _chan, term in games:
            await term.wait_for(OPENING)
        os.kill(child_of(server, "hang").pid, signal.SIGSTOP)
        os.kill(child_of(server, "crash").pid, signal.SIGKILL)
        chan, term = games[0]
        await chan.wait_closed()
        assert "ended unexpectedly" in plain(bytes(term.err))
        assert chan.get_exit_status() == 128 + signal.SIGKILL

        chan, term = games[2]
        mark = term.mark()
        chan.write(b"y")
        await term.wait_for("keep p1", since=mark)
        # the server still takes new players
        async with await connect(server.port, keys.of("late"), username="late") as c:
            chan, late = await open_game(c)
            await late.wait_for(OPENING)
    finally:
        for c in conns:
            c.close()


async def test_reconnect_resumes_the_same_game(server: GameServer, keys) -> None:
    assert cli_has("resume"), "`stackfish resume` is missing"
    home = server.data_dir / "ssh-users" / "alice"
    conn = await connect(server.port, keys.player)
    chan, term = await open_game(conn)
    await term.wait_for(OPENING)
    chan.write(b"y")
    await term.wait_for("keep p1")
    chan.write(b"t")  # on to the main phase
    await term.wait_for("main1")
    games = users.unfinished_games(home)
    assert games, "`stackfish play` did not journal its game"
    before = games[0]
    conn.abort()  # the client is killed: no goodbye
    await asyncio.sleep(0.2)

    async with await connect(server.port, keys.player) as conn:
        chan, term = await open_game(conn)
        await term.wait_for("Resume it? [Y/n]")
        mark = term.mark()
        chan.write(b"\r")
        await term.wait_for("main1", since=mark)
        assert OPENING not in plain(bytes(term.out)[mark:])
        cmdline = Path(f"/proc/{child_of(server, 'alice').pid}/cmdline").read_text().split("\0")[:-1]
        assert cmdline[-2:] == ["resume", before.id]
        mark = term.mark()
        chan.write(b"n")  # play on: the same journal grows
        await term.wait_for("main1", since=mark, timeout=5)
        for _ in range(50):
            after = users.unfinished_games(home)
            if after and after[0].actions > before.actions:
                break
            await asyncio.sleep(0.1)
        assert [g.id for g in after] == [before.id] and after[0].actions > before.actions
        chan.close()
    await asyncio.sleep(0.2)
    async with await connect(server.port, keys.player) as conn:  # "n": a new game instead
        chan, term = await open_game(conn)
        await term.wait_for("Resume it? [Y/n]")
        chan.write(b"n")
        await term.wait_for(OPENING)  # no deck of alice's own: the Simic deck at once
        chan.close()


async def test_max_sessions_and_idle_timeout(tmp_path: Path, keys) -> None:
    srv = GameServer(make_config(tmp_path, keys, max_sessions=1, idle_timeout=2.0))
    await srv.start()
    try:
        async with await connect(srv.port, keys.player) as conn:
            chan, term = await open_game(conn)
            # no wait for the opening screen: on a loaded machine the game may take
            # longer to start than the idle timeout, which is fine to close on too
            async with await connect(srv.port, keys.of("bob"), username="bob") as conn2:
                chan2, term2 = await open_game(conn2)
                await chan2.wait_closed()
                assert "server is full" in plain(bytes(term2.err))
                assert chan2.get_exit_status() == 1
            await chan.wait_closed()  # nobody typed for 2 s
            assert "idle for 2 seconds" in plain(bytes(term.err))
    finally:
        await srv.stop()


async def test_open_mode_and_loopback_rules(tmp_path: Path, keys) -> None:
    empty = tmp_path / "none"
    empty.write_text("# no keys\n")
    cfg = make_config(tmp_path, keys, authorized_keys=str(empty))
    cfg.host = "0.0.0.0"
    with pytest.raises(ServeError, match="refusing to listen"):
        GameServer(cfg).check()
    cfg.open = True
    srv = GameServer(cfg)
    srv.check()
    assert any("WARNING" in w for w in srv.warnings)

    # open mode: any key, under a name from its fingerprint whatever name is asked for
    srv = GameServer(make_config(tmp_path, keys, open=True))
    await srv.start()
    try:
        with pytest.raises(asyncssh.PermissionDenied):  # still no login without a key
            await connect(srv.port, None, username="guest", password="x")
        async with await connect(srv.port, keys.stranger, username="alice") as conn:
            chan, term = await open_game(conn)
            await term.wait_for(OPENING)
            (session,) = srv.sessions
            assert session.username == auth.open_name(keys.stranger) != "alice"
            assert session.username.startswith("key-")
            chan.close()
        async with await connect(srv.port, keys.player, username="whoever") as conn:
            chan, term = await open_game(conn)  # a listed key keeps its name
            await term.wait_for(OPENING)
            assert [s.username for s in srv.sessions] == ["alice"]
            chan.close()
    finally:
        await srv.stop()


def test_host_key_is_created_private_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "data" / "ssh_host_ed25519_key"
    key = auth.load_or_create_host_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = auth.load_or_create_host_key(path)
    assert again.export_public_key() == key.export_public_key()


def test_names_and_commands() -> None:
    assert users.valid_user("alice") and users.valid_user("bob_2.x")
    for bad in ("", "..", ".hidden", "a/b", "a b", "x" * 33, "é"):
        assert not users.valid_user(bad)
    assert users.parse_command(None) == ("play", None)
    assert users.parse_command("play red-aggro") == ("play", "red-aggro")
    assert users.parse_command("stackfish play red-aggro") == ("play", "red-aggro")
    for refused in ("ls", "play a b", "sh -c play", "scp -t /tmp", "resume ../x"):
        assert users.parse_command(refused) is None
    assert users.find_deck("../red-aggro", Path("/nonexistent")) is None
    assert users.find_deck("red-aggro", Path("/nonexistent")).endswith("red-aggro.txt")


async def test_sigterm_saves_and_exits(tmp_path: Path, keys) -> None:
    env = dict(os.environ, STACKFISH_DATA_DIR=str(tmp_path / "data"))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", "serve", "--ssh", "--port", "0",
        "--authorized-keys", str(keys.authorized), "--allow-root", env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    try:
        line = await asyncio.wait_for(proc.stderr.readline(), 15)
        while b"serving" not in line:
            assert line, "the server stopped before serving"
            line = await asyncio.wait_for(proc.stderr.readline(), 15)
        port = int(line.split(b" on 127.0.0.1:")[1].split()[0])
        key_file = tmp_path / "data" / "ssh_host_ed25519_key"
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
        async with await connect(port, keys.player) as conn:
            chan, term = await open_game(conn, "play simic-evolve")
            await term.wait_for(OPENING)
            proc.send_signal(signal.SIGTERM)
            await chan.wait_closed()
            assert "shutting down; your game is saved" in plain(bytes(term.err))
        assert await asyncio.wait_for(proc.wait(), 15) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client installed")
async def test_openssh_client(server: GameServer, keys) -> None:
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    base = ["ssh", "-p", str(server.port), "-i", str(keys.player_file), "-F", "/dev/null",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes"]
    proc = await asyncio.create_subprocess_exec(
        *base, "-tt", "alice@127.0.0.1", "play", "red-aggro", stdin=slave, stdout=slave,
        stderr=slave, env=dict(os.environ, TERM="xterm-256color"), start_new_session=True)
    os.close(slave)
    os.set_blocking(master, False)
    out = bytearray()
    loop = asyncio.get_running_loop()
    got = asyncio.Event()

    def readable() -> None:
        try:
            out.extend(os.read(master, 65536))
        except OSError:
            loop.remove_reader(master)
        got.set()

    loop.add_reader(master, readable)

    async def wait_for(text: str, since: int = 0) -> None:
        end = loop.time() + 20
        while text not in plain(bytes(out)[since:]):
            assert loop.time() < end, f"{text!r} never arrived: {plain(bytes(out))[-500:]!r}"
            got.clear()
            with __import__("contextlib").suppress(TimeoutError):
                await asyncio.wait_for(got.wait(), 1)

    try:
        await wait_for(OPENING)
        mark = len(out)
        os.write(master, b"y")
        await wait_for("keep p1", mark)  # the status line echoes the action (the log may scroll past "keeps 7")
        assert b"\x1b[40;" not in out  # 24 rows so far
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.kill(proc.pid, signal.SIGWINCH)  # ssh sends the new size to the server
        end = loop.time() + 20
        while b"\x1b[40;" not in out[mark:]:
            assert loop.time() < end, "the resize never reached the game"
            got.clear()
            with __import__("contextlib").suppress(TimeoutError):
                await asyncio.wait_for(got.wait(), 1)
    finally:
        loop.remove_reader(master)
        proc.kill()
        await proc.wait()
        os.close(master)
    # OpenSSH asking for a command or sftp is refused
    other = await asyncio.create_subprocess_exec(
        *base, "alice@127.0.0.1", "cat", "/etc/passwd", stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    stdout, _ = await asyncio.wait_for(other.communicate(), 20)
    assert other.returncode != 0 and b"root:" not in stdout

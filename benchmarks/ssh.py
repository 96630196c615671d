"""Measure ``stackfish serve --ssh`` under load (a script, not a test).

    python benchmarks/ssh.py [--sessions 20] [--seconds 30] [--think 1.0]

A real server (``python -m tui.cli serve --ssh``, its own process, temporary
host key, data dir and authorized keys, a free loopback port) and N asyncssh
clients in this process, each a player of its own (its own key) on its own
connection with a PTY (100x30), all at once.  Each client waits for the game
screen (the mulligan decision: memory is measured there), keeps its hand
(``y``), then plays scripted turns for the given time: a cycle of ``n`` (to the
next step) three times and ``u`` (undo) three times, each key followed by a
think time.  Then each leaves the game for the deck screen (``D``), opens the
paste screen (``p``) and pastes a 60-card deck (memory is measured again).

Figures, beside their targets (for a 2-core machine):

- memory per session: the proportional set size (PSS, from
  ``/proc/PID/smaps_rollup``: shared library pages divided among the processes
  sharing them) of each session's game process, mean and max, plus the
  server's own growth divided by N; RSS too.  Targets: < 45 MB per session at
  the mulligan screen, < 80 MB after the deck and paste screens.
- key-to-screen latency: from a key written on the client's channel to the
  first bytes of the resulting screen update arriving at the client (p50, p95,
  max), and to the end of that update (the last byte before 40 ms of quiet,
  minus nothing: the quiet period is not counted).  Target p95 < 100 ms.
- keys with no screen update within 2 s (should be 0) and the server's CPU time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import asyncssh  # noqa: E402

QUIET = 0.040
KEYS = [b"n", b"n", b"n", b"u", b"u", b"u"]
DECK = (REPO / "mechanics" / "data" / "decks" / "red-aggro.txt").read_bytes()


def pss_kb(pid: int) -> tuple[int, int]:
    """(PSS, RSS) in kB of one process."""
    pss = rss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
            elif line.startswith("Rss:"):
                rss = int(line.split()[1])
    except OSError:
        pass
    return pss, rss


def children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def cpu_seconds(pid: int, children: bool = False) -> float:
    """CPU time of a process, or of its ended (waited-for) children."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    i = 13 if children else 11
    return (int(fields[i]) + int(fields[i + 1])) / os.sysconf("SC_CLK_TCK")


class Client(asyncssh.SSHClientSession):
    def __init__(self) -> None:
        self.chunks: list[tuple[float, int]] = []
        self.total = 0
        self.event = asyncio.Event()
        self.text = bytearray()
        self.since = 0

    def data_received(self, data: bytes, datatype: object) -> None:
        self.chunks.append((time.perf_counter(), len(data)))
        self.total += len(data)
        if len(self.text) < 2_000_000:
            self.text += data
        self.event.set()

    def connection_lost(self, exc: Exception | None) -> None:
        self.event.set()


async def wait_update(c: Client, since: int, timeout: float) -> tuple[float, float] | None:
    """(first, last) arrival times of the chunks after index ``since``, the update
    ending at QUIET seconds without data; None if nothing came within ``timeout``."""
    end = time.perf_counter() + timeout
    while len(c.chunks) <= since:
        c.event.clear()
        left = end - time.perf_counter()
        if left <= 0:
            return None
        try:
            await asyncio.wait_for(c.event.wait(), left)
        except TimeoutError:
            return None
    while True:
        n = len(c.chunks)
        await asyncio.sleep(QUIET)
        if len(c.chunks) == n:
            return c.chunks[since][0], c.chunks[-1][0]


async def wait_text(c: Client, text: bytes, timeout: float = 60) -> None:
    """Until ``text`` appears in what came after the client's last :meth:`mark`."""
    end = time.perf_counter() + timeout
    while text not in bytes(c.text[c.since:]).replace(b"\x1b", b""):
        c.event.clear()
        await asyncio.wait_for(c.event.wait(), max(0.01, end - time.perf_counter()))


async def player(i: int, port: int, key: object, seconds: float, think: float,
                 first: list[float], full: list[float], misses: list[int],
                 ready: asyncio.Barrier, pasted: asyncio.Barrier) -> float:
    conn = await asyncssh.connect("127.0.0.1", port, username=f"p{i:02d}", client_keys=[key],
                                  known_hosts=None, agent_path=None, config=None)
    chan, c = await conn.create_session(Client, "play simic-evolve", term_type="xterm-256color",
                                        term_size=(100, 30), encoding=None)
    t0 = time.perf_counter()
    while b"keep this hand" not in bytes(c.text).replace(b"\x1b", b""):
        c.event.clear()
        await asyncio.wait_for(c.event.wait(), 60)
        if "keep this hand" in c.text.decode("utf-8", "replace"):
            break
    startup = time.perf_counter() - t0
    await asyncio.sleep(0.5)
    await ready.wait()
    chan.write(b"y")
    await wait_update(c, len(c.chunks) - 1, 5)
    end = time.perf_counter() + seconds
    k = 0
    while time.perf_counter() < end:
        await asyncio.sleep(think * (0.5 + (i * 7 + k * 13) % 10 / 10))
        since = len(c.chunks)
        sent = time.perf_counter()
        chan.write(KEYS[k % len(KEYS)])
        k += 1
        got = await wait_update(c, since, 2.0)
        if got is None:
            misses.append(1)
            continue
        first.append(got[0] - sent)
        full.append(got[1] - sent)
    await asyncio.sleep(1.0)
    c.text.clear()
    c.since = 0
    chan.write(b"D")  # leave the game for the deck screen, then paste a deck there
    await wait_text(c, b"Leave this game")
    chan.write(b"y")
    await wait_text(c, b"Resume an unfinished game")
    chan.write(b"p")
    await wait_text(c, b"Paste a deck")
    c.since = len(c.text)
    chan.write(b"\x1b[200~" + DECK.replace(b"\n", b"\r") + b"\x1b[201~")
    await wait_text(c, b"60 main, 0 sideboard")
    await pasted.wait()  # memory is measured here
    await pasted.wait()
    chan.close()
    conn.close()
    return startup


def report_memory(where: str, mem: list[tuple[int, int]], server_share: float, srv_rss: int,
                  target: float) -> None:
    """One line: the mean PSS per session (game process plus its share of the server)."""
    n = len(mem) or 1
    mean_pss = sum(p for p, _ in mem) / n / 1024
    per_session = mean_pss + server_share
    print(f"memory per session {where}: {per_session:.1f} MB PSS (game process mean "
          f"{mean_pss:.1f} MB, max {max((p for p, _ in mem), default=0) / 1024:.1f} MB, RSS mean "
          f"{sum(r for _, r in mem) / n / 1024:.1f} MB; server +{server_share:.2f} MB each, "
          f"server RSS {srv_rss / 1024:.0f} MB)   target < {target} MB   "
          f"{'OK' if per_session < target else 'MISSED'}")


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds between keys (1.0)")
    args = ap.parse_args()

    load_before = os.getloadavg()[0]
    tmp = Path(tempfile.mkdtemp(prefix="stackfish-ssh-bench-"))
    player_keys = [asyncssh.generate_private_key("ssh-ed25519", comment=f"p{i:02d}")
                   for i in range(args.sessions)]
    (tmp / "authorized_keys").write_bytes(b"".join(k.export_public_key() for k in player_keys))
    env = dict(os.environ, STACKFISH_DATA_DIR=str(tmp / "data"))
    n = str(args.sessions)
    server = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", "serve", "--ssh", "--port", "0",
        "--authorized-keys", str(tmp / "authorized_keys"), "--max-sessions", n,
        "--max-per-address", n, "--max-startups", n, "--idle-timeout", "0",
        *(["--allow-root"] if os.geteuid() == 0 else []),
        env=env, cwd=str(REPO), stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE)
    while b"serving" not in (line := await server.stderr.readline()):
        if not line:
            print("the server did not start", file=sys.stderr)
            return 1
    port = int(line.split(b" on 127.0.0.1:")[1].split()[0])
    drain = asyncio.create_task(server.stderr.read())  # keep its log pipe flowing
    idle_pss, idle_rss = pss_kb(server.pid)
    cpu0 = cpu_seconds(server.pid)

    first: list[float] = []
    full: list[float] = []
    misses: list[int] = []
    ready = asyncio.Barrier(args.sessions + 1)
    pasted = asyncio.Barrier(args.sessions + 1)
    t0 = time.perf_counter()
    tasks = [asyncio.create_task(player(i, port, player_keys[i], args.seconds, args.think, first, full,
                                        misses, ready, pasted)) for i in range(args.sessions)]
    await asyncio.sleep(0.5)
    while ready.n_waiting < args.sessions:  # every game at its mulligan decision
        await asyncio.sleep(0.1)
    all_up = time.perf_counter() - t0
    up_cpu = sum(cpu_seconds(k) for k in children(server.pid))  # start-up of the games
    mem = [pss_kb(pid) for pid in children(server.pid)]
    srv_pss, srv_rss = pss_kb(server.pid)
    await ready.wait()
    await pasted.wait()
    mem_pasted = [pss_kb(pid) for pid in children(server.pid)]
    await pasted.wait()
    startups = await asyncio.gather(*tasks)
    cpu = cpu_seconds(server.pid) - cpu0
    own = time.process_time()
    for _ in range(100):  # the games end as their clients go
        if not children(server.pid):
            break
        await asyncio.sleep(0.1)
    games_cpu = cpu_seconds(server.pid, children=True)
    server.terminate()
    await server.wait()
    drain.cancel()
    shutil.rmtree(tmp, ignore_errors=True)

    server_share = max(0, srv_pss - idle_pss) / args.sessions / 1024
    print(f"sessions: {args.sessions} concurrent ({len(mem)} game processes seen), "
          f"all on screen after {all_up:.1f} s (each {statistics.mean(startups):.2f} s mean "
          f"from connect to game screen)")
    report_memory("at the mulligan screen", mem, server_share, srv_rss, 45)
    report_memory("after the deck and paste screens", mem_pasted, server_share, srv_rss, 80)
    print(f"key to first screen bytes: p50 {pct(first, 50) * 1000:.1f} ms, "
          f"p95 {pct(first, 95) * 1000:.1f} ms, max {max(first, default=0) * 1000:.1f} ms "
          f"over {len(first)} keys   target p95 < 100 ms   "
          f"{'OK' if pct(first, 95) < 0.1 else 'MISSED'}")
    print(f"key to complete screen update: p50 {pct(full, 50) * 1000:.1f} ms, "
          f"p95 {pct(full, 95) * 1000:.1f} ms, max {max(full, default=0) * 1000:.1f} ms")
    keys = len(first) + len(misses)
    print(f"keys without an update within 2 s: {len(misses)}")
    print(f"CPU over the run ({os.cpu_count()} cores): server {cpu:.1f} s, game processes "
          f"{games_cpu - up_cpu:.1f} s playing ({(games_cpu - up_cpu) / max(1, keys) * 1000:.0f} ms "
          f"a key) + {up_cpu:.1f} s starting, these clients {own:.1f} s; {keys} keys in "
          f"{args.seconds:.0f} s")
    print(f"load average before the run: {load_before:.1f} (other work on the machine skews "
          "every figure above)")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

"""The child side of an SSH session (see :mod:`tui.ssh`): ``python -P -m tui.ssh_child ARGS``.

It makes the session's pty its controlling terminal (so the kernel sends it
``SIGWINCH`` on a resize and ``SIGHUP`` when the player goes, as for any
terminal program), fences the process in to the player's own directory
(``$STACKFISH_DATA_DIR``), then runs the ordinary ``stackfish`` CLI.

The fence: the TUI's command line accepts any scenario action, so the process
itself must be unable to read another player's files or the server's.  With
Linux Landlock (5.13+) the kernel enforces it (:func:`allowed_paths`): read-only
access to the Python installation, the shared libraries, the stackfish packages
(not the checkout around them) and ``/proc/self``; read-write access to the
player's directory (no links, devices, fifos or sockets made there), its own
pty and ``/dev/null``; nothing else, no TCP, and (ABI 6) no signal to a process
outside the fence.  Without Landlock a Python audit hook refuses ``open`` of any
other path (weaker: it covers Python code, which is all the game runs).  The
address space is limited (:data:`MEMORY_LIMIT`) so a runaway game fails alone.

Kept free of heavy imports (no asyncssh): it is the start of every session.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import sys
from importlib.metadata import entry_points

_SYS_CREATE_RULESET, _SYS_ADD_RULE, _SYS_RESTRICT_SELF = 444, 445, 446  # same on all arches
_PR_SET_NO_NEW_PRIVS = 38
_RULE_PATH_BENEATH = 1
_CREATE_RULESET_VERSION = 1

# Landlock filesystem rights (linux/landlock.h), and those handled by each ABI version.
(_EXECUTE, _WRITE_FILE, _READ_FILE, _READ_DIR, _REMOVE_DIR, _REMOVE_FILE, _MAKE_CHAR, _MAKE_DIR,
 _MAKE_REG, _MAKE_SOCK, _MAKE_FIFO, _MAKE_BLOCK, _MAKE_SYM, _REFER, _TRUNCATE,
 _IOCTL_DEV) = (1 << i for i in range(16))
_FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1}
_FS_LATEST = (1 << 16) - 1
_NET_BIND_TCP, _NET_CONNECT_TCP = 1, 2
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1, 2

READ = _EXECUTE | _READ_FILE | _READ_DIR
"""The interpreter, the libraries and the stackfish packages: read and run, nothing else."""
OWN = (_READ_FILE | _WRITE_FILE | _READ_DIR | _REMOVE_DIR | _REMOVE_FILE | _MAKE_DIR | _MAKE_REG
       | _REFER | _TRUNCATE)
"""The player's directory: files and directories, but no links, devices, fifos or sockets
(so the server never meets a symlink the game planted) and nothing executed."""
DEVICE = _READ_FILE | _WRITE_FILE | _IOCTL_DEV
"""The player's own terminal and /dev/null."""

SYSTEM_READ = ("/lib", "/lib64", "/lib32", "/usr/lib", "/usr/lib64", "/usr/share/zoneinfo",
               "/etc/localtime", "/etc/ld.so.cache", "/dev/urandom", "/dev/random")
"""Shared libraries (a lazily imported extension module loads its own), the time zone,
the dynamic loader's cache and the random devices: nothing else of /etc, /dev, /proc, /sys."""


def allowed_paths(user_dir: str) -> tuple[list[str], list[str], list[str]]:
    """(read-only, the player's, devices) paths for a session of ``user_dir``: the
    interpreter, the stackfish packages and those of installed plugins (not the
    checkout they may live in, nor the rest of ``sys.path``), /proc/self, the
    player's directory, its terminal, /dev/null."""
    read = set(SYSTEM_READ)
    for p in (sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
              os.path.dirname(os.path.realpath(sys.executable))):
        read.add(p)
    plugins = {ep.module.split(".")[0] for ep in entry_points(group="stackfish")}
    for name in {"mechanics", "tui", "plugins"} | plugins:  # a plugin may live anywhere
        spec = importlib.util.find_spec(name)
        if spec is not None:
            read.update(spec.submodule_search_locations or [spec.origin or ""])
    read.add(f"/proc/{os.getpid()}")  # /proc/self; not the server's, nor another session's
    devices = ["/dev/null"]
    try:
        devices.append(os.ttyname(0))  # the session's own pty, and no other
    except OSError:
        pass
    return (sorted(p for p in read if os.path.exists(p)), [user_dir],
            [p for p in devices if os.path.exists(p)])


def _landlock(read: list[str], own: list[str], devices: list[str]) -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        abi = libc.syscall(_SYS_CREATE_RULESET, None, ctypes.c_size_t(0),
                           ctypes.c_uint32(_CREATE_RULESET_VERSION))
    except (OSError, AttributeError):
        return False
    if abi < 1:
        return False
    fs = _FS_BY_ABI.get(abi, _FS_LATEST)
    net = (_NET_BIND_TCP | _NET_CONNECT_TCP) if abi >= 4 else 0
    scoped = (_SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL) if abi >= 6 else 0
    attr = (ctypes.c_uint64 * 3)(fs, net, scoped)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8
    ruleset = libc.syscall(_SYS_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size),
                           ctypes.c_uint32(0))
    if ruleset < 0:
        return False

    class PathBeneath(ctypes.Structure):
        _pack_ = 1
        _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]

    file_rights = _EXECUTE | _WRITE_FILE | _READ_FILE | _TRUNCATE | _IOCTL_DEV
    try:
        for paths, access in ((read, READ), (own, OWN), (devices, DEVICE)):
            for path in paths:
                try:
                    fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
                except OSError:
                    continue
                try:
                    rights = access if os.path.isdir(path) else access & file_rights
                    rule = PathBeneath(rights & fs, fd)
                    if libc.syscall(_SYS_ADD_RULE, ruleset, _RULE_PATH_BENEATH,
                                    ctypes.byref(rule), ctypes.c_uint32(0)) != 0:
                        return False
                finally:
                    os.close(fd)
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return False
        return libc.syscall(_SYS_RESTRICT_SELF, ruleset, ctypes.c_uint32(0)) == 0
    finally:
        os.close(ruleset)


def _audit_fence(read: list[str], own: list[str], devices: list[str]) -> None:
    def roots(paths: list[str]) -> tuple[str, ...]:
        return tuple(os.path.realpath(p).rstrip("/") + ("/" if os.path.isdir(p) else "")
                     for p in paths)

    roots_r, roots_w = roots(read + own + devices), roots(own + devices)

    def hook(event: str, args: tuple) -> None:
        if event != "open" or not args or isinstance(args[0], int) or args[0] is None:
            return
        path = os.path.realpath(os.fsdecode(args[0]))
        mode = args[1] if len(args) > 1 and isinstance(args[1], str) else "r"
        flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
        writing = any(c in mode for c in "wax+") or flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        allowed = roots_w if writing else roots_r
        if not (path in allowed or (path + "/").startswith(tuple(r for r in allowed
                                                                 if r.endswith("/")))):
            raise PermissionError(f"{args[0]}: not available in an SSH session")

    sys.addaudithook(hook)


def fence(user_dir: str) -> str:
    """Confine this process to ``user_dir`` (see the module doc); returns how."""
    paths = allowed_paths(user_dir)
    if os.environ.get("STACKFISH_SSH_FENCE", "") != "audit" and _landlock(*paths):
        return "landlock"
    _audit_fence(*paths)
    return "audit"


MEMORY_LIMIT = 1536 << 20
"""Address space a session may use (a game uses ~300 MB): a runaway one fails alone."""


def main(argv: list[str]) -> int:
    import fcntl
    import resource
    import termios

    try:
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (OSError, ValueError):
        pass
    user_dir = os.environ.get("STACKFISH_DATA_DIR")
    if not user_dir:
        print("stackfish: no player directory", file=sys.stderr)
        return 2
    from tui.cli import main as cli_main  # imported before the fence: from the checkout too

    os.environ["STACKFISH_SSH_FENCED"] = fence(os.path.realpath(user_dir))
    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

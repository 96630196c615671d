"""The child side of an SSH session (see :mod:`tui.ssh`): ``python -P -m tui.ssh_child ARGS``.

It makes the session's pty its controlling terminal (so the kernel sends it
``SIGWINCH`` on a resize and ``SIGHUP`` when the player goes, as for any
terminal program), fences the process in to the player's own directory
(``$STACKFISH_DATA_DIR``), then runs the ordinary ``stackfish`` CLI.

The fence: the TUI's command line accepts any scenario action, ``deck p1 PATH``
included, so the process itself must be unable to read another player's files
or the server's.  With Linux Landlock (5.13+) the kernel enforces it: read-only
access to the Python installation, the stackfish packages and the system
directories, read-write access to the player's directory and ``/dev``, nothing
else, and no TCP.  Without Landlock a Python audit hook refuses ``open`` of any
other path (weaker: it covers Python code, which is all the game runs).  The
address space is limited (:data:`MEMORY_LIMIT`) so a runaway game fails alone.

Kept free of heavy imports (no asyncssh): it is the start of every session.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import sys

_SYS_CREATE_RULESET, _SYS_ADD_RULE, _SYS_RESTRICT_SELF = 444, 445, 446  # same on all arches
_PR_SET_NO_NEW_PRIVS = 38
_RULE_PATH_BENEATH = 1
_CREATE_RULESET_VERSION = 1

_EXECUTE, _WRITE_FILE, _READ_FILE, _READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_FS_ABI1 = (1 << 13) - 1          # EXECUTE .. MAKE_SYM
_FS_BY_ABI = {1: _FS_ABI1, 2: _FS_ABI1 | 1 << 13, 3: _FS_ABI1 | 3 << 13, 4: _FS_ABI1 | 3 << 13,
              5: _FS_ABI1 | 7 << 13}
_READ = _EXECUTE | _READ_FILE | _READ_DIR
_NET_BIND_TCP, _NET_CONNECT_TCP = 1, 2

SYSTEM_READ = ("/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin", "/etc", "/proc", "/sys",
               "/opt")


def allowed_paths(user_dir: str) -> tuple[list[str], list[str]]:
    """(read-only, read-write) directories for a session of ``user_dir``."""
    read = set(SYSTEM_READ)
    for p in (sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
              os.path.dirname(os.path.realpath(sys.executable))):
        read.add(p)
    for p in sys.path:
        if p and os.path.isabs(p):
            read.add(p)
    for name in ("mechanics", "tui", "plugins"):
        spec = importlib.util.find_spec(name)
        for loc in (spec.submodule_search_locations or []) if spec else []:
            read.add(loc)
    write = [user_dir, "/dev"]
    return sorted(p for p in read if os.path.exists(p)), write


def _landlock(read: list[str], write: list[str]) -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        abi = libc.syscall(_SYS_CREATE_RULESET, None, ctypes.c_size_t(0),
                           ctypes.c_uint32(_CREATE_RULESET_VERSION))
    except (OSError, AttributeError):
        return False
    if abi < 1:
        return False
    fs = _FS_BY_ABI.get(abi, _FS_BY_ABI[5])
    net = (_NET_BIND_TCP | _NET_CONNECT_TCP) if abi >= 4 else 0
    attr = (ctypes.c_uint64 * 2)(fs, net)
    size = 16 if abi >= 4 else 8
    ruleset = libc.syscall(_SYS_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size),
                           ctypes.c_uint32(0))
    if ruleset < 0:
        return False

    class PathBeneath(ctypes.Structure):
        _pack_ = 1
        _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]

    try:
        for paths, access in ((read, _READ & fs), (write, fs)):
            for path in paths:
                try:
                    fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
                except OSError:
                    continue
                try:
                    rights = access if os.path.isdir(path) else access & (_EXECUTE | _READ_FILE | _WRITE_FILE | 1 << 14)
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


def _audit_fence(read: list[str], write: list[str]) -> None:
    roots_r = tuple(os.path.realpath(p).rstrip("/") + "/" for p in read + write)
    roots_w = tuple(os.path.realpath(p).rstrip("/") + "/" for p in write)

    def hook(event: str, args: tuple) -> None:
        if event != "open" or not args or isinstance(args[0], int) or args[0] is None:
            return
        path = os.path.realpath(os.fsdecode(args[0])) + "/"
        mode = args[1] if len(args) > 1 and isinstance(args[1], str) else "r"
        flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
        writing = any(c in mode for c in "wax+") or flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        if not path.startswith(roots_w if writing else roots_r):
            raise PermissionError(f"{args[0]}: not available in an SSH session")

    sys.addaudithook(hook)


def fence(user_dir: str) -> str:
    """Confine this process to ``user_dir`` (see the module doc); returns how."""
    read, write = allowed_paths(user_dir)
    if os.environ.get("STACKFISH_SSH_FENCE", "") != "audit" and _landlock(read, write):
        return "landlock"
    _audit_fence(read, write)
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
    os.environ["STACKFISH_SSH_FENCED"] = fence(os.path.realpath(user_dir))
    from tui.cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

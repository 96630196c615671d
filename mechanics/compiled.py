"""The optional compiled engine: ``stackfish compile`` and the import hook that loads it.

``stackfish compile`` (needs ``pip install 'stackfish[fast]'``: Cython 3 and setuptools,
and a C compiler) compiles the engine's hot modules (:data:`MODULES`) with Cython in
pure-Python mode: the same ``.py`` files, unchanged, made into C extension modules,
which play the same games on less CPU (docs/simulate.md has the figures).  Nothing
else changes: no ``cdef``, no module edited for Cython, no compiled file in the
source tree.

The builds live in a per-user cache directory (:func:`cache_dir`), one directory per
Python version and platform, each module stored under the hash of the exact source
it was built from (and of the build's directives): ``mechanics.rules.turn-<hash>.so``.
:func:`install`, run by ``mechanics/__init__.py`` before any engine module is
imported, puts a finder at the front of ``sys.meta_path`` when a build exists and
``STACKFISH_PURE`` is not set (nor empty).  For a module with a build it hashes the
module's current ``.py`` and loads the compiled form only if that hash has one; an
edited source is loaded from its ``.py``, never shadowed by an old build (the stale
guard).  Processes started from this one (``simulate --jobs``, a local Dask cluster)
import ``mechanics`` too, so they run the same engine.

This module imports nothing of the engine (it runs before it); the build's own
imports (Cython, setuptools) are made only by :func:`build`.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import sysconfig
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import platformdirs

#: the modules compiled, as paths under ``mechanics/`` (``rules/*``: each module of
#: rules/ but its ``__init__``): where a game's bytecodes are spent
#: (``benchmarks/simulate.py --count --functions N``).  The one list of them.  Measured
#: with valgrind (instructions per red game, games 11-60, at 2c0967d): pure 10.19M;
#: these (54 modules then) 9.12M; without text/, ai/intent and plugin_api/hookcheck
#: 9.19M; only the 12 modules running the most bytecodes 9.64M.  io/, store/ and
#: text/oracle/ run no bytecode in a game once its cards are read.
MODULES = ("rules/*", "play/*", "model/*", "abilities/*", "text/*", "ai/autopilot", "ai/known",
           "ai/decisions", "ai/intent", "ai/simulate", "plugin_api/plugin_manager",
           "plugin_api/isolation", "plugin_api/hookcheck")
#: modules those patterns take in that stay Python, and why
PURE = {
    "model/oracle": "a zero-argument super() in a generator expression raises RuntimeError "
                    "compiled (Cython 3.3: no __class__ cell there); card lookups, 0.2% of a game",
    "rules/protocols": "typing protocols: no game code, and tests/test_rules_protocols.py reads "
                       "their methods with inspect",
}
#: Cython's directives: Python 3 semantics; annotations are not C types (pure-Python
#: mode, every annotation stays a hint); functions keep Python's introspection
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}
PACKAGE = Path(__file__).resolve().parent
_EXT = sysconfig.get_config_var("EXT_SUFFIX") or ".so"  # .cpython-311-x86_64-linux-gnu.so
#: the build's directory name: this Python's version, ABI and platform
TAG = _EXT.strip(".").rpartition(".")[0] or sys.implementation.cache_tag
SUFFIX = "." + _EXT.rpartition(".")[2]  # .so, .pyd


class BuildError(Exception):
    """``stackfish compile`` could not build: what is missing, or the compiler's last words."""


def cache_dir() -> Path:
    """Where this Python's builds are kept: ``$STACKFISH_CACHE_DIR``, else the platform's
    user cache directory (``~/.cache/stackfish`` on Linux), then ``compiled/<TAG>``."""
    base = os.environ.get("STACKFISH_CACHE_DIR") or platformdirs.user_cache_dir("stackfish")
    return Path(base) / "compiled" / TAG


def source_hash(source: bytes) -> str:
    """The key a build of ``source`` is stored under: the source's and the directives' hash."""
    import hashlib  # (only where there are builds: it loads OpenSSL)

    return hashlib.sha256(repr(sorted(DIRECTIVES.items())).encode() + b"\0" + source).hexdigest()[:24]


def modules(package_dir: Path = PACKAGE) -> dict[str, Path]:
    """The dotted name and ``.py`` file of each module :data:`MODULES` names but :data:`PURE`."""
    found = {}
    for pattern in MODULES:
        for path in sorted(package_dir.glob(pattern + ".py")):
            rel = path.relative_to(package_dir).with_suffix("")
            if path.name != "__init__.py" and rel.as_posix() not in PURE:
                found[".".join((package_dir.name, *rel.parts))] = path
    return found


def builds(directory: Path) -> dict[str, dict[str, Path]]:
    """The builds in ``directory``: module name -> {source hash: file}."""
    out: dict[str, dict[str, Path]] = {}
    try:
        names = os.listdir(directory)
    except OSError:
        return out
    for name in names:
        if name.endswith(SUFFIX):
            module, _, digest = name[: -len(SUFFIX)].rpartition("-")
            out.setdefault(module, {})[digest] = directory / name
    return out


class CompiledFinder:
    """A ``sys.meta_path`` finder: loads a module's build when its current source has one
    (the stale guard); ``loaded`` says, per module with builds, whether it was loaded
    compiled."""

    def __init__(self, built: dict[str, dict[str, Path]]) -> None:
        self.built = built
        self.loaded: dict[str, bool] = {}

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> object:
        versions = self.built.get(fullname)
        if versions is None or path is None:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not (spec.origin or "").endswith(".py"):
            return spec
        try:
            so = versions.get(source_hash(Path(spec.origin).read_bytes()))
        except OSError:
            so = None
        self.loaded[fullname] = so is not None
        if so is None:
            return spec  # edited since the build (or never built as it is): its .py
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(so))
        return importlib.util.spec_from_file_location(fullname, so, loader=loader)


#: the finder :func:`install` put in ``sys.meta_path``, or None (pure Python)
FINDER: CompiledFinder | None = None


def pure() -> bool:
    """``STACKFISH_PURE`` set (and not empty), or not CPython: the engine runs as Python."""
    return bool(os.environ.get("STACKFISH_PURE")) or sys.implementation.name != "cpython"


def install() -> CompiledFinder | None:
    """Put the finder in front of ``sys.meta_path`` when a build exists and the engine
    is not asked to run pure; only once a process."""
    global FINDER
    if FINDER is None and not pure():
        built = builds(cache_dir())
        if built:
            FINDER = CompiledFinder(built)
            sys.meta_path.insert(0, FINDER)
    return FINDER


def status(package_dir: Path = PACKAGE) -> tuple[list[str], list[str], list[str]]:
    """The modules :data:`MODULES` names whose current source has a build, those whose
    build is of another source (edited since), and those never built."""
    built = builds(cache_dir())
    current, stale, missing = [], [], []
    for name, path in modules(package_dir).items():
        if name not in built:
            missing.append(name)
        elif source_hash(path.read_bytes()) in built[name]:
            current.append(name)
        else:
            stale.append(name)
    return current, stale, missing


def engine_line() -> str:
    """One line: whether this process runs the compiled engine (for ``simulate``'s output)."""
    if FINDER is None:
        why = "STACKFISH_PURE is set" if os.environ.get("STACKFISH_PURE") else \
            "no compiled build: `stackfish compile` makes one"
        return f"engine: pure Python ({why})"
    edited = sum(not v for v in FINDER.loaded.values())
    more = f"; {edited} edited since the build run as Python: `stackfish compile`" if edited else ""
    return (f"engine: compiled ({sum(FINDER.loaded.values())} modules in use{more}; "
            "STACKFISH_PURE=1: pure Python)")


def build(names: Iterable[str] | None = None, directory: Path | None = None, jobs: int | None = None,
          package_dir: Path = PACKAGE, log: Path | None = None) -> list[str]:
    """Compile the modules ``names`` (default: all of :data:`MODULES`) whose current source
    has no build yet into ``directory`` (default :func:`cache_dir`), on ``jobs`` processes
    (default: every core); drop the builds of other sources of the same modules and of
    modules no longer listed.  Returns the names compiled.  The compiler's output goes to
    ``log`` (a temporary file by default), shown in the :class:`BuildError` if it fails."""
    try:
        import Cython
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
    except ImportError as exc:
        raise BuildError(f"stackfish compile needs Cython 3 and setuptools ({exc.name or 'Cython'} is missing): "
                         "pip install 'stackfish[fast]'") from None
    if int(Cython.__version__.split(".")[0]) < 3:
        raise BuildError(f"stackfish compile needs Cython 3 or newer (found {Cython.__version__}): "
                         "pip install 'stackfish[fast]'")
    if sys.implementation.name != "cpython":
        raise BuildError(f"stackfish compile builds CPython extension modules (this is {sys.implementation.name})")
    directory = directory or cache_dir()
    listed = modules(package_dir)
    wanted = {n: listed[n] for n in (listed if names is None else names)}
    built = builds(directory)
    sources = {n: p.read_bytes() for n, p in wanted.items()}  # hashed as compiled, even if edited meanwhile
    todo = [n for n, s in sources.items() if source_hash(s) not in built.get(n, {})]
    jobs = jobs or (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)
    import tempfile

    with tempfile.TemporaryDirectory(prefix="stackfish-compile-") as tmp:
        log = log or Path(tmp, "build.log")
        if todo:
            extensions = []
            for name in todo:
                copy = Path(tmp, "src", *name.split(".")).with_suffix(".py")
                copy.parent.mkdir(parents=True, exist_ok=True)
                for package in copy.relative_to(Path(tmp, "src")).parents[:-1]:  # Cython names
                    Path(tmp, "src", package, "__init__.py").touch()  # the module by its packages
                copy.write_bytes(sources[name])
                extensions.append(Extension(name, [str(copy)]))
            dist = Distribution({"name": "stackfish-compiled", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.build_lib, command.build_temp, command.parallel = str(Path(tmp, "lib")), str(Path(tmp, "tmp")), jobs
            try:
                with _output_to(log):
                    dist.ext_modules = cythonize(extensions, nthreads=jobs, quiet=True, force=True,
                                                 compiler_directives=dict(DIRECTIVES))
                    dist.run_command("build_ext")
            except (Exception, SystemExit) as exc:
                tail = "\n".join(log.read_text(errors="replace").splitlines()[-15:])
                raise BuildError(f"compiling failed ({exc}); the compiler said:\n{tail}") from None
            try:
                directory.mkdir(parents=True, exist_ok=True)
                for name in todo:
                    target = directory / f"{name}-{source_hash(sources[name])}{SUFFIX}"
                    partial = target.with_name(target.name + f".{os.getpid()}.part")
                    partial.write_bytes(Path(command.get_ext_fullpath(name)).read_bytes())
                    os.replace(partial, target)  # a process loading it meanwhile sees it whole
            except OSError as exc:
                raise BuildError(f"{exc.filename or directory}: {exc.strerror or exc} "
                                 "(STACKFISH_CACHE_DIR chooses another directory)") from None
        keep = {f"{n}-{source_hash(s)}{SUFFIX}" for n, s in sources.items()}
        for name, versions in builds(directory).items():
            for file in versions.values():
                if (name not in listed or name in wanted) and file.name not in keep:
                    _remove(file)
    return todo


def _remove(file: Path) -> None:
    try:
        file.unlink()
    except OSError:  # in use (Windows): the next compile removes it
        pass


@contextmanager
def _output_to(log: Path) -> Iterator[None]:
    """Send this process's (and its children's) stdout and stderr to ``log``: the C
    compiler's warnings run to hundreds of lines."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with open(log, "ab") as out:
        os.dup2(out.fileno(), 1)
        os.dup2(out.fileno(), 2)
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        os.close(saved[0])
        os.close(saved[1])

"""Writing the harness's files so that a failure cannot lose what was
written before: every report, JUnit file, finding record and reproducer
goes through here.

A file is written to a temporary file next to it, flushed to disk (fsync),
and renamed over the old one (then the folder is synced): a reader sees the
old file or the new one, never a truncated one. `write_files` writes
several files as one step: all temporary files first, renamed only when
every one was written, so a report.json never goes with another run's
report.md or junit.xml.

A write that fails (disk full, read-only or removed --out, quota) removes
its temporary files and raises WriteError: an environment error, not a
finding (dealloc-harness exits ENVIRONMENT_ERROR with its message,
docs/conformance-reference.md). The failure is also remembered
(`failures()`) and stops the campaign at its next cancel point like an
interrupt (interrupt.request_stop): its report, if it can still be
written, is marked interrupted.
"""

import errno
import os
import tempfile

from . import interrupt

# Exit code of dealloc-harness when a file could not be written.
ENVIRONMENT_ERROR = 4
# OSErrors of any other write that are the environment's, not the run's.
ENVIRONMENT_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO,
                      errno.EFBIG}

_failures = []


class WriteError(OSError):
    """A file of the harness's could not be written; `str()` names the file
    and the reason."""

    def __str__(self):
        return self.strerror


def failures():
    """Messages of the write failures in this process so far."""
    return list(_failures)


def forget_failures():
    """Start a new command (cli.main) with no failure noted."""
    _failures.clear()


def _temp_for(path):
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory,
                               prefix=f".{os.path.basename(path)}.",
                               suffix=".tmp")
    return fd, tmp


def _write_temp(path, data):
    """Write `data` (bytes) to a new temporary file next to `path`, fsynced;
    its name."""
    fd, tmp = _temp_for(path)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        _remove(tmp)
        raise
    return tmp


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _sync_dir(directory):
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _encode(text):
    if isinstance(text, bytes):
        return text
    return text.encode("utf-8", errors="surrogateescape")


def write_files(files):
    """Write {path: text or bytes} as one step: every file is replaced, or
    (WriteError) none is and the temporary files are gone."""
    temps = []
    path = next(iter(files), "?")
    try:
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            temps.append((_write_temp(path, _encode(text)), path))
        for tmp, path in temps:
            os.replace(tmp, path)
    except OSError as exc:
        for tmp, _ in temps:
            _remove(tmp)
        message = f"cannot write {path}: {exc.strerror or exc}"
        _failures.append(message)
        interrupt.request_stop()
        raise WriteError(exc.errno, message) from None
    for directory in sorted({os.path.dirname(os.path.abspath(p)) for p in files}):
        _sync_dir(directory)


def write_text(path, text):
    """Write one file atomically (see write_files)."""
    write_files({path: text})

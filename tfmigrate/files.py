"""Reading and writing source files without losing a byte we did not mean to change.

Encoding comes from the BOM or the PEP 263 cookie (as Python itself decides it), line
endings are left inside the text untouched (LibCST keeps them), and writes go through a
temporary file in the same folder followed by os.replace, so a crash mid-write leaves
either the old file or the new one, never half of each. A file whose bytes changed after
they were read (an editor, a second tfmigrate, a pre-commit hook in another terminal) is
not replaced: the rewrite of the old bytes would silently undo that edit.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import tempfile
import tokenize
from dataclasses import dataclass
from typing import Optional


class SourceError(Exception):
    """The file cannot be decoded as Python source; it is reported and left alone."""


class ChangedDuringRun(Exception):
    """The file's bytes on disk are no longer the ones that were read and rewritten."""

    message = "changed during the run; left as it is (run tfmigrate again on it)"

    def __init__(self, path: str) -> None:
        super().__init__(f"{path}: {self.message}")
        self.path = path


@dataclass(frozen=True)
class Source:
    text: str
    encoding: str  # as Python names it; "utf-8-sig" means the file has a BOM

    def encode(self, text: str) -> bytes:
        return text.encode(self.encoding)


def decode(data: bytes) -> Source:
    """Decode bytes the way the Python interpreter would, or raise SourceError."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        text = data.decode(encoding)
    except (SyntaxError, LookupError, UnicodeDecodeError) as exc:
        raise SourceError(f"cannot decode: {exc}") from exc
    source = Source(text, encoding)
    if source.encode(text) != data:
        # Some codecs do not round-trip every byte sequence; never risk a silent change.
        raise SourceError(f"{encoding} does not round-trip this file's bytes")
    return source


def read_source(path: str) -> bytes:
    """The bytes of a regular file. A FIFO or device named like a source file raises
    OSError instead of blocking the run (opened without blocking, then checked)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        return fh.read()


def write_atomic(path: str, data: bytes, expected: Optional[bytes] = None) -> None:
    """Replace `path` (a regular file) with `data`, keeping its permission bits.

    The file must still exist: a file deleted while we worked is not recreated. A file
    its owner made read-only is not replaced (os.replace only needs the folder writable).
    With `expected` (the bytes the rewrite was made from), a file whose bytes are no
    longer those is not replaced either: ChangedDuringRun.
    """
    st = os.stat(path)  # raises FileNotFoundError if it vanished mid-run
    if not os.access(path, os.W_OK):
        raise PermissionError(errno.EACCES, "the file is read-only", path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(path) + ".", suffix=".tfmigrate")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, stat.S_IMODE(st.st_mode))
        try:
            os.chown(tmp, st.st_uid, st.st_gid)
        except (PermissionError, AttributeError):
            pass  # not root: the file keeps our uid, which is what editing it would do
        # Checked last, right before the replace, to keep the window in which another
        # writer's edit could still be lost as short as this process can make it (the
        # temporary file is already written and synced). The bytes are compared, not
        # size + mtime_ns + inode: an edit of the same size within one timestamp tick
        # (coarse on some filesystems, and tools that restore mtimes) would pass that
        # test, and an editor's own atomic save changes the inode of a file whose bytes
        # may be unchanged. Reading a file we are about to rewrite anyway costs little
        # next to parsing it, and only files that are rewritten pay it.
        if expected is not None and _current_bytes(path) != expected:
            raise ChangedDuringRun(path)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _current_bytes(path: str) -> Optional[bytes]:
    try:
        return read_source(path)
    except OSError:
        return None  # gone, or no longer a regular file: not what was read either

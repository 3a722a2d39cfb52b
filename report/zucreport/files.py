# SPDX-License-Identifier: Apache-2.0
"""Writing the report's files: each one complete or not at all."""

import os
import tempfile
from pathlib import Path


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(path: Path, data: bytes) -> None:
    """Writes a temporary file beside path, then renames it over path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        # mkstemp makes the file private; the report is an ordinary file.
        os.fchmod(fd, 0o666 & ~_current_umask())
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def remove_stale_charts(charts_dir: Path, keep: set[str]) -> None:
    """PNGs of an earlier render that this one did not draw would mislead: remove them."""
    if not charts_dir.is_dir():
        return
    for png in charts_dir.glob("*.png"):
        if png.name not in keep:
            png.unlink()

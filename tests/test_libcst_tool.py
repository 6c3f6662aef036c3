"""Our codemods also run through LibCST's own runner, for teams that already use it."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_config_proto_command_through_libcst_tool(tmp_path: Path) -> None:
    shutil.copy(ROOT / ".libcst.codemod.yaml", tmp_path)
    src = tmp_path / "train.py"
    src.write_text("import tensorflow as tf\nsess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))\n")
    proc = subprocess.run(
        [sys.executable, "-m", "libcst.tool", "codemod", "config_proto.ConfigProtoCommand", "--no-format", str(src)],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert "Transformed 1 files successfully" in proc.stderr, proc.stderr
    assert src.read_text() == (
        "import tensorflow as tf\ntf.config.set_soft_device_placement(True)\nsess = tf.compat.v1.Session()\n"
    )

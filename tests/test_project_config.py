"""[tool.tfmigrate] in pyproject.toml: found, validated, and overridden by the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_cli import TF1, TF2
from tfmigrate import project_config
from tfmigrate.cli import main
from tfmigrate.project_config import ConfigError, ProjectConfig

DEVICE = "import tensorflow as tf\nok = tf.test.is_gpu_available()\n"
DEVICE_AFTER = 'import tensorflow as tf\nok = bool(tf.config.list_physical_devices("GPU"))\n'


def write_config(folder: Path, body: str) -> Path:
    path = folder / "pyproject.toml"
    path.write_text('[project]\nname = "demo"\n\n[tool.tfmigrate]\n' + body)
    return path


def test_every_key_is_read(tmp_path):
    path = write_config(tmp_path, 'select = ["TFM1", "tfm3"]\nignore = ["TFM112"]\n'
                                  'exclude = ["legacy/*"]\ntarget-version = "2.21"\n')
    assert project_config.load(str(path)) == ProjectConfig(
        path=str(path), select=("TFM1", "TFM3"), ignore=("TFM112",), exclude=("legacy/*",), target_version="2.21")


def test_a_pyproject_without_the_table_gives_no_settings(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "tfmigrate-user"\n')
    assert project_config.discover([str(tmp_path)]) == ProjectConfig()


@pytest.mark.parametrize("body, message", [
    ('selct = ["TFM1"]\n', "unknown key 'selct'"),
    ('select = "TFM1"\n', "select must be a list of strings"),
    ('ignore = ["E501"]\n', "E501 is not a rule code or prefix"),
    ('target-version = 2.21\n', 'target-version must be a string like "2.21"'),
    ('target-version = "1.15"\n', "must be a TensorFlow 2.x release"),
    ('select = [\n', "not valid TOML"),
])
def test_mistakes_are_errors(tmp_path, body, message):
    path = write_config(tmp_path, body)
    with pytest.raises(ConfigError, match=message):
        project_config.load(str(path))


def test_the_nearest_configured_pyproject_wins(tmp_path):
    write_config(tmp_path, 'select = ["TFM3"]\n')
    inner = tmp_path / "pkg" / "sub"
    inner.mkdir(parents=True)
    (tmp_path / "pkg" / "pyproject.toml").write_text('[project]\nname = "pkg"\n')  # no table: looked past
    found = project_config.discover([str(inner / "a.py"), str(tmp_path / "pkg")])
    assert found.path == str(tmp_path / "pyproject.toml") and found.select == ("TFM3",)


def test_search_starts_at_the_folder_the_paths_share(tmp_path, monkeypatch):
    (tmp_path / "a" / "x").mkdir(parents=True)
    (tmp_path / "a" / "y").mkdir()
    assert project_config.search_start([str(tmp_path / "a" / "x"), str(tmp_path / "a" / "y" / "f.py")]) == str(
        tmp_path / "a")
    monkeypatch.chdir(tmp_path / "a" / "x")
    assert project_config.search_start([]) == str(tmp_path / "a" / "x")
    assert project_config.search_start(["-"]) == str(tmp_path / "a" / "x")


# -- through the command line -------------------------------------------------------------------


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "session.py").write_text(TF1)
    (tmp_path / "src" / "device.py").write_text(DEVICE)
    (tmp_path / "legacy").mkdir()
    (tmp_path / "legacy" / "old.py").write_text(TF1)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def rewrite(*args: str) -> int:
    return main(["rewrite", "-j", "1", *args])


def test_config_select_and_exclude_apply(project):
    write_config(project, 'select = ["TFM3"]\nexclude = ["legacy/*"]\n')
    assert rewrite(".") == 1
    assert (project / "src" / "device.py").read_text() == DEVICE_AFTER
    assert (project / "src" / "session.py").read_text() == TF1  # TFM1 not selected
    assert (project / "legacy" / "old.py").read_text() == TF1


def test_config_exclude_is_relative_to_the_pyproject_and_holds_for_named_files(project):
    # As pre-commit calls it: from a subfolder, every file named.
    write_config(project, 'exclude = ["legacy/*"]\n')
    (project / "legacy" / "deeper").mkdir()
    (project / "legacy" / "deeper" / "x.py").write_text(TF1)
    assert rewrite(str(project / "legacy" / "old.py"), str(project / "legacy" / "deeper" / "x.py")) == 0
    assert (project / "legacy" / "old.py").read_text() == TF1
    assert (project / "legacy" / "deeper" / "x.py").read_text() == TF1


def test_command_line_overrides_the_config(project):
    write_config(project, 'select = ["TFM3"]\n')
    assert rewrite("--select", "TFM1", "src") == 1
    assert (project / "src" / "session.py").read_text() == TF2
    assert (project / "src" / "device.py").read_text() == DEVICE


def test_command_line_ignore_overrides_the_config_ignore(project):
    write_config(project, 'ignore = ["TFM3"]\n')
    assert rewrite("--ignore", "TFM1", "src") == 1
    assert (project / "src" / "device.py").read_text() == DEVICE_AFTER
    assert (project / "src" / "session.py").read_text() == TF1


def test_no_config_and_explicit_config(project, tmp_path_factory):
    write_config(project, 'select = ["TFM3"]\n')
    assert rewrite("--no-config", "src/session.py") == 1
    assert (project / "src" / "session.py").read_text() == TF2
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    other = write_config(elsewhere, 'exclude = ["device.py"]\n')
    assert rewrite("--config", str(other), "src") == 0
    assert (project / "src" / "device.py").read_text() == DEVICE


def test_bad_config_stops_the_run_before_any_file(project, capsys):
    write_config(project, 'ignroe = ["TFM1"]\n')
    assert rewrite(".") == 2
    assert (project / "src" / "session.py").read_text() == TF1
    err = capsys.readouterr().err
    assert err == (f"tfmigrate: error: {project / 'pyproject.toml'}: [tool.tfmigrate] unknown key 'ignroe' "
                   "(known: select, ignore, exclude, target-version)\n")


def test_target_version_reaches_the_engine(project, monkeypatch):
    import tfmigrate.cli as cli

    seen = []
    real = cli.process_many
    monkeypatch.setattr(cli, "process_many", lambda items, options, *rest: (seen.append(options), real(items, options, *rest)))
    write_config(project, 'target-version = "2.16"\n')
    rewrite("src")
    rewrite("--target-version", "2.21", "src")
    assert [o.target_version for o in seen] == ["2.16", "2.21"]


def test_config_applies_to_check_too(project, capsys):
    write_config(project, 'select = ["TFM3"]\n')
    assert main(["check", "-j", "1", "src"]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "src/device.py:2:6: TFM300 " in out


def test_the_documented_example_is_valid(tmp_path):
    doc = (Path(__file__).resolve().parents[1] / "docs" / "workflow.md").read_text(encoding="utf-8")
    example = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "pyproject.toml"
    path.write_text(example)
    config = project_config.load(str(path))
    assert (config.select, config.ignore, config.target_version) == (("TFM1", "TFM3"), ("TFM112",), "2.21")

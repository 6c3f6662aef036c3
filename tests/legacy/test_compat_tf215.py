"""The runtime shim on TF 2.15 with tensorflow-estimator 2.15 (Keras 2).

Runs every program of tests/test_compat_programs.py again, plus the Estimator's
RunConfig(session_config=...), which TF 2.16+ no longer has.
"""

from __future__ import annotations

import pytest

from tests.compat_programs.runner import Case, Runner
from tests.test_compat_programs import *  # noqa: F401,F403  (the same tests, on TF 2.15)
from tests.test_compat_programs import CASES, results_by_setting, where

LEGACY_CASES = {**CASES, "estimator_run_config": Case("estimator_run_config.py")}


@pytest.fixture(scope="session")
def programs():  # noqa: F811  (replaces the imported fixture: the same cases plus the Estimator)
    runner = Runner(LEGACY_CASES)
    yield runner
    runner.close()


def test_run_config_session_config_configures_the_process(programs):
    run = programs.result("estimator_run_config")
    assert run.probe["finished"], run.explain()
    assert run.output == {"global_step": 3}  # the Estimator trained as before
    assert run.warnings == []
    effective = run.probe["effective"]
    assert effective["threads"]["inter_op"] == 2
    assert effective["devices"][0]["logical"] == ["/device:CPU:0", "/device:CPU:1"]
    applied = {r["setting"]: r for r in effective["applied"]}
    assert applied["device_count"]["status"] == "applied"
    assert applied["device_count"]["origin"] == where("estimator_run_config.py", "LINE_OF_RUN_CONFIG")
    assert applied["inter_op_parallelism_threads"]["status"] == "applied"


def test_run_config_session_options_stay_with_the_estimator_sessions(programs):
    statuses = results_by_setting(programs.result("estimator_run_config").probe["effective"])
    assert statuses["operation_timeout_in_ms"] == "kept by the session only"
    assert statuses["gpu_options.allow_growth"].startswith("ignored: no GPU")


def test_uninstall_also_restores_modules_patched_after_the_shim(programs):
    output = programs.result("uninstall").output
    assert output["imported_after_shim"] == ["keras.api._v1.keras.backend",
                                             "tensorflow_estimator.python.estimator.run_config"]
    assert output["patched_late"] == ["RunConfig.__init__", "RunConfig.replace", "keras.api._v1.keras.backend.set_session"]
    assert output["restored"]["shim_objects_left"] == []

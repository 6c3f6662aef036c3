"""TFM1xx where settings meet: existing tf.config calls, and two configs (in one function
or two) that set a process-wide setting the same way or differently."""

import textwrap

from tests.support import check_noop, check_transformed, diagnostics, rewrite


def test_existing_tf_config_call_is_not_emitted_twice():
    check_transformed(
        """\
        import tensorflow as tf

        tf.config.set_soft_device_placement(True)
        config = tf.ConfigProto(allow_soft_placement=True, log_device_placement=False)
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf

        tf.config.set_soft_device_placement(True)
        tf.debugging.set_log_device_placement(False)
        sess = tf.compat.v1.Session()
        """,
    )


def test_an_existing_call_only_in_another_branch_does_not_stand_for_the_setting():
    check_transformed(
        """
        import tensorflow as tf

        if legacy:
            sess = tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=2))
        else:
            tf.config.threading.set_intra_op_parallelism_threads(count)
        """,
        """
        import tensorflow as tf

        if legacy:
            tf.config.threading.set_intra_op_parallelism_threads(2)
            sess = tf.compat.v1.Session()
        else:
            tf.config.threading.set_intra_op_parallelism_threads(count)
        """,
    )


def test_a_thread_count_set_differently_elsewhere_in_the_file_is_reported():
    reports = check_noop("""
        import tensorflow as tf


        def evaluate():
            return tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=1))


        tf.config.threading.set_intra_op_parallelism_threads(8)
        """)
    assert [d.code for d in reports] == ["TFM122"]


def test_an_existing_memory_growth_loop_stands_for_allow_growth():
    check_transformed(
        """
        import tensorflow as tf

        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        sess = tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True)))
        """,
        """
        import tensorflow as tf

        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        sess = tf.compat.v1.Session()
        """,
    )


def test_a_thread_count_set_under_a_condition_does_not_stand_for_the_setting():
    check_transformed(
        """
        import tensorflow as tf

        if fast:
            tf.config.threading.set_intra_op_parallelism_threads(2)
        sess = tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=2))
        """,
        """
        import tensorflow as tf

        if fast:
            tf.config.threading.set_intra_op_parallelism_threads(2)
        tf.config.threading.set_intra_op_parallelism_threads(2)
        sess = tf.compat.v1.Session()
        """,
    )


def test_a_suppressed_config_does_not_stand_for_the_next_one():
    """The engine drops the first fix (its ignore comment), so the second site must emit
    its own call rather than count on the first."""
    check_transformed(
        """
        import tensorflow as tf

        first = tf.ConfigProto(intra_op_parallelism_threads=2)  # tfmigrate: ignore
        sess1 = tf.Session(config=first)
        second = tf.ConfigProto(intra_op_parallelism_threads=2)
        sess2 = tf.Session(config=second)
        """,
        """
        import tensorflow as tf

        first = tf.ConfigProto(intra_op_parallelism_threads=2)  # tfmigrate: ignore
        sess1 = tf.Session(config=first)
        tf.config.threading.set_intra_op_parallelism_threads(2)
        sess2 = tf.compat.v1.Session()
        """,
    )


def test_an_existing_device_call_that_may_differ_is_a_conflict():
    # tfmigrate cannot compare `set_visible_devices([], "GPU")` with "keep GPU 0": it
    # never drops the config as "already set".
    src = """\
        import tensorflow as tf

        tf.config.set_visible_devices([], "GPU")
        config = tf.ConfigProto()
        config.gpu_options.visible_device_list = "0"
        sess = tf.Session(config=config)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM122", 5)]


def test_an_existing_device_call_that_is_the_same_call_stands_for_the_setting():
    check_transformed(
        """\
        import tensorflow as tf

        tf.config.set_visible_devices([], 'GPU')
        config = tf.ConfigProto(device_count={"GPU": 0}, allow_soft_placement=True)
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf

        tf.config.set_visible_devices([], 'GPU')
        tf.config.set_soft_device_placement(True)
        sess = tf.compat.v1.Session()
        """,
    )


TRAIN_GROWTH_FLAG = """\
    def train(growth):
        return tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=growth)))
"""
PREDICT_GROWTH_TRUE = """\
    def predict():
        return tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True)))
"""


def test_growth_from_a_parameter_and_a_literal_in_two_functions_leaves_both_in_either_order():
    # Issue 13: the first run rewrote train() and reported predict(); the second run then
    # rewrote predict(). They may run in one process (TF2 raises when the second changes
    # memory growth), so neither is rewritten, whichever comes first in the file.
    for first, second in ((TRAIN_GROWTH_FLAG, PREDICT_GROWTH_TRUE), (PREDICT_GROWTH_TRUE, TRAIN_GROWTH_FLAG)):
        src = "import tensorflow as tf\n\n\n" + textwrap.dedent(first) + "\n\n" + textwrap.dedent(second)
        assert check_noop(src)
        assert diagnostics(src) == [("TFM122", 5), ("TFM122", 9)]
        _, reports = rewrite(src)
        assert "line 9" in reports[0].message and "line 5" in reports[1].message


def test_the_same_growth_in_two_functions_is_rewritten_in_both():
    check_transformed(
        """\
        import tensorflow as tf


        def train(growth):
            return tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=growth)))


        def predict(growth):
            return tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=growth)))
        """,
        """\
        import tensorflow as tf


        def train(growth):
            for gpu in tf.config.list_physical_devices("GPU"):
                tf.config.experimental.set_memory_growth(gpu, growth)
            return tf.compat.v1.Session()


        def predict(growth):
            for gpu in tf.config.list_physical_devices("GPU"):
                tf.config.experimental.set_memory_growth(gpu, growth)
            return tf.compat.v1.Session()
        """,
    )


def test_a_site_that_agrees_with_a_rewritten_one_is_left_with_it_when_a_third_differs():
    # setup() twice asks for 2 threads; evaluate() for 1. The first setup() config is found
    # in conflict only when evaluate() is reached, after it was rewritten, and the second
    # one relied on it (the same block: not emitted twice): all three are left.
    src = """\
        import tensorflow as tf


        def setup():
            a = tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=2))
            b = tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=2))
            return a, b


        def evaluate():
            return tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=1))
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM122", 5), ("TFM122", 6), ("TFM122", 11)]


def test_settings_that_may_change_while_tf2_runs_may_differ_between_functions():
    check_transformed(
        """\
        import tensorflow as tf


        def train():
            return tf.Session(config=tf.ConfigProto(log_device_placement=True))


        def predict():
            return tf.Session(config=tf.ConfigProto(log_device_placement=False))
        """,
        """\
        import tensorflow as tf


        def train():
            tf.debugging.set_log_device_placement(True)
            return tf.compat.v1.Session()


        def predict():
            tf.debugging.set_log_device_placement(False)
            return tf.compat.v1.Session()
        """,
    )


def test_an_existing_growth_call_from_a_parameter_in_another_function_is_a_conflict():
    # train() was migrated by hand; predict() asks for True, which may differ: rewriting it
    # could raise when both run in one process.
    src = """\
        import tensorflow as tf


        def train(growth):
            for gpu in tf.config.list_physical_devices("GPU"):
                tf.config.experimental.set_memory_growth(gpu, growth)


        def predict():
            return tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True)))
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM122", 10)]
    assert "may ask for something else" not in rewrite(textwrap.dedent(src))[1][0].message


def test_an_existing_growth_loop_stands_for_the_setting_whatever_its_variable_is_named():
    check_transformed(
        """\
        import tensorflow as tf


        def train(growth, gpu):
            for gpu_device in tf.config.list_physical_devices("GPU"):
                tf.config.experimental.set_memory_growth(gpu_device, growth)
            return tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=growth)))
        """,
        """\
        import tensorflow as tf


        def train(growth, gpu):
            for gpu_device in tf.config.list_physical_devices("GPU"):
                tf.config.experimental.set_memory_growth(gpu_device, growth)
            return tf.compat.v1.Session()
        """,
    )


def test_a_second_run_reports_what_the_first_left_when_a_rewritten_site_shares_a_function():
    # s1 is rewritten (its loop variable is `gpu_device`: `gpu` is a parameter); s2 is
    # left for its thread count. On the second run s1's loop stands for s2's growth.
    src = textwrap.dedent("""\
        import tensorflow as tf


        def train(growth, gpu):
            s1 = tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=growth)))
            s2 = tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=2,
                                                  gpu_options=tf.GPUOptions(allow_growth=growth)))
            return s1, s2


        def evaluate():
            return tf.Session(config=tf.ConfigProto(intra_op_parallelism_threads=1))
        """)
    new, first = rewrite(src)
    assert "set_memory_growth(gpu_device, growth)" in new
    again, second = rewrite(new)
    assert again == new
    assert [d.code for d in first] == [d.code for d in second] == ["TFM122", "TFM122"]

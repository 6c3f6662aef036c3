"""TFM1xx: ConfigProto / GPUOptions → tf.config. Each test reads like a docs entry."""

import textwrap

from tests.support import check_noop, check_transformed, diagnostics, rewrite


def test_keyword_arguments_become_tf_config_calls_in_runtime_order():
    check_transformed(
        """\
        import tensorflow as tf

        config = tf.ConfigProto(allow_soft_placement=True, log_device_placement=True,
                                intra_op_parallelism_threads=2)
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf

        tf.config.threading.set_intra_op_parallelism_threads(2)
        tf.config.set_soft_device_placement(True)
        tf.debugging.set_log_device_placement(True)
        sess = tf.compat.v1.Session()
        """,
    )


def test_attribute_assignments_after_construction():
    check_transformed(
        """\
        import tensorflow as tf
        from keras import backend as K

        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True  # do not grab all GPU memory
        K.set_session(tf.Session(config=config))
        model = build()
        """,
        """\
        import tensorflow as tf

        # do not grab all GPU memory
        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        model = build()
        """,
    )


def test_compat_v1_alias_keeps_its_session_spelling():
    check_transformed(
        """\
        import tensorflow.compat.v1 as tf1

        with tf1.Session(config=tf1.ConfigProto(inter_op_parallelism_threads=3)) as sess:
            pass
        """,
        """\
        import tensorflow.compat.v1 as tf1

        tf1.config.threading.set_inter_op_parallelism_threads(3)
        with tf1.Session() as sess:
            pass
        """,
    )


def test_from_imports_are_removed_once_unused():
    check_transformed(
        """\
        import tensorflow as tf
        from tensorflow import ConfigProto, Session

        sess = Session(config=ConfigProto(allow_soft_placement=True))
        """,
        """\
        import tensorflow as tf

        tf.config.set_soft_device_placement(True)
        sess = tf.compat.v1.Session()
        """,
    )


def test_nested_gpu_options_variable_and_device_count():
    check_transformed(
        """\
        import tensorflow as tf

        gpu_options = tf.GPUOptions(visible_device_list="0,2")
        config = tf.ConfigProto(gpu_options=gpu_options, device_count={"CPU": 2})
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf

        tf.config.set_logical_device_configuration(
            tf.config.list_physical_devices("CPU")[0],
            [tf.config.LogicalDeviceConfiguration()] * 2,
        )
        gpus = tf.config.list_physical_devices("GPU")
        if gpus:
            tf.config.set_visible_devices([gpus[0], gpus[2]], "GPU")
        sess = tf.compat.v1.Session()
        """,
    )


def test_non_literal_boolean_is_carried_over_as_an_expression():
    check_transformed(
        """\
        import tensorflow as tf

        def session(args):
            config = tf.ConfigProto()
            config.gpu_options.allow_growth = args.allow_growth
            return tf.Session(config=config)
        """,
        """\
        import tensorflow as tf

        def session(args):
            for gpu in tf.config.list_physical_devices("GPU"):
                tf.config.experimental.set_memory_growth(gpu, args.allow_growth)
            return tf.compat.v1.Session()
        """,
    )


def test_helper_that_returns_the_config_is_still_called_where_the_session_is_made():
    check_transformed(
        """\
        import tensorflow as tf


        def gpu_config():
            config = tf.ConfigProto()
            config.gpu_options.allow_growth = True
            return config


        sess = tf.Session(config=gpu_config())
        """,
        """\
        import tensorflow as tf


        def gpu_config():
            for gpu in tf.config.list_physical_devices("GPU"):
                tf.config.experimental.set_memory_growth(gpu, True)


        gpu_config()
        sess = tf.compat.v1.Session()
        """,
    )


def test_zero_memory_fraction_meant_no_limit():
    check_transformed(
        """\
        import tensorflow as tf

        config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=0.0),
                                allow_soft_placement=True)
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf

        tf.config.set_soft_device_placement(True)
        sess = tf.compat.v1.Session()
        """,
    )


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


def test_multi_item_with_and_backslash_continuation():
    check_transformed(
        """\
        import tensorflow as tf

        cfg = tf.ConfigProto(log_device_placement=True)
        with tf.Graph().as_default() as g, \\
                tf.Session(config=cfg) as sess:
            pass
        """,
        """\
        import tensorflow as tf

        tf.debugging.set_log_device_placement(True)
        with tf.Graph().as_default() as g, \\
                tf.compat.v1.Session() as sess:
            pass
        """,
    )


def test_memory_fraction_uses_the_runtime_helper():
    check_transformed(
        """\
        import tensorflow as tf

        config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=0.4))
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf
        from tfmigrate.runtime import total_memory_mib

        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.set_logical_device_configuration(
                gpu,
                [tf.config.LogicalDeviceConfiguration(memory_limit=int(0.4 * total_memory_mib(gpu)))],
            )
        sess = tf.compat.v1.Session()
        """,
    )


def test_fresh_names_avoid_user_variables():
    check_transformed(
        """\
        import tensorflow as tf

        gpu = "my gpu"
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        sess = tf.Session(config=config)
        print(gpu)
        """,
        """\
        import tensorflow as tf

        gpu = "my gpu"
        for gpu_device in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu_device, True)
        sess = tf.compat.v1.Session()
        print(gpu)
        """,
    )


# -- left alone, with a reason ------------------------------------------------------------


def test_growth_with_memory_fraction_is_diagnosed_not_translated():
    src = """\
        import tensorflow as tf

        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        config.gpu_options.per_process_gpu_memory_fraction = 0.5
        sess = tf.Session(config=config)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM113", 4)]


def test_fraction_above_one_is_unified_memory_through_the_runtime_helper():
    # tf.config has no switch for unified memory; tfmigrate.runtime puts the fraction in
    # the ConfigProto TF2's runtime hands its GPU devices (tests/test_config_runtime_values.py).
    check_transformed(
        """\
        import tensorflow as tf
        sess = tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=2.0)))
        """,
        """\
        import tensorflow as tf
        from tfmigrate.runtime import set_gpu_memory_fraction

        set_gpu_memory_fraction(2.0)
        sess = tf.compat.v1.Session()
        """,
    )


def test_non_literal_fraction_is_decided_at_run_time():
    # 0 meant "no limit" and above 1 unified memory: the helper gives each value its TF1 meaning.
    check_transformed(
        """\
        import tensorflow as tf
        config = tf.ConfigProto()
        config.gpu_options.per_process_gpu_memory_fraction = FLAGS.gpu_fraction
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf
        from tfmigrate.runtime import set_gpu_memory_fraction

        set_gpu_memory_fraction(FLAGS.gpu_fraction)
        sess = tf.compat.v1.Session()
        """,
    )


def test_reordering_visible_device_list_is_diagnosed():
    src = """\
        import tensorflow as tf
        sess = tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(visible_device_list="1,0")))
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM107", 2)]


def test_config_handed_to_something_else_is_left():
    src = """\
        import tensorflow as tf
        config = tf.ConfigProto(allow_soft_placement=True)
        run_config = tf.estimator.RunConfig(session_config=config)
        """
    check_noop(src)
    # The RunConfig with no Estimator in the file is reported too (TFM218): nothing Estimator-shaped is silent.
    assert sorted(diagnostics(src)) == [("TFM120", 3), ("TFM218", 3)]


def test_conditional_attribute_assignment_becomes_a_conditional_call():
    check_transformed(
        """\
        import tensorflow as tf
        config = tf.ConfigProto()
        if GROW:
            config.gpu_options.allow_growth = True
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf
        if GROW:
            for gpu in tf.config.list_physical_devices("GPU"):
                tf.config.experimental.set_memory_growth(gpu, True)
        sess = tf.compat.v1.Session()
        """,
    )


def test_a_value_changed_between_the_settings_is_left():
    # The calls go where the config is finished: `threads` would be read as 0 there.
    src = """\
        import tensorflow as tf
        threads = 4
        config = tf.ConfigProto()
        config.intra_op_parallelism_threads = threads
        threads = 0
        config.allow_soft_placement = True
        sess = tf.Session(config=config)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM120", 5)]


def test_no_tf2_equivalent():
    src = """\
        import tensorflow as tf
        sess = tf.Session(config=tf.ConfigProto(operation_timeout_in_ms=5000, allow_soft_placement=True))
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM112", 2)]


def test_config_stored_in_an_attribute():
    src = """\
        import tensorflow as tf
        class Trainer:
            def __init__(self):
                self.config = tf.ConfigProto(allow_soft_placement=True)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM120", 4)]


def test_kwargs_from_a_dict_literal_are_read():
    check_transformed(
        """\
        import tensorflow as tf
        opts = dict(allow_soft_placement=True)
        sess = tf.Session(config=tf.ConfigProto(**opts))
        """,
        """\
        import tensorflow as tf
        tf.config.set_soft_device_placement(True)
        sess = tf.compat.v1.Session()
        """,
    )


def test_kwargs_from_elsewhere_hide_the_settings():
    src = """\
        import tensorflow as tf
        opts = load_options()
        sess = tf.Session(config=tf.ConfigProto(**opts))
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM120", 3)]


def test_suppression_comment():
    src = """\
        import tensorflow as tf
        sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))  # tfmigrate: ignore[TFM100]
        """
    check_noop(src)
    assert diagnostics(src) == []


# -- never touched ----------------------------------------------------------------------------


def test_unresolved_names_are_not_touched():
    check_noop("""\
        def make(tf):
            return tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
        """)


def test_lookalike_class_is_not_touched():
    check_noop("""\
        class ConfigProto:
            def __init__(self, **kw):
                self.kw = kw

        sess = Session(config=ConfigProto(allow_soft_placement=True))
        """)


def test_other_library_is_not_touched():
    check_noop("""\
        import mylib as tf
        sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
        """)


def test_strings_and_comments_are_not_touched():
    check_noop('''\
        # tf.ConfigProto(allow_soft_placement=True) used to live here
        DOC = "config = tf.ConfigProto(); config.gpu_options.allow_growth = True"
        ''')


def test_tf2_code_is_not_touched():
    check_noop("""\
        import tensorflow as tf
        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        sess = tf.compat.v1.Session()
        """)


def test_session_without_config_is_not_touched():
    check_noop("""\
        import tensorflow as tf
        sess = tf.Session()
        """)


# -- shapes seen in public TF1 code ------------------------------------------------------------


def test_session_variable_only_handed_to_keras_is_dropped_with_it():
    check_transformed(
        """\
        import tensorflow as tf
        from tensorflow.keras import backend as K

        cfg = tf.ConfigProto()
        cfg.gpu_options.allow_growth = True
        session = tf.Session(config=cfg)
        K.set_session(session)
        """,
        """\
        import tensorflow as tf

        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        """,
    )


def test_session_still_used_keeps_set_session_and_reports_it():
    src_after = """\
        import tensorflow as tf
        import keras.backend as K

        def open_session():
            tf.config.set_soft_device_placement(True)
            s = tf.compat.v1.Session()
            K.set_session(s)
            return s
        """
    check_transformed(
        """\
        import tensorflow as tf
        import keras.backend as K

        def open_session():
            sc = tf.ConfigProto(allow_soft_placement=True)
            s = tf.Session(config=sc)
            K.set_session(s)
            return s
        """,
        src_after,
    )
    assert diagnostics(src_after) == [("TFM121", 7)]


def test_function_local_import_alias_is_used_not_a_new_module_import():
    check_transformed(
        """\
        def setup():
            import tensorflow as tf
            sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))
            return sess
        """,
        """\
        def setup():
            import tensorflow as tf
            tf.debugging.set_log_device_placement(True)
            sess = tf.compat.v1.Session()
            return sess
        """,
    )


def test_from_tensorflow_import_compat():
    check_transformed(
        """\
        from tensorflow import compat

        def setup_gpu():
            cfg = compat.v1.ConfigProto()
            cfg.gpu_options.allow_growth = True
            sess = compat.v1.Session(config=cfg)
            compat.v1.keras.backend.set_session(sess)
        """,
        """\
        from tensorflow import compat

        def setup_gpu():
            for gpu in compat.v1.config.list_physical_devices("GPU"):
                compat.v1.config.experimental.set_memory_growth(gpu, True)
        """,
    )


def test_module_alias_made_by_assignment():
    check_transformed(
        """\
        import tensorflow as tf
        tf_v1 = tf.compat.v1

        sess = tf_v1.Session(config=tf_v1.ConfigProto(allow_soft_placement=True))
        """,
        """\
        import tensorflow as tf
        tf_v1 = tf.compat.v1

        tf_v1.config.set_soft_device_placement(True)
        sess = tf_v1.Session()
        """,
    )


def test_alias_assigned_twice_is_not_trusted():
    check_noop("""\
        import tensorflow as tf
        tf_v1 = tf.compat.v1
        tf_v1 = other_module

        sess = tf_v1.Session(config=tf_v1.ConfigProto(allow_soft_placement=True))
        """)


def test_no_tensorflow_alias_in_scope_adds_the_import():
    check_transformed(
        """\
        from tensorflow.compat.v1 import ConfigProto, Session

        sess = Session(config=ConfigProto(intra_op_parallelism_threads=1))
        """,
        """\
        from tensorflow.compat.v1 import Session
        import tensorflow as tf

        tf.config.threading.set_intra_op_parallelism_threads(1)
        sess = Session()
        """,
    )


def test_parameters_as_values_are_diagnosed_in_helpers():
    src = """\
        import tensorflow as tf

        def configure(fraction=None, devices="0"):
            cfg = tf.ConfigProto(gpu_options=tf.GPUOptions(
                per_process_gpu_memory_fraction=fraction, visible_device_list=devices))
            return tf.Session(config=cfg)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM107", 5)]  # the fraction alone would go to the run-time helper


def test_module_constant_used_only_in_functions_applies_when_the_session_is_made():
    # Importing the module must not reconfigure the process: TF1 applied the config
    # only when a session was created with it.
    check_transformed(
        """\
        import tensorflow as tf

        # sessions for CPU-only evaluation
        CPU_ONLY = tf.ConfigProto(device_count={"GPU": 0})


        def eval_session():
            return tf.Session(config=CPU_ONLY)


        def export_session():
            with tf.Session(config=CPU_ONLY) as sess:
                return sess
        """,
        """\
        import tensorflow as tf


        def eval_session():
            # sessions for CPU-only evaluation
            tf.config.set_visible_devices([], "GPU")
            return tf.compat.v1.Session()


        def export_session():
            tf.config.set_visible_devices([], "GPU")
            with tf.compat.v1.Session() as sess:
                return sess
        """,
    )


def test_module_constant_used_at_module_level_stays_where_it_was_built():
    check_transformed(
        """\
        import tensorflow as tf

        CONFIG = tf.ConfigProto(allow_soft_placement=True)
        sess = tf.Session(config=CONFIG)


        def another():
            return tf.Session(config=CONFIG)
        """,
        """\
        import tensorflow as tf

        tf.config.set_soft_device_placement(True)
        sess = tf.compat.v1.Session()


        def another():
            return tf.compat.v1.Session()
        """,
    )


def test_session_with_a_remote_target_is_left():
    src = """\
        import tensorflow as tf
        config = tf.ConfigProto(allow_soft_placement=True)
        sess = tf.Session(server.target, config=config)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM120", 3)]


def test_session_with_the_local_target_and_a_graph():
    check_transformed(
        """\
        import tensorflow as tf
        config = tf.ConfigProto(allow_soft_placement=True)
        sess = tf.Session('', graph=g, config=config)
        """,
        """\
        import tensorflow as tf
        tf.config.set_soft_device_placement(True)
        sess = tf.compat.v1.Session('', graph=g)
        """,
    )


def test_one_gpu_per_process_horovod_style():
    check_transformed(
        """\
        import tensorflow as tf
        import horovod.tensorflow as hvd

        hvd.init()
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        config.gpu_options.visible_device_list = str(hvd.local_rank())
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf
        import horovod.tensorflow as hvd

        hvd.init()
        gpus = tf.config.list_physical_devices("GPU")
        if gpus:
            tf.config.set_visible_devices([gpus[hvd.local_rank()]], "GPU")
        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        sess = tf.compat.v1.Session()
        """,
    )


def test_str_shadowed_is_not_an_index():
    src = """\
        import tensorflow as tf
        str = lambda x: "0,1"
        config = tf.ConfigProto()
        config.gpu_options.visible_device_list = str(rank)
        sess = tf.Session(config=config)
        """
    check_noop(src)


def test_comments_above_a_removed_set_session_line_stay_at_the_end_of_its_block():
    check_transformed(
        """
        import keras.backend as K
        import tensorflow as tf


        def configure():
            config = tf.ConfigProto(allow_soft_placement=True)
            # Keras must use this session
            K.set_session(tf.Session(config=config))
        """,
        """
        import tensorflow as tf


        def configure():
            tf.config.set_soft_device_placement(True)
            # Keras must use this session
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


def test_compat_v1_reached_twice_is_still_compat_v1():
    # Under `import tensorflow.compat.v1 as tf`, tf.compat.v1.X is tf.X: the set_session
    # boilerplate is recognised and removed like every other spelling.
    check_transformed(
        """\
        import tensorflow.compat.v1 as tf

        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        tf.compat.v1.keras.backend.set_session(tf.compat.v1.Session(config=config))
        """,
        """\
        import tensorflow.compat.v1 as tf

        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        """,
    )


def test_gpu_options_shared_by_two_configs_are_left():
    # One GPUOptions feeds two ConfigProtos: each says so once.
    reports = check_noop(
        """\
        import tensorflow as tf


        def get_session(fraction=0.3):
            gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=fraction)
            if fraction > 0.5:
                return tf.Session(config=tf.ConfigProto(gpu_options=gpu_options, allow_soft_placement=True))
            return tf.Session(config=tf.ConfigProto(gpu_options=gpu_options))
        """
    )
    assert [(d.code, d.line) for d in reports] == [("TFM120", 7), ("TFM120", 8)]


def test_an_import_that_was_unused_before_the_rewrite_stays():
    # Only KTF is orphaned by the rewrite; K was never used, and is not ours to remove.
    check_transformed(
        """\
        import tensorflow as tf
        from keras import backend as K
        import keras.backend.tensorflow_backend as KTF

        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        KTF.set_session(tf.Session(config=config))
        """,
        """\
        import tensorflow as tf
        from keras import backend as K

        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        """,
    )


def test_calls_never_move_above_an_environment_change_they_depend_on():
    # TF1 read CUDA_VISIBLE_DEVICES when the session started, after line 6; the calls
    # would have to go above the op on line 4, and so above the change: left, TFM123.
    src = """\
        import os
        import tensorflow as tf

        x = tf.constant([1.0, 2.0])
        y = tf.reduce_sum(x)
        os.environ["CUDA_VISIBLE_DEVICES"] = "1"
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        sess = tf.Session(config=config)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM123", 7)]


def test_an_environment_change_inside_a_function_of_the_file_counts():
    check_transformed(
        """\
        import os
        import tensorflow as tf


        def pin_gpu(rank):
            os.environ["CUDA_VISIBLE_DEVICES"] = str(rank)


        def main(rank):
            config = tf.ConfigProto()
            config.gpu_options.allow_growth = True
            pin_gpu(rank)
            with tf.Session(config=config) as sess:
                print(sess.list_devices())
        """,
        """\
        import os
        import tensorflow as tf


        def pin_gpu(rank):
            os.environ["CUDA_VISIBLE_DEVICES"] = str(rank)


        def main(rank):
            pin_gpu(rank)
            for gpu in tf.config.list_physical_devices("GPU"):
                tf.config.experimental.set_memory_growth(gpu, True)
            with tf.compat.v1.Session() as sess:
                print(sess.list_devices())
        """,
    )


def test_a_constructor_run_after_an_op_is_too_late():
    src = """\
        import tensorflow as tf


        class Predictor:
            def __init__(self):
                config = tf.ConfigProto(intra_op_parallelism_threads=2)
                self.sess = tf.Session(config=config)


        scale = tf.constant(2.0)
        predictor = Predictor()
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM123", 6)]


def test_a_method_called_after_another_method_ran_ops_is_too_late():
    src = """\
        import tensorflow as tf


        class Model(object):
            def build(self):
                self.w = tf.Variable(tf.zeros([2]))

            def start(self):
                config = tf.ConfigProto(intra_op_parallelism_threads=2)
                self.sess = tf.Session(config=config)


        m = Model()
        m.build()
        m.start()
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM123", 9)]


def test_an_op_in_the_call_arguments_runs_before_the_function():
    src = """\
        import tensorflow as tf


        def run(x):
            config = tf.ConfigProto(inter_op_parallelism_threads=2)
            with tf.Session(config=config) as sess:
                return sess.run(x)


        run(tf.constant(1))
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM123", 5)]


def test_a_function_reached_through_a_decorator_is_not_followed():
    # Who calls `wrapper` cannot be followed, and line 18 starts the runtime: left.
    src = """\
        import functools
        import tensorflow as tf


        def with_session(fn):
            @functools.wraps(fn)
            def wrapper(*args):
                config = tf.ConfigProto(inter_op_parallelism_threads=2)
                with tf.Session(config=config) as sess:
                    return fn(sess, *args)
            return wrapper


        @with_session
        def step(sess, x):
            return sess.run(x)


        x = tf.constant(1)
        step(x)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM123", 8)]


def test_a_method_whose_class_is_used_before_any_op_is_rewritten():
    check_transformed(
        """\
        import tensorflow as tf


        class Runner:
            def open(self):
                config = tf.ConfigProto(inter_op_parallelism_threads=2)
                self.sess = tf.Session(config=config)


        runner = Runner()
        runner.open()
        x = tf.constant(1)
        """,
        """\
        import tensorflow as tf


        class Runner:
            def open(self):
                tf.config.threading.set_inter_op_parallelism_threads(2)
                self.sess = tf.compat.v1.Session()


        runner = Runner()
        runner.open()
        x = tf.constant(1)
        """,
    )


def test_a_module_config_used_in_a_function_called_after_an_op_is_too_late():
    src = """\
        import tensorflow as tf

        CONFIG = tf.ConfigProto(inter_op_parallelism_threads=2)


        def main():
            with tf.Session(config=CONFIG) as sess:
                return sess


        if __name__ == "__main__":
            offset = tf.constant(1.0)
            main()
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM123", 3)]


def test_a_module_config_whose_value_is_rebound_before_the_session_is_left():
    # The calls would move into run() and read N = 8 there; TF1 built the config with 4.
    src = """\
        import tensorflow as tf

        N = 4
        CONFIG = tf.ConfigProto(intra_op_parallelism_threads=N)


        def run():
            with tf.Session(config=CONFIG) as sess:
                return sess


        N = 8
        run()
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM120", 4)]


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


def test_set_jit_true_is_autoclustering():
    check_transformed(
        """\
        import tensorflow as tf

        tf.config.optimizer.set_jit(True)
        config = tf.compat.v1.ConfigProto()
        config.graph_options.optimizer_options.global_jit_level = tf.compat.v1.OptimizerOptions.ON_1
        sess = tf.compat.v1.Session(config=config)
        """,
        """\
        import tensorflow as tf

        tf.config.optimizer.set_jit(True)
        sess = tf.compat.v1.Session()
        """,
    )


def test_an_alias_bound_below_the_site_is_not_used_there():
    # `tf` is imported only after the config: the calls get a name of their own.
    check_transformed(
        """\
        from tensorflow.compat.v1 import ConfigProto, Session

        config = ConfigProto(allow_soft_placement=True)
        sess = Session(config=config)
        import tensorflow as tf
        print(tf.__version__)
        """,
        """\
        from tensorflow.compat.v1 import Session
        import tensorflow

        tensorflow.config.set_soft_device_placement(True)
        sess = Session()
        import tensorflow as tf
        print(tf.__version__)
        """,
    )


def test_an_alias_bound_only_under_the_main_guard_is_not_used_in_functions():
    # make() may be called from another module, where the main guard never ran.
    check_transformed(
        """\
        from tensorflow import ConfigProto, Session


        def make():
            config = ConfigProto(allow_soft_placement=True)
            return Session(config=config)


        if __name__ == "__main__":
            import tensorflow as tf
            make()
        """,
        """\
        import tensorflow


        def make():
            tensorflow.config.set_soft_device_placement(True)
            return tensorflow.compat.v1.Session()


        if __name__ == "__main__":
            import tensorflow as tf
            make()
        """,
    )


def test_tensorflow_imported_only_in_a_function_is_imported_where_the_calls_run():
    # A top-level import would load TensorFlow before TF_ENABLE_ONEDNN_OPTS is set,
    # which it reads at import.
    check_transformed(
        """\
        import os
        os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"


        def main():
            from tensorflow.compat.v1 import ConfigProto, Session
            config = ConfigProto(allow_soft_placement=True)
            return Session(config=config)
        """,
        """\
        import os
        os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"


        def main():
            from tensorflow.compat.v1 import Session
            import tensorflow as tf
            tf.config.set_soft_device_placement(True)
            return Session()
        """,
    )


def test_a_pragma_at_the_end_of_a_removed_line_goes_with_it():
    # On a line of its own, `# pylint: disable=no-member` would cover the rest of train().
    check_transformed(
        """\
        import tensorflow as tf


        def train(env):
            config = tf.ConfigProto()
            config.gpu_options.allow_growth = True  # pylint: disable=no-member
            sess = tf.Session(config=config)  # noqa: E501 a long line once
            return env.member
        """,
        """\
        import tensorflow as tf


        def train(env):
            for gpu in tf.config.list_physical_devices("GPU"):
                tf.config.experimental.set_memory_growth(gpu, True)
            sess = tf.compat.v1.Session()  # noqa: E501 a long line once
            return env.member
        """,
    )


def test_devices_of_one_session_are_not_taken_from_a_plain_one():
    # TF1 hid the GPUs from cpu_sess only; in TF2 gpu_sess would lose them too.
    src = """\
        import tensorflow as tf

        cpu_sess = tf.Session(config=tf.ConfigProto(device_count={"GPU": 0}))
        gpu_sess = tf.Session()
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM122", 3)]


def test_a_plain_session_does_not_hold_back_settings_that_only_tune_the_process():
    # Growth and threads changed no session's devices or results: still rewritten.
    check_transformed(
        """\
        import tensorflow as tf

        config = tf.ConfigProto(intra_op_parallelism_threads=2)
        config.gpu_options.allow_growth = True
        train_sess = tf.Session(config=config)
        eval_sess = tf.Session()
        """,
        """\
        import tensorflow as tf

        tf.config.threading.set_intra_op_parallelism_threads(2)
        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        train_sess = tf.compat.v1.Session()
        eval_sess = tf.Session()
        """,
    )


def test_growth_with_a_fraction_that_is_not_a_literal_is_growth_with_a_limit():
    # The run-time helper could carry the fraction, but above 0 it meant "grow up to it".
    reports = check_noop(
        """\
        import tensorflow as tf
        gpu_options = tf.GPUOptions(allow_growth=True, per_process_gpu_memory_fraction=frac)
        sess = tf.Session(config=tf.ConfigProto(gpu_options=gpu_options))
        """
    )
    assert [(d.code, d.line) for d in reports] == [("TFM113", 2)]
    assert "whenever the fraction is above 0 at run time, TF1 grew on demand up to it" in reports[0].message


def test_a_function_whose_ops_come_before_a_plain_method_call_still_runs_ops():
    # `"...".format(x)` after the op must not make build() look op-free.
    src = """\
        import tensorflow as tf


        def build():
            x = tf.constant(1.0)
            print("built {}".format(x))


        def run():
            config = tf.ConfigProto(inter_op_parallelism_threads=2)
            return tf.Session(config=config)


        build()
        run()
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM123", 10)]


def test_a_dict_method_is_not_taken_for_a_method_of_the_file():
    # `hparams.update(...)` is a dict's, not Agent.update, which runs ops.
    check_transformed(
        """\
        import tensorflow as tf


        class Agent:
            def __init__(self):
                config = tf.ConfigProto(inter_op_parallelism_threads=2)
                self.sess = tf.Session(config=config)

            def update(self, values):
                return tf.constant(values)


        hparams = {"lr": 0.1}
        hparams.update({"lr": 0.2})
        agent = Agent()
        """,
        """\
        import tensorflow as tf


        class Agent:
            def __init__(self):
                tf.config.threading.set_inter_op_parallelism_threads(2)
                self.sess = tf.compat.v1.Session()

            def update(self, values):
                return tf.constant(values)


        hparams = {"lr": 0.1}
        hparams.update({"lr": 0.2})
        agent = Agent()
        """,
    )


def test_tf_app_run_calls_main_where_it_stands():
    # `tf.executing_eagerly()` runs no op; main runs at `tf.app.run(main)`, before any op.
    check_transformed(
        """\
        import tensorflow as tf

        print("eager:", tf.executing_eagerly())


        def main(_):
            config = tf.ConfigProto(inter_op_parallelism_threads=2)
            with tf.Session(config=config) as sess:
                print(sess.list_devices())


        if __name__ == "__main__":
            tf.app.run(main)
        """,
        """\
        import tensorflow as tf

        print("eager:", tf.executing_eagerly())


        def main(_):
            tf.config.threading.set_inter_op_parallelism_threads(2)
            with tf.compat.v1.Session() as sess:
                print(sess.list_devices())


        if __name__ == "__main__":
            tf.app.run(main)
        """,
    )


def test_tf_app_run_after_an_op_is_too_late_for_main():
    src = """\
        import tensorflow as tf

        scale = tf.constant(2.0)


        def main(_):
            config = tf.ConfigProto(inter_op_parallelism_threads=2)
            with tf.Session(config=config) as sess:
                print(sess.run(scale))


        tf.app.run(main)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM123", 7)]


def test_a_memory_fraction_beside_a_plain_session_is_rewritten():
    # TF1's GPU allocator was the process's: the fraction held for the plain session too.
    check_transformed(
        """\
        import tensorflow as tf

        config = tf.ConfigProto()
        config.gpu_options.per_process_gpu_memory_fraction = 0.4
        sess = tf.Session(config=config)
        other = tf.Session()
        """,
        """\
        import tensorflow as tf
        from tfmigrate.runtime import total_memory_mib

        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.set_logical_device_configuration(
                gpu,
                [tf.config.LogicalDeviceConfiguration(memory_limit=int(0.4 * total_memory_mib(gpu)))],
            )
        sess = tf.compat.v1.Session()
        other = tf.Session()
        """,
    )


def test_a_note_after_a_pragma_stays():
    check_transformed(
        """\
        import tensorflow as tf

        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True  # noqa: E501  keep the GPU free for the other job
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf

        # keep the GPU free for the other job
        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        sess = tf.compat.v1.Session()
        """,
    )


def test_env_magic_in_a_notebook_exported_as_a_script_is_an_environment_change():
    check_transformed(
        """\
        import tensorflow as tf

        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        get_ipython().run_line_magic('env', 'CUDA_VISIBLE_DEVICES=1')
        sess = tf.Session(config=config)
        """,
        """\
        import tensorflow as tf

        get_ipython().run_line_magic('env', 'CUDA_VISIBLE_DEVICES=1')
        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        sess = tf.compat.v1.Session()
        """,
    )


def test_reading_the_environment_or_defining_a_function_is_no_environment_change():
    check_transformed(
        """\
        import os
        import tensorflow as tf
        def data_dir():
            return os.environ.get("DATA_DIR", "/tmp")
        def pin():
            os.environ["CUDA_VISIBLE_DEVICES"] = "0"
        x = tf.constant(1)
        path = data_dir()
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        sess = tf.Session(config=config)
        """,
        """\
        import os
        import tensorflow as tf
        def data_dir():
            return os.environ.get("DATA_DIR", "/tmp")
        def pin():
            os.environ["CUDA_VISIBLE_DEVICES"] = "0"
        for gpu in tf.config.list_physical_devices("GPU"):
            tf.config.experimental.set_memory_growth(gpu, True)
        x = tf.constant(1)
        path = data_dir()
        sess = tf.compat.v1.Session()
        """,
    )


def test_a_method_is_not_called_by_an_attribute_of_the_same_name_on_a_tf_object():
    # `sess.run` is the session's, not Runner.run.
    check_transformed(
        """\
        import tensorflow as tf
        class Runner(object):
            def run(self):
                config = tf.ConfigProto(inter_op_parallelism_threads=2)
                self.sess = tf.Session(config=config)
        def evaluate(sess):
            x = tf.constant(1.0)
            return sess.run(x)
        """,
        """\
        import tensorflow as tf
        class Runner(object):
            def run(self):
                tf.config.threading.set_inter_op_parallelism_threads(2)
                self.sess = tf.compat.v1.Session()
        def evaluate(sess):
            x = tf.constant(1.0)
            return sess.run(x)
        """,
    )


def test_a_guarded_tensorflow_import_is_no_rebound_value():
    new, diags = rewrite(textwrap.dedent("""\
        try:
            import tensorflow.compat.v1 as tf
        except ImportError:
            import tensorflow as tf
        config = tf.ConfigProto(intra_op_parallelism_threads=4)
        def main():
            with tf.Session(config=config) as sess:
                print(sess.list_devices())
        """))
    assert diags == []
    assert "def main():\n    tf.config.threading.set_intra_op_parallelism_threads(4)\n" in new


def test_tf_app_run_without_arguments_calls_main():
    src = """\
        import tensorflow as tf
        VOCABULARY = tf.constant(["a", "b"])
        def main(_):
            config = tf.ConfigProto(intra_op_parallelism_threads=2)
            with tf.Session(config=config) as sess:
                print(sess.run(tf.size(VOCABULARY)))
        if __name__ == "__main__":
            tf.app.run()
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM123", 4)]


# -- two ConfigProtos that set a process-wide setting differently: both are left ----------------

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

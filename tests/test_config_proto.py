"""TFM1xx: ConfigProto / GPUOptions → tf.config. Each test reads like a docs entry."""

from tests.support import check_noop, check_transformed, diagnostics


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

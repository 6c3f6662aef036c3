"""TFM1xx through the names real code uses: aliases and imports of TensorFlow, sessions
handed to Keras, module constants, remote targets, pragmas."""

from tests.support import check_noop, check_transformed, diagnostics


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

"""TFM1xx and TF2's run-time order: the tf.config calls must run before anything starts
TensorFlow's runtime (an op, a constructor or method that runs ops, tf.app.run), and after
the environment changes TF1 read when its session started."""

import textwrap

from tests.support import check_noop, check_transformed, diagnostics, rewrite


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

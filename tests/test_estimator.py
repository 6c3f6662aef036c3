"""TFM2xx unit checks that the corpus does not pin down one by one."""

from __future__ import annotations

import subprocess
import sys

from tests.support import check_noop, check_transformed, diagnostics, rewrite

PIPELINE = '''\
import tensorflow as tf


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0]], [[2.0]])).batch(1)


def model_fn(features, labels, mode):
    output = tf.layers.dense(features, 1{layer_args})
    loss = tf.losses.mean_squared_error(labels=labels, predictions=output)
    train_op = {optimizer}.minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy{config_args})
estimator = tf.estimator.Estimator(model_fn=model_fn, config=config)
estimator.train(input_fn, steps=3)
'''


def pipeline(layer_args="", optimizer="tf.train.GradientDescentOptimizer(0.1)", config_args="") -> str:
    return PIPELINE.format(layer_args=layer_args, optimizer=optimizer, config_args=config_args)


def test_optimizer_hyperparameters_are_mapped_with_tf1_defaults_spelled_out() -> None:
    cases = {
        "tf.train.AdamOptimizer()": "tf.keras.optimizers.Adam(learning_rate=0.001, epsilon=1e-08)",
        "tf.train.AdamOptimizer(0.01, beta1=0.8, epsilon=1e-4)":
            "tf.keras.optimizers.Adam(learning_rate=0.01, beta_1=0.8, epsilon=1e-4)",
        "tf.train.AdagradOptimizer(0.1, initial_accumulator_value=0.5)":
            "tf.keras.optimizers.Adagrad(learning_rate=0.1, initial_accumulator_value=0.5, epsilon=0.0)",
        "tf.train.MomentumOptimizer(0.1, 0.9)": "tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9)",
    }
    for tf1, keras in cases.items():
        new, diags = rewrite(pipeline(optimizer=tf1))
        assert f"optimizer={keras}," in new, new
        assert [d.code for d in diags] == []


def test_unfaithful_arguments_leave_the_pipeline_alone_with_the_right_code() -> None:
    cases = [
        (dict(optimizer="tf.train.ProximalGradientDescentOptimizer(0.1)"), "TFM211"),
        (dict(optimizer="tf.train.MomentumOptimizer(0.1)"), "TFM211"),  # momentum is required in TF1
        (dict(layer_args=", kernel_initializer=tf.uniform_unit_scaling_initializer()"), "TFM210"),
        (dict(layer_args=", activation=tf.nn.crelu"), "TFM210"),
        (dict(config_args=", session_config=session_config"), "TFM216"),
    ]
    for args, code in cases:
        src = pipeline(**args)
        assert [c for c, _ in diagnostics(src)] == [code], args
        check_noop(src)


def test_logging_arguments_are_dropped_with_a_note() -> None:
    new, diags = rewrite(pipeline(config_args=", save_summary_steps=5, keep_checkpoint_max=2"))
    assert "estimator.fit(" in new and "save_summary_steps" not in new
    assert [d.code for d in diags] == ["TFM220", "TFM220"]


def test_compat_v1_alias_gets_a_tf2_import_and_the_v2_strategy() -> None:
    src = pipeline().replace("import tensorflow as tf", "import tensorflow.compat.v1 as tf")
    new, _ = rewrite(src)
    assert "import tensorflow as tf2\n" in new
    assert "strategy = tf2.distribute.MirroredStrategy()" in new
    assert "(tf2.keras.Model):" in new


def test_strategy_created_inside_run_config_gets_a_name() -> None:
    src = pipeline().replace("strategy = tf.distribute.MirroredStrategy()\n", "").replace(
        "train_distribute=strategy, eval_distribute=strategy", "train_distribute=tf.distribute.MirroredStrategy()")
    src = src.replace("estimator.train(input_fn, steps=3)", "estimator.train(input_fn, steps=3)\n")
    new, diags = rewrite(src)
    assert "strategy = tf.distribute.MirroredStrategy()\n" in new
    assert "with strategy.scope():" in new
    assert diags == []


def test_estimator_used_elsewhere_is_reported_not_rewritten() -> None:
    src = pipeline() + "estimator.export_saved_model('/tmp/export', serving_input_fn)\n"
    assert [c for c, _ in diagnostics(src)] == ["TFM218"]
    check_noop(src)


def test_evaluation_without_eval_distribute_takes_whole_batches() -> None:
    """Without eval_distribute the Estimator evaluated whole input_fn batches on one device;
    Keras splits a plain dataset's batches across the replicas, which computes the same
    metrics, so evaluation is not fed per replica."""
    src = pipeline().replace(", eval_distribute=strategy", "") + "estimator.evaluate(input_fn)\n"
    new, diags = rewrite(src)
    assert [d.code for d in diags] == []
    assert "estimator.evaluate(input_fn(), return_dict=True)\n" in new


def test_contrib_one_device_strategy_moves_to_tf_distribute() -> None:
    check_transformed(
        """
        import tensorflow as tf
        single = tf.contrib.distribute.OneDeviceStrategy(device="/gpu:1")
        """,
        """
        import tensorflow as tf
        single = tf.distribute.OneDeviceStrategy("/gpu:1")
        """,
    )


def test_one_device_strategy_with_unknown_arguments_or_already_tf2_is_left() -> None:
    reports = check_noop("""
        import tensorflow as tf
        single = tf.contrib.distribute.OneDeviceStrategy("/gpu:0", extra=True)
        """)
    assert [d.code for d in reports] == ["TFM204"]
    assert check_noop("""
        import tensorflow as tf
        single = tf.distribute.OneDeviceStrategy("/gpu:0")
        OneDeviceStrategy = object
        other = OneDeviceStrategy()
        """) == []


def test_rule_module_does_not_import_tensorflow() -> None:
    code = ("import sys, codemods.estimator, codemods._estimator_keras; "
            "assert 'tensorflow' not in sys.modules, 'rule imported tensorflow'")
    subprocess.run([sys.executable, "-c", code.replace("codemods.", "tfmigrate.codemods.")], check=True)


def test_contrib_import_orphaned_by_the_rewrite_is_dropped() -> None:
    """tf.contrib is gone in TF2: a leftover import would fail before anything runs."""
    check_transformed(
        """
        import tensorflow as tf
        from tensorflow.contrib import distribute
        strategy = distribute.MirroredStrategy(num_gpus=2)
        """,
        """
        import tensorflow as tf
        strategy = tf.distribute.MirroredStrategy(["/gpu:0", "/gpu:1"])
        """,
    )


def test_contrib_mirrored_num_gpus_none_and_zero_keep_their_meaning() -> None:
    """num_gpus=None meant every GPU and 0 the CPU alone; in TF2 an empty list means every GPU."""
    check_transformed(
        """
        import tensorflow as tf
        every = tf.contrib.distribute.MirroredStrategy(num_gpus=None)
        cpu = tf.contrib.distribute.MirroredStrategy(num_gpus=0)
        config = tf.estimator.RunConfig(train_distribute=every, eval_distribute=cpu)
        """,
        """
        import tensorflow as tf
        every = tf.distribute.MirroredStrategy()
        cpu = tf.distribute.MirroredStrategy(["/cpu:0"])
        config = tf.estimator.RunConfig(train_distribute=every, eval_distribute=cpu)
        """,
    )


def test_contrib_mirrored_with_a_computed_gpu_count_is_left() -> None:
    src = """
        import tensorflow as tf
        strategy = tf.contrib.distribute.MirroredStrategy(num_gpus=FLAGS.num_gpus)
        config = tf.estimator.RunConfig(train_distribute=strategy)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM204", 3)]


def test_contrib_strategy_used_outside_run_config_is_left() -> None:
    """Contrib took a dataset batch as one replica's; TF2 splits it: Keras would see half."""
    src = """
        import tensorflow as tf
        strategy = tf.contrib.distribute.MirroredStrategy(num_gpus=2)
        with strategy.scope():
            model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
        workers = tf.contrib.distribute.CollectiveAllReduceStrategy()
        model.compile("sgd", "mse", distribute=workers)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM204", 3), ("TFM204", 6)]


def test_evaluation_results_keep_the_global_step() -> None:
    """Keras' evaluate returns the loss and the metrics; Estimator's also held "global_step",
    the optimizer steps taken, which the rewrite adds so that reading it still works."""
    base = pipeline() + 'metrics = estimator.evaluate(input_fn)\n'
    for read in ('print(metrics["global_step"])\n', 'step = metrics.get("global_step")\n'):
        new, diags = rewrite(base + read)
        assert [d.code for d in diags] == []
        assert ('metrics = {**estimator.evaluate(strategy.distribute_datasets_from_function(lambda _: input_fn()), '
                'return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}\n') in new


def test_contrib_mirrored_num_gpus_from_a_constant_bound_once() -> None:
    check_transformed(
        """
        import tensorflow as tf
        NUM_GPUS = 2
        strategy = tf.contrib.distribute.MirroredStrategy(num_gpus=NUM_GPUS)
        config = tf.estimator.RunConfig(train_distribute=strategy)
        """,
        """
        import tensorflow as tf
        NUM_GPUS = 2
        strategy = tf.distribute.MirroredStrategy(["/gpu:0", "/gpu:1"])
        config = tf.estimator.RunConfig(train_distribute=strategy)
        """,
    )


def test_contrib_strategy_returned_by_a_helper_that_feeds_run_config() -> None:
    check_transformed(
        """
        import tensorflow as tf
        def get_strategy():
            return tf.contrib.distribute.MirroredStrategy(num_gpus=2)
        config = tf.estimator.RunConfig(train_distribute=get_strategy())
        """,
        """
        import tensorflow as tf
        def get_strategy():
            return tf.distribute.MirroredStrategy(["/gpu:0", "/gpu:1"])
        config = tf.estimator.RunConfig(train_distribute=get_strategy())
        """,
    )
    # Called from other files only: what they do with it cannot be seen.
    src = """
        import tensorflow as tf
        def get_strategy():
            return tf.contrib.distribute.MirroredStrategy(num_gpus=2)
        """
    check_noop(src)
    assert diagnostics(src) == [("TFM204", 4)]


def test_a_layer_chain_that_rebinds_its_name_becomes_layers_called_in_turn() -> None:
    src = pipeline().replace("    output = tf.layers.dense(features, 1)\n",
                             "    net = tf.layers.dense(features, 4)\n    net = tf.layers.dense(net, 2)\n"
                             "    output = tf.layers.dense(net, 1)\n")
    new, diags = rewrite(src)
    assert diags == []
    assert ("        self.dense = tf.keras.layers.Dense(units=4)\n        self.dense_1 = tf.keras.layers.Dense(units=2)\n"
            "        self.dense_2 = tf.keras.layers.Dense(units=1)\n") in new
    assert "        net = self.dense(features)\n        net = self.dense_1(net)\n        output = self.dense_2(net)\n" in new
    # A layer whose output nothing reads is not part of the model's forward pass.
    branching = src.replace("    net = tf.layers.dense(net, 2)\n", "    side = tf.layers.dense(net, 2)\n    net = tf.layers.dense(net, 2)\n")
    new, diags = rewrite(branching)
    assert diags == [] and "side" not in new

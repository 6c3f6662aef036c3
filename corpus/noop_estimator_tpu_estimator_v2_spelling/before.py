"""TPUEstimator through tf.estimator.tpu (the TF 1.15+ spelling): no automatic rewrite, and
the report says so rather than pointing at a report elsewhere."""
import tensorflow as tf


def build_classifier(model_fn, use_tpu, model_dir):
    run_config = tf.estimator.tpu.RunConfig(
        model_dir=model_dir,
        tpu_config=tf.estimator.tpu.TPUConfig(iterations_per_loop=100,
                                              per_host_input_for_training=tf.estimator.tpu.InputPipelineConfig.PER_HOST_V2))
    return tf.estimator.tpu.TPUEstimator(use_tpu=use_tpu, model_fn=model_fn, config=run_config,
                                         train_batch_size=32, eval_batch_size=32)

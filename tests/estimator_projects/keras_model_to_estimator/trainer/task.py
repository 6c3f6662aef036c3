"""Train the churn model: `python -m trainer.task [--job-dir DIR] [--max-steps N]`."""

import argparse
import random
import tempfile

import numpy as np
import tensorflow as tf

from trainer import model

SEED = 42


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--job-dir", default=None)
    parser.add_argument("--max-steps", type=int, default=120)
    parser.add_argument("--learning-rate", type=float, default=0.01)
    args = parser.parse_args()
    random.seed(SEED)
    np.random.seed(SEED)
    tf.compat.v1.set_random_seed(SEED)

    train_x, train_y = model.synthetic_customers(1200, seed=1)
    eval_x, eval_y = model.synthetic_customers(300, seed=2)
    job_dir = args.job_dir or tempfile.mkdtemp()

    strategy = tf.distribute.MirroredStrategy()
    config = tf.estimator.RunConfig(model_dir=job_dir, train_distribute=strategy, tf_random_seed=SEED,
                                    save_checkpoints_steps=60)
    estimator = tf.keras.estimator.model_to_estimator(
        keras_model=model.build_keras_model([16, 8], args.learning_rate), config=config)

    train_spec = tf.estimator.TrainSpec(
        input_fn=model.make_input_fn(train_x, train_y, 32, None, True, SEED), max_steps=args.max_steps)
    eval_spec = tf.estimator.EvalSpec(
        input_fn=model.make_input_fn(eval_x, eval_y, 50, 1, False, SEED), steps=None)
    metrics, _ = tf.estimator.train_and_evaluate(estimator, train_spec, eval_spec)
    print("FINAL", {"accuracy": round(float(metrics["accuracy"]), 4), "loss": round(float(metrics["loss"]), 4),
                    "global_step": int(metrics["global_step"])})


if __name__ == "__main__":
    main()

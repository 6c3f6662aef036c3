"""Train and evaluate the taxi-tip model: `python -m trainer.task [--train-steps N]`."""

import argparse
import random

import numpy as np
import tensorflow as tf

from trainer import model

SEED = 42


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--train-steps", type=int, default=300)
    parser.add_argument("--batch-size", type=int, default=40)
    args = parser.parse_args()
    random.seed(SEED)
    np.random.seed(SEED)

    train_x, train_y = model.trips(2000, seed=1)
    eval_x, eval_y = model.trips(400, seed=2)
    hparams = {"hidden_units": [24, 12], "learning_rate": 0.005}

    strategy = tf.distribute.MirroredStrategy()
    run_config = tf.estimator.RunConfig(train_distribute=strategy, tf_random_seed=SEED)
    estimator = tf.estimator.Estimator(model_fn=model.model_fn, params=hparams, config=run_config)

    estimator.train(input_fn=lambda: model.input_fn(train_x, train_y, args.batch_size, tf.estimator.ModeKeys.TRAIN),
                    steps=args.train_steps)
    metrics = estimator.evaluate(
        input_fn=lambda: model.input_fn(eval_x, eval_y, args.batch_size, tf.estimator.ModeKeys.EVAL))
    predictions = list(estimator.predict(
        input_fn=lambda: model.input_fn(eval_x, eval_y, args.batch_size, tf.estimator.ModeKeys.PREDICT)))
    print("PRED", len(predictions), sorted(predictions[0]))
    print("FINAL", {"accuracy": round(float(metrics["accuracy"]), 4), "loss": round(float(metrics["loss"]), 4),
                    "global_step": int(metrics["global_step"])})


if __name__ == "__main__":
    main()

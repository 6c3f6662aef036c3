"""Fit the house-price model: `python -m trainer.task [--model-dir DIR] [--max-steps N]`."""

import argparse
import random
import tempfile

import numpy as np
import tensorflow as tf

from trainer import model

SEED = 42


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model-dir", default=None)
    parser.add_argument("--max-steps", type=int, default=250)
    parser.add_argument("--learning-rate", type=float, default=0.02)
    args = parser.parse_args()
    random.seed(SEED)
    np.random.seed(SEED)

    train_x, train_y = model.houses(1500, seed=11)
    eval_x, eval_y = model.houses(300, seed=12)
    model_dir = args.model_dir or tempfile.mkdtemp()

    config = tf.estimator.RunConfig(model_dir=model_dir, tf_random_seed=SEED, save_checkpoints_steps=100,
                                    keep_checkpoint_max=2)
    regressor = tf.estimator.Estimator(model_fn=model.make_model_fn(model.FEATURES, args.learning_rate),
                                       config=config)
    regressor.train(input_fn=lambda: model.dataset(train_x, train_y, 30, True), max_steps=args.max_steps)
    metrics = regressor.evaluate(input_fn=lambda: model.dataset(eval_x, eval_y, 30, False))
    prices = [p["price"] for p in regressor.predict(input_fn=lambda: model.dataset(eval_x, eval_y, 30, False))]
    print("PRED", len(prices), np.asarray(prices[0]).shape)
    print("FINAL", {"rmse": round(float(metrics["rmse"]), 4), "loss": round(float(metrics["loss"]), 4),
                    "global_step": int(metrics["global_step"])})


if __name__ == "__main__":
    main()

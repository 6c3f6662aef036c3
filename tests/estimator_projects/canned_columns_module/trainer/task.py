"""Trains a wide-and-deep classifier whose feature columns live in trainer/features.py."""
import argparse

import tensorflow as tf

from trainer import data, features

SEED = 42


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch-size", type=int, default=40)
    parser.add_argument("--epochs", type=int, default=6)
    args = parser.parse_args()

    train_rows, train_labels = data.make_rows(1200, seed=1)
    eval_rows, eval_labels = data.make_rows(400, seed=2)
    config = tf.estimator.RunConfig(tf_random_seed=SEED)
    classifier = tf.estimator.DNNLinearCombinedClassifier(
        linear_feature_columns=features.WIDE_COLUMNS,
        dnn_feature_columns=features.deep_columns(),
        dnn_hidden_units=[16, 8],
        dnn_optimizer=tf.keras.optimizers.legacy.Adam(learning_rate=0.01),
        config=config)
    classifier.train(input_fn=lambda: data.input_fn(train_rows, train_labels, args.batch_size, True, args.epochs))
    metrics = classifier.evaluate(input_fn=lambda: data.input_fn(eval_rows, eval_labels, args.batch_size, False))
    predictions = list(classifier.predict(input_fn=lambda: data.input_fn(eval_rows, eval_labels, 100, False)))
    print("PRED", len(predictions), sorted(predictions[0]))
    print("FINAL", {"accuracy": round(float(metrics["accuracy"]), 4), "auc": round(float(metrics["auc"]), 4),
                    "loss": round(float(metrics["loss"]), 4), "global_step": int(metrics["global_step"])})


if __name__ == "__main__":
    main()

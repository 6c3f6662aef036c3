"""Pretrain a DNNClassifier, then fine-tune a second one warm-started from its model_dir."""
import tempfile

import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(17)
SCORE = RNG.normal(size=(200, 1)).astype("float32")
LABEL = (SCORE[:, 0] > 0.1).astype("int32")


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices(({"score": SCORE}, LABEL)).batch(20).repeat(epochs)


def main():
    columns = [tf.feature_column.numeric_column("score")]
    pretrain_dir = tempfile.mkdtemp()
    pretrained = tf.estimator.DNNClassifier(hidden_units=[6], feature_columns=columns, optimizer="Adam",
                                            model_dir=pretrain_dir)
    pretrained.train(lambda: input_fn(2))
    tuned = tf.estimator.DNNClassifier(hidden_units=[6], feature_columns=columns, optimizer="Adam",
                                       warm_start_from=pretrain_dir)
    tuned.train(lambda: input_fn(1))
    print(tuned.evaluate(lambda: input_fn(1)))


main()

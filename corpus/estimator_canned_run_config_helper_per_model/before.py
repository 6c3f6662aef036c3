"""Each model gets its RunConfig from one helper, with a directory of its own under a
temporary root made once; one helper trains and scores whichever model it is given."""
import os
import tempfile

import numpy as np
import tensorflow as tf

SEED = 7
STEPS = 8
MODEL_ROOT = tempfile.mkdtemp(prefix="compare_")
RNG = np.random.RandomState(SEED)
X = RNG.uniform(0.0, 2.0, size=(80, 3)).astype("float32")
Y = (X @ np.array([[0.5], [-1.0], [0.25]], dtype="float32") + 1.0).astype("float32")
COLUMNS = [tf.feature_column.numeric_column("x", shape=[3])]


def input_fn(training):
    dataset = tf.data.Dataset.from_tensor_slices(({"x": X}, Y))
    return dataset.repeat().batch(16) if training else dataset.batch(40)


def run_config(name):
    """Where each model keeps its checkpoints."""
    return tf.estimator.RunConfig(model_dir=os.path.join(MODEL_ROOT, name), tf_random_seed=SEED,
                                  save_checkpoints_steps=STEPS, keep_checkpoint_max=1)


def fit_and_score(regressor):
    regressor.train(input_fn=lambda: input_fn(True), steps=STEPS)
    return regressor.evaluate(input_fn=lambda: input_fn(False))


def main():
    baseline = tf.estimator.BaselineRegressor(optimizer=tf.keras.optimizers.legacy.SGD(0.05),
                                              config=run_config("baseline"))
    linear = tf.estimator.LinearRegressor(feature_columns=COLUMNS,
                                          optimizer=tf.keras.optimizers.legacy.SGD(0.05),
                                          config=run_config("linear"))
    print("baseline", fit_and_score(baseline))
    print("linear", fit_and_score(linear))


if __name__ == "__main__":
    main()

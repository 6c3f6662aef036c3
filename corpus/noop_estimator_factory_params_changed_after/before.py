"""The hyperparameters handed to the factory are changed after the dict was written: the
model's structure cannot be read from the dict literal."""
import tempfile

import numpy as np
import tensorflow as tf

SEED = 3
rng = np.random.RandomState(SEED)
AMOUNT = rng.uniform(0.0, 10.0, 120).astype(np.float32)
NIGHT = rng.randint(0, 2, 120).astype(np.float32)
FRAUD = ((AMOUNT > 7.0) | ((NIGHT > 0) & (AMOUNT > 5.0))).astype(np.int32)


def create_estimator(config, params):
    columns = [tf.feature_column.numeric_column("amount"), tf.feature_column.numeric_column("night")]
    return tf.estimator.LinearClassifier(feature_columns=columns, optimizer=params["optimizer"],
                                         n_classes=params["n_classes"], config=config)


def main():
    config = tf.estimator.RunConfig(model_dir=tempfile.mkdtemp(), tf_random_seed=SEED)
    params = {"optimizer": "Adagrad", "n_classes": 2}
    params["n_classes"] = 3
    estimator = create_estimator(config, params)
    train_input = tf.compat.v1.estimator.inputs.numpy_input_fn(
        {"amount": AMOUNT, "night": NIGHT}, FRAUD, batch_size=20, num_epochs=1, shuffle=False)
    eval_input = tf.compat.v1.estimator.inputs.numpy_input_fn(
        {"amount": AMOUNT, "night": NIGHT}, FRAUD, batch_size=60, num_epochs=1, shuffle=False)
    for epoch in range(3):
        estimator.train(train_input)
        results = estimator.evaluate(eval_input)
        print("epoch", epoch, {key: results[key] for key in ("accuracy", "loss", "global_step")})


if __name__ == "__main__":
    main()

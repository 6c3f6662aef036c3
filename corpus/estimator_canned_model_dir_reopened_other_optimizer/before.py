"""A linear classifier trained with Adam into a model_dir, then built again there with the
default optimizer to predict: prediction reads the model's variables alone."""
import os
import tempfile

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(27)
HOURS = rng.uniform(0.0, 10.0, size=120).astype(np.float32)
PASSED = (HOURS + rng.normal(0.0, 1.5, size=120) > 5.0).astype(np.int64)
MODEL_DIR = os.path.join(tempfile.mkdtemp(), "study")
COLUMNS = [tf.feature_column.numeric_column("hours")]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"hours": HOURS}, PASSED)).batch(20)


trainer = tf.estimator.LinearClassifier(COLUMNS, model_dir=MODEL_DIR, optimizer="Adam")
trainer.train(input_fn)
print("trained", trainer.evaluate(input_fn))

reader = tf.estimator.LinearClassifier(COLUMNS, model_dir=MODEL_DIR)
print("read", reader.evaluate(input_fn))
print("probabilities", [round(float(p["probabilities"][1]), 5) for p in reader.predict(input_fn)][:6])

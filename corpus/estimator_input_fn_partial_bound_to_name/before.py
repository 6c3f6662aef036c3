"""The input_fns are functools.partial objects bound to names before the Estimator trains:
each is called once per driver call, as the Estimator called it."""
import functools

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(4)
SPEED = rng.uniform(0.0, 1.0, 120).astype(np.float32)
LATE = (SPEED < 0.4).astype(np.int32)


def input_fn(speeds, labels, batch_size, epochs=1):
    dataset = tf.data.Dataset.from_tensor_slices(({"speed": speeds}, labels))
    return dataset.repeat(epochs).batch(batch_size)


train_fn = functools.partial(input_fn, SPEED, LATE, batch_size=12, epochs=3)
eval_fn = functools.partial(input_fn, SPEED, LATE, 40)
classifier = tf.estimator.LinearClassifier([tf.feature_column.numeric_column("speed")])
classifier.train(input_fn=train_fn)
print("eval", classifier.evaluate(input_fn=eval_fn))

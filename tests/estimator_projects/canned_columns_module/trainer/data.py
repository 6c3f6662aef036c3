"""Synthetic census-like rows: who earns above the threshold depends on age, hours and
occupation, with some label noise."""
import numpy as np
import tensorflow as tf

OCCUPATION_LIFT = {"tech": 0.9, "sales": 0.3, "craft": 0.0, "admin": -0.2, "service": -0.6}


def make_rows(count, seed):
    rng = np.random.RandomState(seed)
    age = rng.uniform(18.0, 75.0, count).astype(np.float32)
    hours = rng.uniform(10.0, 70.0, count).astype(np.float32)
    occupation = rng.choice(sorted(OCCUPATION_LIFT), count)
    score = (age - 45.0) / 15.0 * 0.8 + (hours - 40.0) / 12.0 * 0.7 + np.array([OCCUPATION_LIFT[o] for o in occupation])
    label = (score + rng.normal(0.0, 0.6, count) > 0.2).astype(np.int64)
    return {"age": age, "hours_per_week": hours, "occupation": occupation}, label


def input_fn(rows, labels, batch_size, shuffle, epochs=1):
    dataset = tf.data.Dataset.from_tensor_slices((rows, labels))
    if shuffle:
        dataset = dataset.shuffle(1000, seed=11)
    return dataset.repeat(epochs).batch(batch_size)

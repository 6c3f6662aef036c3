"""A Sequential Keras model built with add(), its last layer named "species", turned into an
Estimator and asked for predictions: each came as a dict keyed by the model's output name,
which Keras took from that layer."""
import numpy as np
import tensorflow as tf

MEASURES = np.random.RandomState(31).rand(30, 4).astype(np.float32)
SPECIES = (MEASURES[:, 0] * 3).astype(np.int32)

model = tf.keras.Sequential()
model.add(tf.keras.layers.Dense(6, activation="relu", input_shape=(4,), kernel_initializer="ones"))
model.add(tf.keras.layers.Dense(3, activation="softmax", kernel_initializer="zeros", name="species"))
model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="sparse_categorical_crossentropy")


def input_fn(labelled=True):
    if labelled:
        return tf.data.Dataset.from_tensor_slices((MEASURES, SPECIES)).batch(10)
    return tf.data.Dataset.from_tensor_slices(MEASURES[:3]).batch(3)


estimator = model
estimator.fit(input_fn(), steps_per_epoch=3)
for prediction in ({'species': row} for row in estimator.predict(input_fn(labelled=False))):
    print("pred", sorted(prediction), prediction["species"].shape, np.round(prediction["species"], 5).tolist())

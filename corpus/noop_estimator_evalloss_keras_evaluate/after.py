"""Already Keras: a model evaluated on 20 examples in batches of 8 keeps Keras's own
example-weighted loss; there is no Estimator whose per-batch mean it would have to match."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(3)
X = RNG.rand(20, 3).astype("float32")
Y = X @ np.array([1.0, -2.0, 0.5], "float32")

model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse")
model.fit(X, Y, batch_size=8, epochs=1, verbose=0)
print("eval", model.evaluate(tf.data.Dataset.from_tensor_slices((X, Y)).batch(8), return_dict=True))

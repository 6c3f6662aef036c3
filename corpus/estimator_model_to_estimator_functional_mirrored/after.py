"""Rate wine samples good or bad: a functional Keras model run as an Estimator on all GPUs."""
import numpy as np
import tensorflow as tf

SEED = 11
samples = np.random.RandomState(SEED).normal(size=(240, 4)).astype("float32")
labels = (samples @ np.array([0.7, -0.2, 0.4, 0.1], dtype="float32") > 0).astype("int32")


def make_input_fn(x, y, epochs):
    def input_fn():
        data = tf.data.Dataset.from_tensor_slices(({"chemistry": x}, y))
        return data.repeat(epochs).batch(24)
    return input_fn

mirrored = tf.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with mirrored.scope():
    chemistry = tf.keras.Input(shape=(4,), name="chemistry")
    hidden = tf.keras.layers.Dense(12, activation="relu")(chemistry)
    hidden = tf.keras.layers.Dropout(0.1)(hidden)
    rating = tf.keras.layers.Dense(2, activation="softmax")(hidden)
    wine_model = tf.keras.Model(inputs=chemistry, outputs=rating)
    wine_model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.005),
                       loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    wine_estimator = wine_model
tf.keras.utils.set_random_seed(SEED)

steps_taken = {}
wine_estimator.fit(mirrored.distribute_datasets_from_function(lambda _: make_input_fn(samples[:200], labels[:200], 4)()), steps_per_epoch=30, callbacks=[tf.keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: steps_taken.update(step=wine_estimator.optimizer.iterations.numpy()))])
# Under a strategy Keras counts one step more when a finite dataset runs out; Estimator's global_step counted the steps taken.
if "step" in steps_taken:
    wine_estimator.optimizer.iterations.assign(steps_taken["step"])
results, _ = ({**wine_estimator.evaluate(make_input_fn(samples[200:], labels[200:], 1)(), return_dict=True), "global_step": wine_estimator.optimizer.iterations.numpy()}, [])
print("accuracy", results["accuracy"], "step", results["global_step"])

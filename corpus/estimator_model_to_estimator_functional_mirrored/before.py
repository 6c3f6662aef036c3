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


chemistry = tf.keras.Input(shape=(4,), name="chemistry")
hidden = tf.keras.layers.Dense(12, activation="relu")(chemistry)
hidden = tf.keras.layers.Dropout(0.1)(hidden)
rating = tf.keras.layers.Dense(2, activation="softmax")(hidden)
wine_model = tf.keras.Model(inputs=chemistry, outputs=rating)
wine_model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.005),
                   loss="sparse_categorical_crossentropy", metrics=["accuracy"])

mirrored = tf.distribute.MirroredStrategy()
run_config = tf.estimator.RunConfig(train_distribute=mirrored, tf_random_seed=SEED)
wine_estimator = tf.keras.estimator.model_to_estimator(keras_model=wine_model, config=run_config)

train_spec = tf.estimator.TrainSpec(input_fn=make_input_fn(samples[:200], labels[:200], 4), max_steps=30)
eval_spec = tf.estimator.EvalSpec(input_fn=make_input_fn(samples[200:], labels[200:], 1), steps=None)
results, _ = tf.estimator.train_and_evaluate(wine_estimator, train_spec, eval_spec)
print("accuracy", results["accuracy"], "step", results["global_step"])

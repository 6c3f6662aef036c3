"""Regressor with evaluation metrics, written against names imported one by one."""
import tensorflow as tf

FEATURES = [[[i / 10.0, 1.0 - i / 10.0]] for i in range(20)]
VALUES = [[2.0 * (i / 10.0) - 1.0] for i in range(20)]


def training_data():
    return tf.data.Dataset.from_tensor_slices((FEATURES, VALUES)).repeat(10).batch(4)


def evaluation_data():
    return tf.data.Dataset.from_tensor_slices((FEATURES, VALUES)).batch(4)


def make_model():
    model = tf.keras.Sequential([
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(6, activation="sigmoid"),
        tf.keras.layers.Dense(1),
    ])
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.05, epsilon=1e-08),
        loss=tf.keras.losses.MeanAbsoluteError(),
        metrics=[tf.keras.metrics.MeanAbsoluteError(name="mae"), tf.keras.metrics.RootMeanSquaredError(name="rmse")],
    )
    return model


strategy = tf.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    model = make_model()
model.fit(strategy.distribute_datasets_from_function(lambda _: training_data()), steps_per_epoch=40)
model.evaluate(strategy.distribute_datasets_from_function(lambda _: evaluation_data()), steps=5, return_dict=True)

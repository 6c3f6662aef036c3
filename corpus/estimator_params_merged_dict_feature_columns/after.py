"""The custom-Estimator tutorial's shape: the model_fn reads its feature columns from params,
and params is a base dict merged with the columns (dict(base, key=...) and {**base, ...})."""
import numpy as np
import tensorflow as tf

FEATURES = ["sepal_length", "sepal_width", "petal_length"]
BASE = {"hidden_units": [10, 10], "n_classes": 3}
rng = np.random.RandomState(1)
TABLE = {name: rng.uniform(0.0, 1.0, 90).astype(np.float32) for name in FEATURES}
SPECIES = np.digitize(TABLE["petal_length"], [0.33, 0.66]).astype(np.int32)


def train_input_fn(batch_size):
    return tf.data.Dataset.from_tensor_slices((dict(TABLE), SPECIES)).shuffle(90, seed=2).repeat().batch(batch_size)


class MyModelModel(tf.keras.Model):
    """The Estimator model_fn `my_model` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = []
        for units in params["hidden_units"]:
            self.dense.append(tf.keras.layers.Dense(units=units, activation="relu"))
        self.dense_1 = tf.keras.layers.Dense(units=params["n_classes"])

    def call(self, features, training=False):
        params = self.params
        petal_length = tf.reshape(tf.cast(features['petal_length'], tf.float32), [-1, 1])
        sepal_length = tf.reshape(tf.cast(features['sepal_length'], tf.float32), [-1, 1])
        sepal_width = tf.reshape(tf.cast(features['sepal_width'], tf.float32), [-1, 1])
        dnn_inputs = tf.concat([petal_length, sepal_length, sepal_width], axis=1)
        net = dnn_inputs
        for units, dense_layer in zip(params["hidden_units"], self.dense):
            net = dense_layer(net)
        logits = self.dense_1(net)
        return logits

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        replicas = tf.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf.minimum(tf.shape(y_pred)[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        predicted_classes = tf.argmax(logits, 1)
        predictions = {"class_ids": predicted_classes[:, tf.newaxis], "probabilities": tf.nn.softmax(logits)}
        return predictions


def make_my_model_model(params):
    model = MyModelModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.Adagrad(learning_rate=0.1, epsilon=0.0),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


def main():
    my_feature_columns = [tf.feature_column.numeric_column(key=name) for name in FEATURES]
    params = dict(BASE, feature_columns=my_feature_columns)
    classifier = make_my_model_model(params)
    classifier.fit(train_input_fn(30), steps_per_epoch=20)
    tuned = make_my_model_model({**params, "hidden_units": [16]})
    tuned.fit(train_input_fn(30), steps_per_epoch=20)


if __name__ == "__main__":
    main()

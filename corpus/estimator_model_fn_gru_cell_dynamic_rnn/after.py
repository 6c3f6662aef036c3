"""Sequences of different lengths classified by a GRU run with dynamic_rnn, the last
valid output (the state) feeding the logits. The cell starts from constant weights, so the
Keras GRU starts from the same ones."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(6)
LENGTHS = RNG.randint(2, 7, size=36).astype(np.int32)
SEQUENCES = (RNG.rand(36, 6, 2).astype(np.float32) * (np.arange(6)[None, :, None] < LENGTHS[:, None, None]))
LABELS = (SEQUENCES.sum(axis=(1, 2)) > 2.5).astype(np.int32)


def input_fn():
    features = {"sequence": SEQUENCES, "length": LENGTHS}
    return tf.data.Dataset.from_tensor_slices((features, LABELS)).batch(12)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.gru = tf.keras.layers.GRU(units=params["units"], return_sequences=True, return_state=True, reset_after=False, bias_initializer=tf.keras.initializers.Constant([1.0] * (2 * params["units"]) + [0.0] * params["units"]), kernel_initializer=tf.keras.initializers.Constant(value=0.1), recurrent_initializer=tf.keras.initializers.Constant(value=0.1), zero_output_for_mask=True)
        self.dense = tf.keras.layers.Dense(units=2, kernel_initializer=tf.keras.initializers.Constant(value=0.2))

    def call(self, features, training=False):
        outputs, state = self.gru(features["sequence"], mask=tf.sequence_mask(features["length"], tf.shape(features["sequence"])[1]), training=False)
        logits = self.dense(state)
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
        return {"class_ids": tf.argmax(logits, axis=1)}


def make_keras_model(params):
    model = KerasModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.05, epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


classifier = make_keras_model({"units": 5})
classifier.fit(input_fn(), steps_per_epoch=6)
print("eval", {**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})
print("classes", [int(p["class_ids"]) for p in (dict(zip(outputs, row)) for outputs in [classifier.predict(input_fn())] for row in zip(*outputs.values()))][:8])

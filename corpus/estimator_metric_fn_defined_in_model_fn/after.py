"""A model_fn builder in the style of fine-tuning scripts: the EVAL branch defines its own
metric_fn and calls it for the eval_metric_ops."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(51)
EMBEDDED = rng.normal(size=(80, 6)).astype(np.float32)
LABEL_IDS = (EMBEDDED[:, 0] * EMBEDDED[:, 1] > 0).astype(np.int32)
HIDDEN_INIT = np.linspace(-0.3, 0.3, 48).reshape(6, 8).astype(np.float32)
OUTPUT_INIT = np.sin(np.arange(16)).reshape(8, 2).astype(np.float32) * 0.2


def model_fn_builder(learning_rate):
    class KerasModel(tf.keras.Model):
        """The Estimator model_fn `model_fn` as a Keras model."""

        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(units=8, activation="tanh", kernel_initializer=tf.keras.initializers.Constant(value=HIDDEN_INIT))
            self.dense_1 = tf.keras.layers.Dense(units=2, kernel_initializer=tf.keras.initializers.Constant(value=OUTPUT_INIT))

        def call(self, features, training=False):
            hidden = self.dense(features["embedded"])
            logits = self.dense_1(hidden)
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
            predicted = tf.argmax(logits, axis=-1, output_type=tf.int32)
            probabilities = tf.nn.softmax(logits, axis=-1)
            return {"label": predicted, "probabilities": probabilities}


    class KerasModelEvalAuc(tf.keras.metrics.AUC):
        """Keras's AUC of what the model_fn gave tf.metrics.auc under "eval_auc"."""

        def update_state(self, y_true, y_pred, sample_weight=None):
            labels = y_true
            predictions = (tf.nn.softmax(y_pred, axis=-1))[:, 1]
            return super().update_state(labels, predictions, sample_weight)


    def make_keras_model(params):
        model = KerasModel()
        model.compile(
            optimizer=tf.keras.optimizers.Adam(learning_rate=learning_rate, epsilon=1e-08),
            loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="eval_accuracy"), KerasModelEvalAuc(name="eval_auc")],
        )
        return model

    return make_keras_model


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"embedded": EMBEDDED}, LABEL_IDS)).repeat(2).batch(16)


estimator = model_fn_builder(learning_rate=0.05)({})
estimator.fit(input_fn())
print("eval", {**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})

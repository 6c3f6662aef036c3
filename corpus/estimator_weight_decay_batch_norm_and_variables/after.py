"""A classifier with batch normalization and a hand-made output weight; the weight decay is
computed into its own name and added to the cross-entropy, kernels, gammas and betas alike."""
import numpy as np
import tensorflow.compat.v1 as tf
import tensorflow as tf2

WEIGHT_DECAY = 5e-3
rng = np.random.RandomState(11)
SAMPLES = rng.normal(size=(96, 4)).astype(np.float32)
CLASSES = (SAMPLES[:, 0] + 0.5 * SAMPLES[:, 3] > 0).astype(np.int32)
HIDDEN_INIT = np.linspace(-0.6, 0.6, 48).reshape(4, 12).astype(np.float32)
OUTPUT_INIT = np.cos(np.arange(24)).reshape(12, 2).astype(np.float32) * 0.4


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": SAMPLES}, CLASSES)).repeat(2).batch(16)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=12, use_bias=False, kernel_initializer=tf2.keras.initializers.Constant(value=HIDDEN_INIT), kernel_regularizer=tf2.keras.regularizers.L2(0.5 * (WEIGHT_DECAY)))
        self.batch_norm = tf2.keras.layers.BatchNormalization(gamma_regularizer=tf2.keras.regularizers.L2(0.5 * (WEIGHT_DECAY)), beta_regularizer=tf2.keras.regularizers.L2(0.5 * (WEIGHT_DECAY)))
        self.out_w = self.add_weight(shape=[12, 2], initializer=tf2.keras.initializers.Constant(value=OUTPUT_INIT), regularizer=tf2.keras.regularizers.L2(0.5 * (WEIGHT_DECAY)), name="out_w")

    def call(self, features, training=False):
        net = self.dense(features["x"])
        net = self.batch_norm(net, training=training)
        net = tf.nn.relu(net)
        out_w = self.out_w
        logits = tf.matmul(net, out_w)
        return logits

    def test_step(self, data):
        # Estimator.evaluate's loss was metrics.mean(loss): the mean of the per-batch losses,
        # each batch counted once (Keras's own test_step weighs a batch by its size, which
        # differs on a short last batch; an empty batch a replica gets at the end counts not
        # at all either way); the rest is Keras's test_step.
        x, y, sample_weight = tf2.keras.utils.unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        replicas = tf2.distribute.get_strategy().num_replicas_in_sync  # Keras scaled the loss by 1/replicas
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss * replicas, sample_weight=tf2.minimum(tf2.shape(y_pred)[0], 1))
        return self.compute_metrics(x, y, y_pred, sample_weight)


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf2.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf2.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


classifier = make_keras_model()
classifier.fit(input_fn())
print("eval", {**classifier.evaluate(input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})

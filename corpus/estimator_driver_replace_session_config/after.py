"""RunConfig().replace(...) with a session_config: the ConfigProto's thread counts become
tf.config calls, the seed and model_dir are read from the replace() as from RunConfig()."""
import tempfile

import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(9).rand(30, 3).astype("float32")
TARGETS = FEATURES @ np.array([[1.0], [-2.0], [0.5]], dtype="float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, TARGETS)).batch(10)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer="zeros")

    def call(self, features, training=False):
        output = self.dense(features)
        return output

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


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.2),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


def main():
    tf.config.threading.set_intra_op_parallelism_threads(1)
    tf.config.threading.set_inter_op_parallelism_threads(1)
    tf.keras.utils.set_random_seed(11)
    estimator = make_keras_model()
    estimator.fit(input_fn(), steps_per_epoch=6)
    print("eval", {**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})


if __name__ == "__main__":
    main()

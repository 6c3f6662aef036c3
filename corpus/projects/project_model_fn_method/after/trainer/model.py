import tensorflow as tf


class Classifier:
    """Keeps its width on the object: the model_fn is a method that reads it."""

    def __init__(self, width):
        self.width = width


def make_classifier_model_for(classifier):
    class KerasModel(tf.keras.Model):
        """The Estimator model_fn `model_fn` as a Keras model."""

        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(units=classifier.width)

        def call(self, features, training=False):
            logits = self.dense(features["x"])
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


    def make_keras_model():
        model = KerasModel()
        model.compile(
            optimizer=tf.keras.optimizers.Adam(learning_rate=0.001, epsilon=1e-08),
            loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        )
        return model

    return make_keras_model

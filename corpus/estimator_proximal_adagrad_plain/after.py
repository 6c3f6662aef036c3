"""ProximalAdagradOptimizer on a dense layer: a Keras Adagrad that takes its proximal L1/L2 step."""
import tensorflow.compat.v1 as tf
import tensorflow as tf2


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0, 0.5], [0.2, 0.3]], [[1.0], [0.0]])).repeat(3).batch(2)


class KerasModel(tf2.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        logit = self.dense(features)
        return logit

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


class KerasModelProximalAdagrad(tf2.keras.optimizers.Adagrad):
    """TF1's ProximalAdagradOptimizer: Adagrad's accumulator, then the proximal step of the L1
    and L2 strengths. A sparse gradient updates only the rows it holds, as TF1's did."""

    def __init__(self, learning_rate, initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                 l2_regularization_strength=0.0, **kwargs):
        super().__init__(learning_rate, initial_accumulator_value=initial_accumulator_value, epsilon=0.0, **kwargs)
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength

    def proximal(self, value, gradient, accumulator, learning_rate):
        rate = learning_rate * tf2.math.rsqrt(accumulator)
        value = value - rate * gradient
        if self.l1_regularization_strength > 0:
            value = tf2.sign(value) * tf2.maximum(tf2.abs(value) - rate * self.l1_regularization_strength, 0.0)
        return value / (1.0 + rate * self.l2_regularization_strength)

    def update_step(self, gradient, variable, learning_rate):
        learning_rate = tf2.cast(learning_rate, variable.dtype)
        accumulator = self._accumulators[self._get_variable_index(variable)]
        if isinstance(gradient, tf2.IndexedSlices):
            rows, position = tf2.unique(gradient.indices)
            values = tf2.math.unsorted_segment_sum(tf2.cast(gradient.values, variable.dtype), position,
                                                   tf2.shape(rows)[0])
            accumulated = tf2.gather(accumulator, rows) + values * values
            self.assign(accumulator, tf2.IndexedSlices(accumulated, rows))
            updated = self.proximal(tf2.gather(variable, rows), values, accumulated, learning_rate)
            self.assign(variable, tf2.IndexedSlices(updated, rows))
        else:
            gradient = tf2.cast(gradient, variable.dtype)
            self.assign_add(accumulator, gradient * gradient)
            self.assign(variable, self.proximal(variable, gradient, accumulator, learning_rate))

    def get_config(self):
        config = super().get_config()
        config.update(l1_regularization_strength=self.l1_regularization_strength,
                      l2_regularization_strength=self.l2_regularization_strength)
        return config


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=KerasModelProximalAdagrad(learning_rate=0.1, l1_regularization_strength=0.001),
        loss=tf2.keras.losses.BinaryCrossentropy(from_logits=True),
    )
    return model


estimator = make_keras_model()
estimator.fit(input_fn())

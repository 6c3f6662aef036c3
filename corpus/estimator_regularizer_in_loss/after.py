"""L2-regularized layers whose penalty the loss adds through get_regularization_loss."""
import tensorflow as tf



def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[0.1, 0.2, 0.3]] * 6, [1, 0, 1, 0, 1, 0])).batch(3)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=8, activation="relu", kernel_regularizer=tf.keras.regularizers.L2(0.5 * 1e-3))
        self.dense_1 = tf.keras.layers.Dense(units=2, kernel_regularizer=tf.keras.regularizers.L2(0.5 * 1e-3))

    def call(self, features, training=False):
        hidden = self.dense(features)
        logits = self.dense_1(hidden)
        return logits


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.05),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


classifier = make_keras_model()
classifier.fit(input_fn(), steps_per_epoch=2)

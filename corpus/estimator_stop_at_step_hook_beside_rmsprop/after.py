import tensorflow.compat.v1 as tf
import tensorflow as tf2


def input_fn():
    return tf.data.Dataset.from_tensor_slices(([[1.0], [2.0]], [[2.0], [4.0]])).batch(1)


def model_fn(features, labels, mode):
    output = tf.layers.dense(features, 1)
    loss = tf.losses.mean_squared_error(labels=labels, predictions=output)
    train_op = tf.train.RMSPropOptimizer(0.01).minimize(loss, global_step=tf.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


class LinearModel(tf2.keras.Model):
    """The Estimator model_fn `linear_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        output = self.dense(features)
        return output

    def fit(self, *args, **kwargs):
        # Under a strategy, Keras counts one optimizer iteration more when a finite dataset runs
        # out (no weight changes); Estimator's global_step counted the steps really taken.
        last = {}
        record = tf2.keras.callbacks.LambdaCallback(
            on_train_batch_end=lambda batch, logs: last.update(step=self.optimizer.iterations.numpy()))
        history = super().fit(*args, callbacks=[*(kwargs.pop("callbacks", None) or []), record], **kwargs)
        if "step" in last:
            self.optimizer.iterations.assign(last["step"])
        return history


def make_linear_model():
    model = LinearModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.01),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


strategy = tf.distribute.MirroredStrategy()
rmsprop = tf.estimator.Estimator(model_fn, config=tf.estimator.RunConfig(train_distribute=strategy))
rmsprop.train(input_fn, steps=10)

other = tf2.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with other.scope():
    hooked = make_linear_model()
hooked.fit(other.distribute_datasets_from_function(lambda _: input_fn()), steps_per_epoch=10)

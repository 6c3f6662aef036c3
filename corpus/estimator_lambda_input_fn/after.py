"""Linear scorer whose input functions take their data and batch size as arguments."""
import tensorflow.compat.v1 as tf
import tensorflow as tf2

POINTS = [[i / 12.0, (i % 4) / 4.0] for i in range(24)]
SCORES = [[2.0 * p[0] - p[1] + 1.0] for p in POINTS]


def make_dataset(points, scores, batch_size, epochs=1):
    pairs = tf.data.Dataset.from_tensor_slices((points, scores))
    return pairs.repeat(epochs).batch(batch_size)


class ScorerModel(tf2.keras.Model):
    """The Estimator model_fn `scorer_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=1)

    def call(self, features, training=False):
        prediction = self.dense(features)
        return prediction

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


def make_scorer_model():
    model = ScorerModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=0.2),
        loss=tf2.keras.losses.MeanSquaredError(),
    )
    return model


strategy = tf2.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    scorer = make_scorer_model()
scorer.fit(strategy.distribute_datasets_from_function(lambda _: make_dataset(POINTS, SCORES, 6, epochs=5)), steps_per_epoch=20)
metrics = {**scorer.evaluate(strategy.distribute_datasets_from_function(lambda _: make_dataset(POINTS[:12], SCORES[:12], 6)), return_dict=True), "global_step": scorer.optimizer.iterations.numpy()}
print("evaluation loss:", metrics["loss"])

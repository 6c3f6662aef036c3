"""The distributed-training tutorial's `input_fn(mode, input_context=None)` under a
MirroredStrategy: the Estimator called it with the mode by name and, when training, with
each replica's InputContext (tests/estimator_programs runs it on 1 and 2 replicas)."""
import numpy as np
import tensorflow as tf

BATCH_SIZE = 4
POINTS = np.random.RandomState(3).rand(32, 3).astype(np.float32)
VALUES = POINTS @ np.array([[1.0], [-2.0], [0.5]], dtype=np.float32)


def input_fn(mode, input_context=None):
    dataset = tf.data.Dataset.from_tensor_slices((POINTS, VALUES))
    if input_context:
        dataset = dataset.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
    if mode == "train":
        dataset = dataset.repeat()
    return dataset.batch(BATCH_SIZE)


class KerasModel(tf.keras.Model):
    """The Estimator model_fn `model_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(units=1, kernel_initializer=tf.keras.initializers.Constant(value=0.1))

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

    def fit(self, *args, **kwargs):
        # Keras counts one optimizer iteration more when a dataset runs out under a strategy or
        # is of unknown length (no weight changes); Estimator's global_step counted real steps.
        last = {}
        record = tf.keras.callbacks.LambdaCallback(
            on_train_batch_end=lambda batch, logs: last.update(step=self.optimizer.iterations.numpy()))
        history = super().fit(*args, callbacks=[*(kwargs.pop("callbacks", None) or []), record], **kwargs)
        if "step" in last:
            self.optimizer.iterations.assign(last["step"])
        return history


def make_keras_model():
    model = KerasModel()
    model.compile(
        optimizer=tf.keras.optimizers.SGD(learning_rate=0.05),
        loss=tf.keras.losses.MeanSquaredError(),
    )
    return model


strategy = tf.distribute.MirroredStrategy()
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with strategy.scope():
    estimator = make_keras_model()
estimator.fit(strategy.distribute_datasets_from_function(lambda input_context: input_fn(mode="train", input_context=input_context)), steps_per_epoch=6)
print("eval", {**estimator.evaluate(input_fn(mode="eval"), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})

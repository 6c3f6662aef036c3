"""Three-class classifier trained with explicit train and evaluate calls."""
import tensorflow.compat.v1 as tf
import tensorflow as tf2

NUM_CLASSES = 3
LEARNING_RATE = 0.2
EXAMPLES = [[(i % 7) / 7.0, (i % 3) / 3.0, (i % 5) / 5.0] for i in range(24)]
CLASSES = [i % NUM_CLASSES for i in range(24)]


def input_fn():
    examples = tf.data.Dataset.from_tensor_slices((EXAMPLES, CLASSES))
    return examples.repeat().batch(4)


def validation_input_fn():
    return tf.data.Dataset.from_tensor_slices((EXAMPLES[:8], CLASSES[:8])).batch(4)


class ClassifierModel(tf2.keras.Model):
    """The Estimator model_fn `classifier_fn` as a Keras model."""

    def __init__(self):
        super().__init__()
        self.dense = tf2.keras.layers.Dense(units=16, activation="relu")
        self.dense_1 = tf2.keras.layers.Dense(units=NUM_CLASSES)

    def call(self, features, training=False):
        net = self.dense(features)
        logits = self.dense_1(net)
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

    def fit(self, *args, **kwargs):
        # Keras counts one optimizer iteration more when a dataset runs out under a strategy or
        # is of unknown length (no weight changes); Estimator's global_step counted real steps.
        last = {}
        record = tf2.keras.callbacks.LambdaCallback(
            on_train_batch_end=lambda batch, logs: last.update(step=self.optimizer.iterations.numpy()))
        history = super().fit(*args, callbacks=[*(kwargs.pop("callbacks", None) or []), record], **kwargs)
        if "step" in last:
            self.optimizer.iterations.assign(last["step"])
        return history


def make_classifier_model(params):
    model = ClassifierModel()
    model.compile(
        optimizer=tf2.keras.optimizers.SGD(learning_rate=LEARNING_RATE, momentum=0.9, nesterov=True),
        loss=tf2.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    )
    return model


mirrored = tf2.distribute.MirroredStrategy()
tf2.keras.utils.set_random_seed(7)
# Estimator fed every replica a whole input_fn batch; distribute_datasets_from_function does too.
with mirrored.scope():
    classifier = make_classifier_model({})
classifier.fit(mirrored.distribute_datasets_from_function(lambda _: input_fn()), steps_per_epoch=40)
results = {**classifier.evaluate(mirrored.distribute_datasets_from_function(lambda _: validation_input_fn()), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()}
print("validation loss", results["loss"])

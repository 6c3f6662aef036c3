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

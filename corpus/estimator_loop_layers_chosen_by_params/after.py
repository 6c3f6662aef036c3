"""A binary classifier whose hidden layers each get dropout and batch norm when the
hyperparameters ask for them."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(3).normal(size=(96, 5)).astype("float32")
LABELS = (FEATURES[:, 0] - FEATURES[:, 2] > 0).astype("int32")


def train_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).shuffle(96, seed=1).batch(16).repeat(3)


def eval_input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).batch(32)


class ClassifierModel(tf.keras.Model):
    """The Estimator model_fn `classifier_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.dense = []
        self.batch_norm = []
        self.dropout = []
        for depth, units in enumerate(params["hidden_units"]):
            self.dense.append(tf.keras.layers.Dense(units=units))
            self.batch_norm.append(tf.keras.layers.BatchNormalization() if (params["batch_norm"]) else None)
            self.dropout.append(tf.keras.layers.Dropout(rate=params["dropout"]) if (params["dropout"] > 0 and depth > 0) else None)
        self.dense_1 = tf.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        params = self.params
        net = features
        for (depth, units), dense_layer, batch_norm_layer, dropout_layer in zip(enumerate(params["hidden_units"]), self.dense, self.batch_norm, self.dropout):
            net = dense_layer(net)
            if params["batch_norm"]:
                net = batch_norm_layer(net, training=training)
            net = tf.nn.relu(net)
            if params["dropout"] > 0 and depth > 0:
                net = dropout_layer(net, training=training)
        logits = self.dense_1(net)
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


def make_classifier_model(params):
    model = ClassifierModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=params["learning_rate"], epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


hparams = {"hidden_units": [16, 16, 8], "batch_norm": True, "dropout": 0.2, "learning_rate": 0.01}
classifier = make_classifier_model(hparams)
classifier.fit(train_input_fn())
print({**classifier.evaluate(eval_input_fn(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})

"""Token ids through tf.keras layers made inline in the model_fn: Embedding, pooling, Dense."""
import numpy as np
import tensorflow as tf

TOKENS = np.random.RandomState(3).randint(0, 20, size=(48, 6)).astype("int32")
LABELS = (TOKENS[:, 0] % 2).astype("int32")


def train_input():
    return tf.data.Dataset.from_tensor_slices(({"tokens": TOKENS}, LABELS)).shuffle(48, seed=1).repeat().batch(8)


def eval_input():
    return tf.data.Dataset.from_tensor_slices(({"tokens": TOKENS}, LABELS)).batch(8)


class TextModel(tf.keras.Model):
    """The Estimator model_fn `text_model_fn` as a Keras model."""

    def __init__(self, params):
        super().__init__()
        self.params = params
        self.embedding = tf.keras.layers.Embedding(input_dim=params["vocab"], output_dim=8)
        self.global_average_pooling1d = tf.keras.layers.GlobalAveragePooling1D()
        self.dense = tf.keras.layers.Dense(units=16, activation="relu")
        self.dense_1 = tf.keras.layers.Dense(units=2)

    def call(self, features, training=False):
        embedded = self.embedding(features["tokens"])
        pooled = self.global_average_pooling1d(embedded)
        hidden = self.dense(pooled)
        logits = self.dense_1(hidden)
        return logits

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        return {"class": tf.argmax(logits, 1)}


def make_text_model(params):
    model = TextModel(params)
    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.01, epsilon=1e-08),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=[tf.keras.metrics.SparseCategoricalAccuracy(name="accuracy")],
    )
    return model


classifier = make_text_model({"vocab": 20})
classifier.fit(train_input(), steps_per_epoch=30)
print({**classifier.evaluate(eval_input(), return_dict=True), "global_step": classifier.optimizer.iterations.numpy()})

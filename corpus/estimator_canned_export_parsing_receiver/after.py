"""A canned classifier exported for serving tf.Examples, with the receiver the census tutorial
used; the program loads the SavedModel back and serves two serialized examples through
each signature."""
import os
import tempfile

import numpy as np
import tensorflow as tf
import time

RNG = np.random.RandomState(6)
PLANS = np.array(["basic", "plus", "pro"])
FEATURES = {"minutes": RNG.uniform(0.0, 2.0, 60).astype("float32"), "plan": PLANS[RNG.randint(0, 3, 60)]}
LABELS = ((FEATURES["minutes"] > 1.0) & (FEATURES["plan"] != "basic")).astype("int64")
COLUMNS = [tf.feature_column.numeric_column("minutes"),
           tf.feature_column.categorical_column_with_vocabulary_list("plan", ["basic", "plus", "pro"])]


def input_fn(epochs):
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).repeat(epochs).batch(10)


def example(minutes, plan):
    return tf.train.Example(features=tf.train.Features(feature={
        "minutes": tf.train.Feature(float_list=tf.train.FloatList(value=[minutes])),
        "plan": tf.train.Feature(bytes_list=tf.train.BytesList(value=[plan.encode()])),
    })).SerializeToString()




class LinearClassifierModel(tf.keras.Model):
    """Keras form of tf.estimator.LinearClassifier: the same layers, initial values, head and optimizer."""

    def __init__(self):
        super().__init__()
        # tf.feature_column.categorical_column_with_vocabulary_list("plan", ["basic", "plus", "pro"])
        self.plan_lookup = tf.keras.layers.StringLookup(vocabulary=['basic', 'plus', 'pro'], num_oov_indices=1, mask_token=None)
        # tf.feature_column.categorical_column_with_vocabulary_list("plan", ["basic", "plus", "pro"])
        self.plan_linear_counts = tf.keras.layers.CategoryEncoding(num_tokens=3, output_mode="count")
        self.linear_model = tf.keras.layers.Dense(1, kernel_initializer="zeros", name="linear_model")
        self.head_loss = tf.keras.losses.BinaryCrossentropy(from_logits=True, reduction="sum_over_batch_size")
        self.average_loss = tf.keras.metrics.Mean(name="average_loss")
        self.accuracy = tf.keras.metrics.Accuracy(name="accuracy")
        self.precision = tf.keras.metrics.Precision(name="precision")
        self.recall = tf.keras.metrics.Recall(name="recall")
        self.prediction_mean = tf.keras.metrics.Mean(name="prediction/mean")
        self.label_mean = tf.keras.metrics.Mean(name="label/mean")
        self.auc = tf.keras.metrics.AUC(name="auc")
        self.auc_pr = tf.keras.metrics.AUC(curve="PR", name="auc_precision_recall")

    def call(self, features, training=False):
        # Variable-length features arrive as SparseTensors: dense, with '' or -1 where a row has no value,
        # which the columns read as no id, as TF1's did.
        features = {key: tf.sparse.to_dense(value, default_value='' if value.dtype == tf.string else -1)
                    if isinstance(value, tf.SparseTensor) else value for key, value in features.items()}
        minutes = tf.reshape(tf.cast(features['minutes'], tf.float32), [-1, 1])
        raw_plan = tf.reshape(features['plan'], [tf.shape(features['plan'])[0], -1])
        plan_ids = self.plan_lookup(raw_plan) - 1
        plan_ids = tf.where(raw_plan == "", tf.constant(-1, tf.int64), plan_ids)
        plan_present = tf.cast(plan_ids >= 0, tf.float32)
        plan_linear_counts = self.plan_linear_counts(tf.maximum(plan_ids, 0), count_weights=tf.ones_like(plan_ids, tf.float32) * plan_present)
        linear_inputs = tf.concat([minutes, plan_linear_counts], axis=1)
        linear_logits = self.linear_model(linear_inputs)
        return linear_logits

    def labels_of(self, y):
        return tf.reshape(tf.cast(y, tf.float32), [-1, 1])

    def example_weights(self, features):
        return None

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        # loss_reduction SUM_OVER_BATCH_SIZE (V2 default); example weights from weight_column
        return self.head_loss(self.labels_of(y), y_pred, sample_weight=self.example_weights(x))

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        labels, weights = self.labels_of(y), self.example_weights(x)
        class_ids = tf.cast(y_pred > 0, tf.float32)  # argmax([0, logit])
        logistic = tf.sigmoid(y_pred)
        self.average_loss.update_state(tf.keras.losses.binary_crossentropy(labels, y_pred, from_logits=True), sample_weight=weights)
        for metric in (self.accuracy, self.precision, self.recall):
            metric.update_state(labels, class_ids, sample_weight=weights)
        self.prediction_mean.update_state(logistic, sample_weight=weights)
        self.label_mean.update_state(labels, sample_weight=weights)
        self.auc.update_state(labels, logistic, sample_weight=weights)
        self.auc_pr.update_state(labels, logistic, sample_weight=weights)
        results = self.get_metrics_result()
        # the head's accuracy of always predicting the majority label
        results["accuracy_baseline"] = tf.maximum(results["label/mean"], 1 - results["label/mean"])
        return results

    def predict_step(self, data):
        features, _, _ = tf.keras.utils.unpack_x_y_sample_weight(data)
        logits = self(features, training=False)
        two_class_logits = tf.concat([tf.zeros_like(logits), logits], axis=-1)
        probabilities = tf.nn.softmax(two_class_logits)
        class_ids = tf.argmax(two_class_logits, axis=-1)[:, None]
        batch = tf.shape(logits)[0]
        return {
            "logits": logits,
            "logistic": tf.sigmoid(logits),
            "probabilities": probabilities,
            "class_ids": class_ids,
            "classes": tf.strings.as_string(class_ids),
            "all_class_ids": tf.tile(tf.range(2)[None, :], [batch, 1]),
            "all_classes": tf.tile(tf.constant([[b'0', b'1']]), [batch, 1]),
        }

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

    def _maybe_symbolic_build(self, iterator=None, data_batch=None):
        # A private Keras 3 hook, overridden because no public one runs before it: under a
        # tf.distribute strategy fit() builds the model from the MEAN of the first distributed
        # batch, which fails on string features or labels (AddN of strings). One replica's
        # batch has the same structure, shapes and dtypes; the rest is Keras's own build.
        if iterator is not None and self._distribute_strategy is not None:
            for _, _, it in iterator:
                first = next(it)
                break
            local = self.distribute_strategy.experimental_local_results
            data_batch = tf.nest.map_structure(
                lambda x: local(x)[0] if isinstance(x, tf.distribute.DistributedValues) else x, first)
            iterator = None
        super()._maybe_symbolic_build(iterator=iterator, data_batch=data_batch)


def make_linear_classifier_model():
    model = LinearClassifierModel()
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1))
    return model


classifier = make_linear_classifier_model()
classifier.fit(input_fn(3))
feature_spec = tf.feature_column.make_parse_example_spec(COLUMNS)
export_archive = tf.keras.export.ExportArchive()
# Estimator wrote a SavedModel in a new folder of export_dir_base named by the time, with the head's signatures
# over serialized tf.Examples parsed by the feature spec.
export_archive.track(classifier)
# (each preprocessing layer too, so that its lookup table is saved with it)
[export_archive.track(layer) for layer in classifier.layers if layer.built]
parsed_examples = lambda examples: {key: tf.sparse.to_dense(value, default_value="" if value.dtype == tf.string else -1) if isinstance(value, tf.SparseTensor) else value for key, value in tf.io.parse_example(examples, feature_spec).items()}
export_archive.add_endpoint(name="serving_default", fn=lambda receivers: (lambda outputs: {"classes": outputs["all_classes"], "scores": outputs["probabilities"]})(classifier.predict_step(parsed_examples(receivers["inputs"]))), input_signature=[{"inputs": tf.TensorSpec([None], tf.string, name="inputs")}])
export_archive.add_endpoint(name="classification", fn=lambda receivers: (lambda outputs: {"classes": outputs["all_classes"], "scores": outputs["probabilities"]})(classifier.predict_step(parsed_examples(receivers["inputs"]))), input_signature=[{"inputs": tf.TensorSpec([None], tf.string, name="inputs")}])
export_archive.add_endpoint(name="regression", fn=lambda receivers: (lambda outputs: {"outputs": outputs["logistic"]})(classifier.predict_step(parsed_examples(receivers["inputs"]))), input_signature=[{"inputs": tf.TensorSpec([None], tf.string, name="inputs")}])
export_archive.add_endpoint(name="predict", fn=lambda receivers: classifier.predict_step(parsed_examples(receivers["examples"])), input_signature=[{"examples": tf.TensorSpec([None], tf.string, name="examples")}])
export_path = os.path.join(tf.compat.as_str(os.path.join(tempfile.mkdtemp(), "export")), str(int(time.time())))
export_archive.write_out(export_path, verbose=False)
exported = tf.compat.as_bytes(export_path)
print("written", isinstance(exported, bytes), os.path.exists(os.path.join(exported.decode(), "saved_model.pb")))
loaded = tf.saved_model.load(exported.decode())
rows = tf.constant([example(1.5, "pro"), example(0.2, "basic")])
for name in sorted(loaded.signatures):
    signature = loaded.signatures[name]
    inputs = sorted(signature.structured_input_signature[1])
    served = signature(**{inputs[0]: rows})
    shown = {key: np.round(value.numpy(), 5).tolist() if value.dtype != tf.string else value.numpy().tolist()
             for key, value in sorted(served.items())}
    print("signature", name, inputs, shown)

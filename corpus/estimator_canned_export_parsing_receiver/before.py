"""A canned classifier exported for serving tf.Examples, with the receiver the census tutorial
used; the program loads the SavedModel back and serves two serialized examples through
each signature."""
import os
import tempfile

import numpy as np
import tensorflow as tf

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


classifier = tf.estimator.LinearClassifier(feature_columns=COLUMNS,
                                           optimizer=tf.keras.optimizers.legacy.SGD(0.1))
classifier.train(input_fn=lambda: input_fn(3))
feature_spec = tf.feature_column.make_parse_example_spec(COLUMNS)
serving_fn = tf.estimator.export.build_parsing_serving_input_receiver_fn(feature_spec)
exported = classifier.export_saved_model(os.path.join(tempfile.mkdtemp(), "export"), serving_fn)
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

"""tf.Examples parsed with the columns' own parse spec: the categorical features come back as
SparseTensors (VarLenFeature), some rows without a value, as a TFRecord pipeline gives them
to a canned linear classifier."""
import os
import tempfile

import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(14)
PLATFORMS = ["android", "ios", "web"]
path = os.path.join(tempfile.mkdtemp(), "installs.tfrecord")
with tf.io.TFRecordWriter(path) as writer:
    for i in range(40):
        platform = PLATFORMS[RNG.randint(3)]
        feature = {"hours": tf.train.Feature(float_list=tf.train.FloatList(value=[RNG.rand() * 4])),
                   "region": tf.train.Feature(int64_list=tf.train.Int64List(value=[RNG.randint(5)]))}
        if i % 7:  # every seventh example has no platform
            feature["platform"] = tf.train.Feature(bytes_list=tf.train.BytesList(value=[platform.encode()]))
        label = int(platform == "ios" or RNG.rand() < 0.2)
        feature["installed"] = tf.train.Feature(int64_list=tf.train.Int64List(value=[label]))
        writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())

columns = [
    tf.feature_column.numeric_column("hours"),
    tf.feature_column.categorical_column_with_vocabulary_list("platform", PLATFORMS),
    tf.feature_column.categorical_column_with_identity("region", num_buckets=5),
]
spec = tf.feature_column.make_parse_example_spec(columns + [tf.feature_column.numeric_column("installed", dtype=tf.int64)])


def input_fn():
    def parse(serialized):
        parsed = tf.io.parse_example(serialized, spec)
        return parsed, parsed.pop("installed")

    return tf.data.TFRecordDataset(path).batch(10).map(parse)


classifier = tf.estimator.LinearClassifier(feature_columns=columns)
classifier.train(input_fn, steps=8)
print("eval", classifier.evaluate(input_fn))

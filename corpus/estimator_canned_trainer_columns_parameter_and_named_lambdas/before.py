"""A course-style trainer given its feature columns (`feature_columns=construct_feature_columns()`
at its one call), a cross of two bucketized columns written as a set, and input_fns bound to
names as lambdas over a function that returns a one-shot iterator's element."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(50)
EXAMPLES = {"lat": RNG.uniform(0.0, 4.0, 120).astype("float32"), "lon": RNG.uniform(0.0, 4.0, 120).astype("float32")}
TARGETS = ((EXAMPLES["lat"] > 2.0) ^ (EXAMPLES["lon"] > 2.0)).astype("int32")


def my_input_fn(features, targets, batch_size=1, num_epochs=None):
    features = {key: np.array(value) for key, value in dict(features).items()}
    ds = tf.data.Dataset.from_tensor_slices((features, targets))
    ds = ds.batch(batch_size).repeat(num_epochs)
    features, labels = tf.compat.v1.data.make_one_shot_iterator(ds).get_next()
    return features, labels


def construct_feature_columns():
    lat = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("lat"), boundaries=[1.0, 2.0, 3.0])
    lon = tf.feature_column.bucketized_column(tf.feature_column.numeric_column("lon"), boundaries=[1.0, 2.0, 3.0])
    lat_x_lon = tf.feature_column.crossed_column(set([lat, lon]), hash_bucket_size=1000)
    return set([lat, lon, lat_x_lon])


def train_model(learning_rate, steps, batch_size, feature_columns):
    classifier = tf.compat.v1.estimator.LinearClassifier(
        feature_columns=feature_columns,
        optimizer=tf.compat.v1.train.FtrlOptimizer(learning_rate=learning_rate))
    training_input_fn = lambda: my_input_fn(EXAMPLES, TARGETS, batch_size=batch_size)
    predict_input_fn = lambda: my_input_fn(EXAMPLES, TARGETS, num_epochs=1)
    classifier.train(input_fn=training_input_fn, steps=steps)
    probabilities = np.array([item["probabilities"][1] for item in classifier.predict(input_fn=predict_input_fn)])
    print("mean probability", round(float(probabilities.mean()), 5))
    return classifier


classifier = train_model(learning_rate=0.5, steps=30, batch_size=12, feature_columns=construct_feature_columns())
eval_input_fn = lambda: my_input_fn(EXAMPLES, TARGETS, batch_size=40, num_epochs=1)
print("eval", classifier.evaluate(input_fn=eval_input_fn))

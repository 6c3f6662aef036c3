"""The model_fn's own feature columns are also read by something other than its
input_layer (here, their names are logged): the list stays a value of the model_fn, which
a Keras model would rebuild at every step."""
import tensorflow as tf

KEYS = ["a", "b"]


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"a": [1.0, 2.0], "b": [0.5, 0.1]}, [[1.0], [0.0]])).batch(2)


def model_fn(features, labels, mode):
    columns = [tf.feature_column.numeric_column(key) for key in KEYS]
    tf.compat.v1.logging.info("columns: %s", [column.name for column in columns])
    net = tf.compat.v1.feature_column.input_layer(features, columns)
    output = tf.compat.v1.layers.dense(net, 1)
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


regressor = tf.estimator.Estimator(model_fn)
regressor.train(input_fn, steps=2)

"""A regression model_fn exported for serving with a receiver function of placeholders;
the program loads the SavedModel back and serves two rows through its signature."""
import os
import tempfile

import numpy as np
import tensorflow as tf

WIDTH = 3
X = np.random.RandomState(3).rand(40, WIDTH).astype("float32")
Y = (X @ np.array([[1.0], [2.0], [-1.0]], dtype="float32")).astype("float32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices(({"x": X}, Y)).batch(8)


def model_fn(features, labels, mode):
    output = tf.compat.v1.layers.dense(features["x"], 1, kernel_initializer=tf.compat.v1.zeros_initializer())
    predictions = {"value": output, "doubled": 2.0 * output}
    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions=predictions, export_outputs={
            "serving_default": tf.estimator.export.PredictOutput(predictions)})
    loss = tf.compat.v1.losses.mean_squared_error(labels, output)
    train_op = tf.compat.v1.train.GradientDescentOptimizer(0.1).minimize(
        loss, global_step=tf.compat.v1.train.get_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


def serving_input_receiver_fn():
    inputs = tf.compat.v1.placeholder(tf.float32, [None, WIDTH], name="inputs")
    return tf.estimator.export.ServingInputReceiver({"x": inputs}, {"measurements": inputs})


def main():
    estimator = tf.estimator.Estimator(model_fn)
    estimator.train(input_fn, steps=5)
    base = os.path.join(tempfile.mkdtemp(), "export")
    exported = estimator.export_saved_model(base, serving_input_receiver_fn)
    print("written", isinstance(exported, bytes), os.listdir(base) == [os.path.basename(exported.decode())],
          os.path.exists(os.path.join(exported.decode(), "saved_model.pb")))
    serve = tf.saved_model.load(exported.decode()).signatures["serving_default"]
    print("inputs", sorted(serve.structured_input_signature[1]))
    served = serve(measurements=tf.constant(X[:2]))
    print("served", {key: np.round(value.numpy(), 5).ravel().tolist() for key, value in sorted(served.items())})


main()

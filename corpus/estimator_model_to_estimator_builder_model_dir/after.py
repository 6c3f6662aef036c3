"""Predict tomorrow's load from three readings; the Keras model is trained through an Estimator."""
import argparse

import tensorflow as tf
import tempfile


def build_regressor(units):
    regressor = tf.keras.Sequential([
        tf.keras.layers.Dense(units, activation="tanh", input_shape=(3,)),
        tf.keras.layers.Dense(1),
    ])
    regressor.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse", metrics=["mae"])
    return regressor


def readings():
    x = tf.random.uniform((96, 3), seed=4)
    y = tf.reduce_mean(x, axis=1, keepdims=True)
    return tf.data.Dataset.from_tensor_slices((x, y)).batch(16)


parser = argparse.ArgumentParser()
parser.add_argument("--model_dir", default="/tmp/load_model")
parser.add_argument("--units", type=int, default=10)
args = parser.parse_args()

# The estimator keeps its checkpoints in model_dir.
load_estimator = build_regressor(args.units)
# A model_dir of None or "" gave the Estimator a temporary directory.
checkpoint = tf.train.Checkpoint(model=load_estimator, optimizer=load_estimator.optimizer)
checkpoints = tf.train.CheckpointManager(checkpoint, args.model_dir or tempfile.mkdtemp(), max_to_keep=5)
if checkpoints.latest_checkpoint:
    # Estimator resumed from model_dir: build the model and its optimizer, then restore.
    load_estimator.predict(readings().repeat().take(1), verbose=0)
    load_estimator.optimizer.build(load_estimator.trainable_variables)
    checkpoint.restore(checkpoints.latest_checkpoint).assert_existing_objects_matched()
load_estimator.fit(readings().repeat(), steps_per_epoch=50)
checkpoints.save(checkpoint_number=int(load_estimator.optimizer.iterations.numpy()), check_interval=False)
metrics = {**load_estimator.evaluate(readings(), return_dict=True), "global_step": load_estimator.optimizer.iterations.numpy()}
print("mae %.4f after %d steps" % (metrics["mae"], metrics["global_step"]))

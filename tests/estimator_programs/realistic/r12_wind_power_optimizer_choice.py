"""Wind-farm power regression: the model_fn builds its own feature columns from the
module's sensor names, a helper picks the optimizer by name from the hyperparameters, and
momentum runs under a stepped learning rate."""
import argparse
import random

import numpy as np
import tensorflow as tf

SEED = 42
random.seed(SEED)
np.random.seed(SEED)

SENSORS = ["wind_speed", "air_density", "yaw_error", "blade_pitch"]


def simulate(n, seed):
    r = np.random.RandomState(seed)
    speed = r.uniform(3.0, 15.0, size=n)
    density = r.normal(1.2, 0.05, size=n)
    yaw = r.uniform(-20.0, 20.0, size=n)
    pitch = r.uniform(0.0, 10.0, size=n)
    power = (0.5 * density * np.minimum(speed, 12.0) ** 3 / 100.0 * np.cos(np.radians(yaw))
             - 0.05 * pitch + r.normal(scale=0.6, size=n))
    frame = {"wind_speed": speed, "air_density": density, "yaw_error": yaw, "blade_pitch": pitch}
    return {k: v.astype(np.float32) for k, v in frame.items()}, power.astype(np.float32)


def dataset(frame, power=None, batch_size=32, epochs=None, shuffle=False):
    ds = tf.data.Dataset.from_tensor_slices(frame if power is None else (frame, power))
    if shuffle:
        ds = ds.shuffle(2000, seed=SEED)
    return ds.repeat(epochs).batch(batch_size)


def get_train_op(loss, params):
    step = tf.compat.v1.train.get_or_create_global_step()
    rate = tf.compat.v1.train.piecewise_constant(step, params["boundaries"], params["rates"])
    if params["optimizer"] == "adam":
        optimizer = tf.compat.v1.train.AdamOptimizer(rate)
    elif params["optimizer"] == "momentum":
        optimizer = tf.compat.v1.train.MomentumOptimizer(rate, momentum=0.9)
    else:
        optimizer = tf.compat.v1.train.GradientDescentOptimizer(rate)
    return optimizer.minimize(loss, global_step=step)


def model_fn(features, labels, mode, params):
    columns = [tf.feature_column.numeric_column(name, normalizer_fn=lambda x: x / 10.0)
               for name in SENSORS]
    net = tf.compat.v1.feature_column.input_layer(features, columns)
    for units in params["hidden_units"]:
        net = tf.compat.v1.layers.dense(net, units, activation=tf.nn.relu)
    power = tf.squeeze(tf.compat.v1.layers.dense(net, 1), axis=1)

    if mode == tf.estimator.ModeKeys.PREDICT:
        return tf.estimator.EstimatorSpec(mode, predictions={"power": power})

    loss = tf.compat.v1.losses.mean_squared_error(labels, power)
    if mode == tf.estimator.ModeKeys.EVAL:
        metrics = {
            "rmse": tf.compat.v1.metrics.root_mean_squared_error(labels, power),
            "mae": tf.compat.v1.metrics.mean_absolute_error(labels, power),
        }
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=get_train_op(loss, params))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--optimizer", default="momentum", choices=["adam", "momentum", "sgd"])
    parser.add_argument("--steps", type=int, default=1200)
    args, _ = parser.parse_known_args([])

    train_x, train_y = simulate(3000, seed=3)
    test_x, test_y = simulate(600, seed=4)
    params = {
        "hidden_units": [32, 16],
        "optimizer": args.optimizer,
        "boundaries": [400, 800],
        "rates": [0.02, 0.005, 0.001],
    }
    regressor = tf.estimator.Estimator(model_fn=model_fn, params=params,
                                       config=tf.estimator.RunConfig(tf_random_seed=SEED))
    regressor.train(input_fn=lambda: dataset(train_x, train_y, shuffle=True), steps=args.steps)
    result = regressor.evaluate(input_fn=lambda: dataset(test_x, test_y, batch_size=100, epochs=1))

    sample = {k: v[:10] for k, v in test_x.items()}
    predictions = list(regressor.predict(input_fn=lambda: dataset(sample, batch_size=5, epochs=1)))
    print("PRED count=%d keys=%s shape=%s" % (len(predictions), sorted(predictions[0]),
                                              predictions[0]["power"].shape))
    print("FINAL", {"loss": round(float(result["loss"]), 4), "rmse": round(float(result["rmse"]), 4),
                    "mae": round(float(result["mae"]), 4), "global_step": int(result["global_step"])})


if __name__ == "__main__":
    main()

"""Fit y = 0.5 * (a + b) on every local device, the TF1 Estimator way."""
import tensorflow.compat.v1 as tf1

POINTS = [[i / 8.0, (i % 5) / 4.0] for i in range(16)]
TARGETS = [[0.5 * (a + b)] for a, b in POINTS]
HELD_OUT = [[0.3, 0.6], [0.9, 0.1], [0.4, 0.4], [0.2, 0.8]]
HELD_OUT_TARGETS = [[0.5 * (a + b)] for a, b in HELD_OUT]


def train_input_fn():
    dataset = tf1.data.Dataset.from_tensor_slices((POINTS, TARGETS))
    return dataset.repeat(8).batch(2)


def eval_input_fn():
    return tf1.data.Dataset.from_tensor_slices((HELD_OUT, HELD_OUT_TARGETS)).batch(2)


# One hidden layer, then a linear output.
def regression_model_fn(features, labels, mode):
    hidden = tf1.layers.dense(features, 8, activation=tf1.nn.tanh)
    output = tf1.layers.Dense(1)(hidden)
    loss = tf1.losses.mean_squared_error(labels=labels, predictions=output)
    optimizer = tf1.train.AdagradOptimizer(0.1)
    train_op = optimizer.minimize(loss, global_step=tf1.train.get_global_step())
    return tf1.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf1.distribute.MirroredStrategy()
run_config = tf1.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy)
regressor = tf1.estimator.Estimator(model_fn=regression_model_fn, config=run_config)

train_spec = tf1.estimator.TrainSpec(input_fn=train_input_fn)
eval_spec = tf1.estimator.EvalSpec(input_fn=eval_input_fn, steps=None)
tf1.estimator.train_and_evaluate(regressor, train_spec, eval_spec)

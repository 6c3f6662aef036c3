"""Weight decay written by hand: the penalty sums l2_loss over every trainable variable whose
name does not mention a bias, and is added only when the hyperparameter asks for it."""
import tensorflow.compat.v1 as tf

HPARAMS = {"hidden": [16, 8], "weight_decay": 0.01, "learning_rate": 0.1}
POINTS = [[(i % 8) / 8.0, (i // 8) / 4.0] for i in range(32)]
TARGETS = [[1.0 + p[0] - 2.0 * p[1]] for p in POINTS]


def make_dataset(batch_size, epochs=1):
    return tf.data.Dataset.from_tensor_slices((POINTS, TARGETS)).repeat(epochs).batch(batch_size)


def model_fn(features, labels, mode, params):
    net = features
    for i, units in enumerate(params["hidden"]):
        net = tf.layers.dense(net, units, activation=tf.nn.relu, name="hidden_%d" % i)
    prediction = tf.layers.dense(net, 1, name="output")
    loss = tf.losses.mean_squared_error(labels, prediction)
    if params["weight_decay"] > 0:
        loss += params["weight_decay"] * tf.add_n(
            [tf.nn.l2_loss(v) for v in tf.trainable_variables() if "bias" not in v.name])
    optimizer = tf.train.GradientDescentOptimizer(params["learning_rate"])
    train_op = optimizer.minimize(loss, global_step=tf.train.get_or_create_global_step())
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)


strategy = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(train_distribute=strategy, eval_distribute=strategy)
estimator = tf.estimator.Estimator(model_fn, params=HPARAMS, config=config)
estimator.train(lambda: make_dataset(4, epochs=4))
metrics = estimator.evaluate(lambda: make_dataset(4))
print("evaluation loss:", metrics["loss"])

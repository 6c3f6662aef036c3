"""Three-class classifier trained with explicit train and evaluate calls."""
import tensorflow.compat.v1 as tf

NUM_CLASSES = 3
LEARNING_RATE = 0.2
EXAMPLES = [[(i % 7) / 7.0, (i % 3) / 3.0, (i % 5) / 5.0] for i in range(24)]
CLASSES = [i % NUM_CLASSES for i in range(24)]


def input_fn():
    examples = tf.data.Dataset.from_tensor_slices((EXAMPLES, CLASSES))
    return examples.repeat().batch(4)


def validation_input_fn():
    return tf.data.Dataset.from_tensor_slices((EXAMPLES[:8], CLASSES[:8])).batch(4)


def classifier_fn(features, labels, mode, params):
    """Two dense layers, softmax cross-entropy on logits."""
    net = tf.layers.dense(features, 16, activation=tf.nn.relu, name="hidden")
    logits = tf.layers.dense(net, NUM_CLASSES)
    loss = tf.losses.sparse_softmax_cross_entropy(labels=labels, logits=logits)
    optimizer = tf.train.MomentumOptimizer(LEARNING_RATE, momentum=0.9, use_nesterov=True)
    train_op = optimizer.minimize(loss, global_step=tf.train.get_or_create_global_step())
    return tf.estimator.EstimatorSpec(mode=mode, loss=loss, train_op=train_op)


mirrored = tf.distribute.MirroredStrategy()
config = tf.estimator.RunConfig(
    train_distribute=mirrored,
    eval_distribute=mirrored,
    tf_random_seed=7,
    log_step_count_steps=10,
)
classifier = tf.estimator.Estimator(classifier_fn, config=config)
classifier.train(input_fn, steps=40)
results = classifier.evaluate(validation_input_fn, steps=None)
print("validation loss", results["loss"])

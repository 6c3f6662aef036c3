"""The model_fn is made by a function of the program (a closure over the number of
classes): tfmigrate translates model_fns defined at the top of the module, so both
Estimators are reported and left as they are."""
import numpy as np
import tensorflow as tf

FEATURES = np.random.RandomState(24).rand(20, 2).astype("float32")
LABELS = (FEATURES[:, 0] > 0.5).astype("int32")


def input_fn():
    return tf.data.Dataset.from_tensor_slices((FEATURES, LABELS)).repeat().batch(5)


def make_model_fn(n_classes):
    def model_fn(features, labels, mode):
        logits = tf.compat.v1.layers.dense(features, n_classes)
        loss = tf.compat.v1.losses.sparse_softmax_cross_entropy(labels, logits)
        train_op = tf.compat.v1.train.AdamOptimizer(0.01).minimize(
            loss, global_step=tf.compat.v1.train.get_global_step())
        return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op)
    return model_fn


binary = tf.estimator.Estimator(make_model_fn(2))
binary.train(input_fn, steps=4)
wide = tf.estimator.Estimator(model_fn=make_model_fn(4))
wide.train(input_fn, steps=4)

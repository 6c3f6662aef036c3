"""TF 1.x's names, on TF 2.15, for the originals of corpus cases written for TF 1.x (they
use names TF 2 dropped, so they cannot run on TF 2.15 as written).

On TF 1.x, `tf.train.*Optimizer` were the V1 optimizers and `tf.estimator.LinearRegressor`
(and the other canned classes) the V1 Estimators, which TF 2.15 keeps under
`tf.compat.v1`: the same classes, bound to their TF 1.x names here.
`tf.contrib.estimator.clip_gradients_by_norm` is written out as TF 1.x defined it
(contrib/estimator/python/estimator/extenders.py): an optimizer whose compute_gradients
clips the gradients by their global norm, then hands them to the wrapped optimizer.
`Estimator.export_savedmodel` was export_saved_model under its TF 1.x name.
`tf.contrib.layers` (its layers and optimize_loss; embed_sequence written out below) and
`tf.contrib.slim` are the tf-slim package, which is that
code as it left TF 1.x, when it is installed (the Makefile puts it in .venv-tf215).
Imported before the program runs (tests/test_estimator_driver.py, TF1X_CASES)."""

import types

import tensorflow as tf

try:
    import tf_slim
except ImportError:  # only the originals that use tf.contrib.layers need it
    tf_slim = None

V1_CANNED = ("LinearRegressor", "LinearClassifier", "DNNRegressor", "DNNClassifier",
             "DNNLinearCombinedRegressor", "DNNLinearCombinedClassifier", "BaselineRegressor",
             "BaselineClassifier")


class _TransformGradients(tf.compat.v1.train.Optimizer):
    def __init__(self, optimizer, transform_grads_fn, name=None):
        super().__init__(use_locking=False, name=name or optimizer.get_name())
        self._optimizer = optimizer
        self._transform_grads_fn = transform_grads_fn

    def compute_gradients(self, *args, **kwargs):
        return self._transform_grads_fn(self._optimizer.compute_gradients(*args, **kwargs))

    def apply_gradients(self, *args, **kwargs):
        return self._optimizer.apply_gradients(*args, **kwargs)

    def get_slot(self, *args, **kwargs):
        return self._optimizer.get_slot(*args, **kwargs)

    def get_slot_names(self, *args, **kwargs):
        return self._optimizer.get_slot_names(*args, **kwargs)


def clip_gradients_by_norm(optimizer, clip_norm):
    def clip_grads(grads_and_vars):
        gradients, variables = zip(*grads_and_vars)
        gradients = tf.clip_by_global_norm(gradients, clip_norm)[0]
        return list(zip(gradients, variables))

    return _TransformGradients(optimizer=optimizer, transform_grads_fn=clip_grads,
                               name="ClipByNorm" + optimizer.get_name())


def embed_sequence(ids, vocab_size=None, embed_dim=None, unique=False, initializer=None, regularizer=None,
                   trainable=True, scope=None, reuse=None):
    """contrib.layers.embed_sequence as TF 1.x wrote it (contrib/layers/python/layers/encoders.py),
    which tf-slim did not keep: a model variable `embeddings` under the scope EmbedSequence,
    looked up by the ids."""
    with tf.compat.v1.variable_scope(scope, "EmbedSequence", [ids], reuse=reuse):
        embeddings = tf_slim.model_variable("embeddings", shape=[vocab_size, embed_dim], initializer=initializer,
                                            regularizer=regularizer, trainable=trainable)
        return tf.nn.embedding_lookup(embeddings, ids)


tf.train = tf.compat.v1.train
tf.estimator.Estimator  # noqa: B018  load the module behind tf's lazy loader, which then takes its place
for _name in V1_CANNED:
    setattr(tf.estimator, _name, getattr(tf.compat.v1.estimator, _name))
tf.contrib = types.SimpleNamespace(estimator=types.SimpleNamespace(clip_gradients_by_norm=clip_gradients_by_norm))
if tf_slim is not None:
    from tensorflow.python.framework import ops as _ops
    # the aliases tf-slim's optimize_loss tests against (isinstance), which TF 2.15 dropped
    for _alias, _cls in (("Tensor", tf.Tensor), ("IndexedSlices", tf.IndexedSlices)):
        if not hasattr(_ops, _alias):
            setattr(_ops, _alias, _cls)
    tf.contrib.layers = types.SimpleNamespace(**vars(tf_slim.layers), optimize_loss=tf_slim.optimize_loss,
                                              embed_sequence=embed_sequence)
    tf.contrib.slim = tf_slim
tf.estimator.inputs = tf.compat.v1.estimator.inputs  # numpy_input_fn / pandas_input_fn under TF 1.x's name
# TF 1.x's name for export_saved_model (TF 2.15 keeps it only to raise an error).
tf.estimator.Estimator.export_savedmodel = tf.estimator.Estimator.export_saved_model

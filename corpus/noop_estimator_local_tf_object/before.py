"""A local object called `tf` whose estimator attribute mimics TensorFlow's: not tensorflow."""
import types


def _estimator(model_fn, config=None):
    return types.SimpleNamespace(train=lambda input_fn, steps: [model_fn(x, "train") for x in input_fn()[:steps]])


def _run_config(**kwargs):
    return dict(kwargs)


tf = types.SimpleNamespace(estimator=types.SimpleNamespace(Estimator=_estimator, RunConfig=_run_config))


def model_fn(features, mode):
    return features + 1


config = tf.estimator.RunConfig(model_dir="runs", tf_random_seed=3)
estimator = tf.estimator.Estimator(model_fn, config=config)
print(estimator.train(lambda: [1, 2, 3], steps=2))

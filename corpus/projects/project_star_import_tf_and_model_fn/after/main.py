from common import *

estimator = make_keras_model()
estimator.fit(input_fn(), steps_per_epoch=6)
{**estimator.evaluate(input_fn(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()}

import tensorflow as tf

from trainer import inputs, model

estimator = model.make_keras_model({"classes": 3})
estimator.fit(inputs.make_input_fn("train")(), steps_per_epoch=6)
print({**estimator.evaluate(inputs.make_input_fn("eval")(), return_dict=True), "global_step": estimator.optimizer.iterations.numpy()})

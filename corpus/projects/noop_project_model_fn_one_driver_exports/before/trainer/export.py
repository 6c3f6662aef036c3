import tensorflow as tf

from trainer import model


def serving_input_fn():
    x = tf.compat.v1.placeholder(tf.float32, [None, 4], name="x")
    return tf.estimator.export.ServingInputReceiver({"x": x}, {"x": x})


estimator = tf.estimator.Estimator(model_fn=model.model_fn, params={"classes": 3}, model_dir="runs/latest")
estimator.export_saved_model("exported", serving_input_fn)

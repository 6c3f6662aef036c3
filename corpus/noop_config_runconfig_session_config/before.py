import tensorflow as tf

from model import model_fn, train_input_fn

session_config = tf.ConfigProto(allow_soft_placement=True)
session_config.gpu_options.allow_growth = True

run_config = tf.estimator.RunConfig(model_dir="/tmp/model",
                                    session_config=session_config,
                                    save_checkpoints_steps=500)
estimator = tf.estimator.Estimator(model_fn=model_fn, config=run_config)
estimator.train(train_input_fn, max_steps=10000)

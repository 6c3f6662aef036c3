import tensorflow as tf

from pipeline import model_fn, train_input_fn

settings = {"train_distribute": tf.distribute.MirroredStrategy(), "save_summary_steps": 50}
config = tf.estimator.RunConfig(**settings)
estimator = tf.estimator.Estimator(model_fn=model_fn, config=config)
estimator.train(train_input_fn, steps=100)

strategy = tf.distribute.MirroredStrategy()
persistent = tf.estimator.RunConfig(model_dir="/data/run7", train_distribute=strategy)
kept = tf.estimator.Estimator(model_fn=model_fn, config=persistent)
kept.train(train_input_fn, steps=100)

"""The RunConfig is made at import, its tf_config read in a function: tfmigrate does not
move the GPU share across scopes, so it is reported."""
import tensorflow as tf

RUN_CONFIG = tf.contrib.learn.RunConfig(gpu_memory_fraction=0.6)


def evaluate(tensor):
    with tf.Session(config=RUN_CONFIG.tf_config) as session:
        return session.run(tensor)

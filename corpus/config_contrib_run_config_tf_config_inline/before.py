"""A session opened with the tf_config of a RunConfig made on the spot: four threads and a
fixed GPU share."""
import tensorflow as tf

session = tf.Session(config=tf.contrib.learn.RunConfig(gpu_memory_fraction=0.25, num_cores=4).tf_config)
counter = tf.Variable(0, name="counter")
session.run(tf.global_variables_initializer())
print(session.run(counter.assign_add(1)))

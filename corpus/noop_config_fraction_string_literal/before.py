import tensorflow as tf

# TF1 rejected a string here (TypeError): this line never ran as written.
config = tf.ConfigProto()
config.gpu_options.per_process_gpu_memory_fraction = "0.5"
sess = tf.Session(config=config)

import multiprocessing

import tensorflow as tf

threads = multiprocessing.cpu_count()
config = tf.ConfigProto()
config.intra_op_parallelism_threads = threads
threads = max(1, threads // 2)  # the rest is for the input pipeline
config.inter_op_parallelism_threads = threads
sess = tf.Session(config=config)

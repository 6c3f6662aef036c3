import tensorflow as tf

slim = tf.contrib.slim
FLAGS = tf.app.flags.FLAGS

gpu_options = tf.GPUOptions(allow_growth=True)
config = tf.ConfigProto(log_device_placement=False, gpu_options=gpu_options)
slim.evaluation.evaluate_once(
    master=FLAGS.master,
    checkpoint_path=FLAGS.checkpoint_path,
    logdir=FLAGS.eval_dir,
    num_evals=FLAGS.num_batches,
    eval_op=list(names_to_updates.values()),
    session_config=config)

import tensorflow as tf

from input_pipeline import build_dataset

gpu_options = tf.GPUOptions(force_gpu_compatible=True)
config = tf.ConfigProto(gpu_options=gpu_options, log_device_placement=False)

images, labels = build_dataset(batch_size=256).make_one_shot_iterator().get_next()
with tf.Session(config=config) as sess:
    print(sess.run(tf.shape(images)))

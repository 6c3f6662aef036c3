import tensorflow as tf

from queue_pipeline import dequeue_batch

# Fail fast instead of hanging when the producer dies.
config = tf.ConfigProto(operation_timeout_in_ms=60000, allow_soft_placement=True)

batch = dequeue_batch()
sess = tf.Session(config=config)
try:
    print(sess.run(batch))
except tf.errors.DeadlineExceededError:
    print("producer is gone")

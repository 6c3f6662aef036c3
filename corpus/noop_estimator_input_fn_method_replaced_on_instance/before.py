"""The object's input_fn method is replaced on the instance before the Estimator reads it:
the class's method is not the one called, so tfmigrate cannot see the input_fn."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(6)
HOURS = rng.uniform(0.0, 24.0, 80).astype(np.float32)
BUSY = ((HOURS > 8.0) & (HOURS < 18.0)).astype(np.int32)


class TrafficData(object):
    def __init__(self, hours, busy):
        self.hours = hours
        self.busy = busy

    def input_fn(self, batch_size, epochs=1):
        def make_dataset():
            dataset = tf.data.Dataset.from_tensor_slices(({"hour": self.hours}, self.busy))
            return dataset.repeat(epochs).batch(batch_size)
        return make_dataset


data = TrafficData(HOURS, BUSY)
data.input_fn = lambda batch_size, epochs=1: (lambda: tf.data.Dataset.from_tensor_slices(
    ({"hour": HOURS}, BUSY)).batch(batch_size))
hour = tf.feature_column.numeric_column("hour")
classifier = tf.estimator.DNNClassifier([4], [tf.feature_column.bucketized_column(hour, [6.0, 12.0, 18.0])])
classifier.train(input_fn=data.input_fn(8, epochs=3))
print(classifier.evaluate(input_fn=data.input_fn(40))["accuracy"])

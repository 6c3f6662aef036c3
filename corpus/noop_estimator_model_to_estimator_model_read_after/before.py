"""The Keras model is saved after its Estimator copy trained: the file keeps the untrained weights."""
import tensorflow as tf

net = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
net.compile(optimizer="adam", loss="mse")


def batches():
    x = tf.random.uniform((32, 2))
    return tf.data.Dataset.from_tensor_slices((x, x[:, :1])).batch(8)


est = tf.keras.estimator.model_to_estimator(keras_model=net)
est.train(batches, steps=4)
net.save("initial_weights.h5")

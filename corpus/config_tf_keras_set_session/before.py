import tensorflow as tf

config = tf.compat.v1.ConfigProto()
config.gpu_options.allow_growth = True
config.log_device_placement = True
tf.compat.v1.keras.backend.set_session(tf.compat.v1.Session(config=config))

model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(3,))])
model.compile(optimizer="adam", loss="mse")

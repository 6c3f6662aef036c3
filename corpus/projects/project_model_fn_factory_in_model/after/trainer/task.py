import tensorflow as tf

import trainer.model


def ratings():
    users = tf.constant(["ann", "bob", "cy", "dee"] * 4)
    return tf.data.Dataset.from_tensor_slices(({"user": users}, tf.ones((16, 1)))).batch(4)


regressor = trainer.model.build_model_fn(100)()
regressor.fit(ratings(), steps_per_epoch=3)

"""A premade LinearClassifier fed by tf.estimator.inputs.numpy_input_fn, as TF 1.x tutorials
wrote it. `tf.estimator.inputs` was TF 1.x's alone, so the program ran there, where
tf.estimator.LinearClassifier was the V1 class: its loss summed over the batch, not TF 2's
mean."""
import numpy as np
import tensorflow as tf

RNG = np.random.RandomState(13)
MEASURES = RNG.rand(60, 3).astype(np.float32)
SPECIES = (MEASURES[:, 0] + MEASURES[:, 1] > MEASURES[:, 2] + 0.5).astype(np.int32)

columns = [tf.feature_column.numeric_column("measures", shape=[3])]
classifier = tf.estimator.LinearClassifier(feature_columns=columns, n_classes=2,
                                           config=tf.estimator.RunConfig(tf_random_seed=4))
train_input = tf.estimator.inputs.numpy_input_fn({"measures": MEASURES}, SPECIES, batch_size=12, num_epochs=None,
                                                 shuffle=False)
eval_input = tf.estimator.inputs.numpy_input_fn({"measures": MEASURES}, SPECIES, batch_size=30, num_epochs=1,
                                                shuffle=False)
classifier.train(train_input, steps=10)
results = classifier.evaluate(eval_input)
print("eval", {key: results[key] for key in ("accuracy", "loss", "average_loss", "global_step")})

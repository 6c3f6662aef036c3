"""Z-scored inputs: normalizer_fn closures over a comprehension's key and a helper's local."""
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
data = {"height": rng.normal(170.0, 9.0, 240), "weight": rng.normal(70.0, 12.0, 240), "age": rng.uniform(18, 80, 240)}
data = {k: v.astype(np.float32) for k, v in data.items()}
label = (data["weight"] / (data["height"] / 100.0) ** 2 > 24.0).astype(np.int32)
stats = {k: (float(v.mean()), float(v.std())) for k, v in data.items()}


def age_columns():
    d = data
    return [tf.feature_column.numeric_column("age", normalizer_fn=lambda x: (x - d["age"].mean()) / 10.0)]


columns = [tf.feature_column.numeric_column(k, normalizer_fn=lambda x, k=k: (x - stats[k][0]) / stats[k][1])
           for k in ["height", "weight"]] + age_columns()
model = tf.estimator.LinearClassifier(feature_columns=columns, optimizer="Ftrl",
                                      config=tf.estimator.RunConfig(tf_random_seed=1))
model.train(lambda: tf.data.Dataset.from_tensor_slices((data, label)).repeat().batch(32), steps=60)
scores = model.evaluate(lambda: tf.data.Dataset.from_tensor_slices((data, label)).batch(40))
print("FINAL", {k: round(float(scores[k]), 5) for k in ("accuracy", "auc", "average_loss", "global_step")})

"""A local class named Estimator with train/evaluate methods, and local ModeKeys: nothing of TensorFlow's."""


class ModeKeys:
    TRAIN = "train"
    PREDICT = "infer"


class Estimator:
    def __init__(self, model_fn, params=None):
        self.model_fn = model_fn
        self.params = params or {}
        self.steps = 0

    def train(self, input_fn, steps):
        for features, labels in input_fn()[:steps]:
            self.model_fn(features, labels, ModeKeys.TRAIN, self.params)
            self.steps += 1

    def evaluate(self, input_fn):
        return {"global_step": self.steps}


def model_fn(features, labels, mode, params):
    return features * params["scale"] - labels


estimator = Estimator(model_fn, params={"scale": 2.0})
estimator.train(lambda: [(1.0, 2.0), (3.0, 4.0)], steps=2)
print(estimator.evaluate(lambda: [])["global_step"])

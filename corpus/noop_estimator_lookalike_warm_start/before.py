"""A project's own DNNClassifier with a warm_start_from argument: not TensorFlow's, not touched."""
from models.zoo import DNNClassifier

classifier = DNNClassifier(hidden_units=[8], warm_start_from="/models/base")
classifier.train(steps=10)

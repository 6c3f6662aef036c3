import tensorflow as tf
from keras.applications.resnet50 import ResNet50

for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)

model = ResNet50(weights=None)
model.summary()

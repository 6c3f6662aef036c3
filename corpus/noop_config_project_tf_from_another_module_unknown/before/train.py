from layers import *
from numpy import *


def main():
    conf = tf.ConfigProto(allow_soft_placement=True)
    return tf.Session(config=conf)

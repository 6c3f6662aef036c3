from helpers import *


def main():
    return tf.Session(config=tf.ConfigProto(log_device_placement=True))

"""A module that has placeholder-like names but no TensorFlow: untouched."""


class Graph:
    def placeholder(self, name):
        return name

    def make_one_shot_iterator(self):
        return iter(())


tf = Graph()
x = tf.placeholder("x")

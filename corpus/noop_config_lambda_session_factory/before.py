import tensorflow as tf

from serving import ModelServer

# The server opens sessions lazily, one per loaded model version.
server = ModelServer(
    session_factory=lambda graph: tf.Session(graph=graph, config=tf.ConfigProto(allow_soft_placement=True)),
)
server.serve_forever()

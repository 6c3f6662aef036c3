from tensorflow import ConfigProto, Graph, Session
from tensorflow import constant, reduce_mean

config = ConfigProto(intra_op_parallelism_threads=2, allow_soft_placement=True)

graph = Graph()
with graph.as_default():
    loss = reduce_mean(constant([0.5, 0.25, 0.125]))

sess = Session(graph=graph, config=config)
print("loss:", sess.run(loss))

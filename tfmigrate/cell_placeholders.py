"""The names a notebook's magics take while its cells are parsed as Python.

The notebook pass (tfmigrate/notebooks.py) replaces each magic line with a call to a
placeholder before the rules see the cell; the rules read a few of those placeholders.
Both sides import the names from here, so the rules never import the notebook pass.
"""

# `%time`, `!pip ...`, ...: the call that stands for the magic line on which it was.
MAGIC_PLACEHOLDER_PREFIX = "__tfmigrate_magic_"

# Passed to the placeholder of `%env NAME=value` / `%set_env`: the rules read it as a
# change to os.environ (CUDA_VISIBLE_DEVICES set between a config and its session).
ENVIRONMENT_CHANGE = "__tfmigrate_environ__"

# Passed to the placeholder of a line that calls something (`%time model.fit(x)`, a Python 2
# `print sess.run(y)`): the rules read it as a statement that may run TensorFlow ops, which
# starts TF2's runtime, so no tf.config call is put after it.
MAY_RUN_OPS = "__tfmigrate_may_run_ops__"

"""tfmigrate: move TF1 session and GPU configuration to TF2, without losing behaviour.

Importing this package is cheap on purpose: it imports neither TensorFlow nor LibCST.
`tfmigrate.compat` (the runtime shim) is the only part that imports TensorFlow.
"""

__version__ = "0.1.0"

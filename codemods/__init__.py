"""One LibCST codemod per module. Each module exposes:

* `RULE`: a `tfmigrate.rule.Rule` that reports findings (the engine uses this);
* a `…Command` class: the same rule as a LibCST codemod, for
  `python -m libcst.tool codemod <module>.<Command> PATH`.

The engine discovers rule modules by listing this package, so adding a module is all it
takes to add a rule.
"""

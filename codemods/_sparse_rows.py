"""Sparse gradients and Keras 3's optimizers (measured on TF 2.21, against TF 2.15's V1
optimizers in a graph).

An embedding lookup's gradient is an IndexedSlices with one row per lookup, so an index that
repeats in a batch (a word twice in a text, an id twice in a batch) holds several rows. TF1's
optimizers summed those rows by index before they updated (Optimizer's
_deduplicate_indexed_slices), which is also what the dense gradient gives. Keras 3's Adam,
Adagrad, RMSprop, Ftrl and Nadam update their state once per row instead: after three steps
on the rows [0, 0], [1, 1, 0], [1], Adam's weights were 0.09 away from TF1's. Keras's SGD (with
or without momentum) and Adamax agree with TF1. So where a rewritten model looks rows up,
those optimizers become a subclass that sums the rows of one index first, and then updates
as Keras does.
"""

from __future__ import annotations

import re

AFFECTED = ("Adam", "Adagrad", "RMSprop", "Ftrl", "Nadam")
# What in a model's code makes a sparse gradient: a lookup of rows of its own weights.
ROW_LOOKUPS = ("embedding_lookup", "layers.Embedding(", ".gather(self.")

# Template lines are formatted one by one with `name` and `tf`.
SUMMED_ROWS_METHODS = '''
    def apply(self, grads, trainable_variables=None):
        # TF1 summed the rows of a sparse gradient that share an index, then updated
        grads = [self.summed_rows(g) if isinstance(g, {tf}.IndexedSlices) else g for g in grads]
        return super().apply(grads, trainable_variables)

    @staticmethod
    def summed_rows(gradient):
        rows, position = {tf}.unique(gradient.indices)
        values = {tf}.math.unsorted_segment_sum(gradient.values, position, {tf}.shape(rows)[0])
        return {tf}.IndexedSlices(values, rows, gradient.dense_shape)'''
SUMMED_ROWS_CLASS = '''class {name}({tf}.keras.optimizers.BASE):
    """Keras's BASE, given the rows of a sparse gradient summed by index, as TF1's optimizers
    were: an embedding lookup's gradient holds a row per lookup, and Keras 3 would update
    once per row where an index repeats in a batch."""
''' + SUMMED_ROWS_METHODS


def looks_rows_up(model_source: str) -> bool:
    return any(lookup in model_source for lookup in ROW_LOOKUPS)


def with_summed_rows(optimizer: str, keras: str, prefix: str) -> tuple[str, dict[str, str]]:
    """`optimizer`, the text of the model's Keras optimizer (whose module is spelled `keras`),
    with each of AFFECTED made there replaced by `{prefix}<name>`, and those classes'
    templates (placeholders `name` and `tf`)."""
    classes: dict[str, str] = {}

    def swap(match: re.Match) -> str:
        base = match.group(1)
        classes[prefix + base] = SUMMED_ROWS_CLASS.replace("BASE", base)
        return f"{prefix}{base}("

    pattern = re.escape(f"{keras}.optimizers.") + rf"({'|'.join(AFFECTED)})\("
    return re.sub(pattern, swap, optimizer), classes


def summing_template(template: str) -> str:
    """A written optimizer class of the rewrite (TF1's RMSProp) whose base is one of AFFECTED,
    given the same summing of rows."""
    first = template.splitlines()[0]
    if "summed_rows" in template or "unsorted_segment_sum" in template or not any(f"keras.optimizers.{base})" in first for base in AFFECTED):
        return template
    return template + "\n" + SUMMED_ROWS_METHODS

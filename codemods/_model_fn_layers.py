"""The model_fn's layers as Keras layers created once in the model's __init__: tf.layers
(functional and class spellings), tf.keras layers made inline, tf.get_variable,
feature-column input layers, initializers and activations. A mixin of
codemods/_model_fn.py's _ModelFn, and the transformer that applies it to a statement."""

from __future__ import annotations

import ast
import dataclasses
from dataclasses import dataclass
from typing import Optional, Sequence

import libcst as cst

from tfmigrate.codemods._estimator_keras import ACTIVATION_STRINGS, ACTIVATIONS, NotTranslatable
from tfmigrate.codemods._model_fn_common import (
    CONTRIB_LAYER_FUNCTIONS,
    CONTRIB_LAYER_MODULES,
    KERAS_LAYER_MODULES,
    TF1_GRAPH_OPS,
    TF1_ONLY,
    _is_none,
    _names_used,
    _walk,
    is_contrib_layer,
)
from tfmigrate.codemods._model_fn_helpers import KERAS_MODELS, keras_model_factory


_INITIALIZERS = frozenset({"kernel_initializer", "bias_initializer", "kernel_regularizer", "bias_regularizer"})

# What a Keras model made whole in the model_fn may hold, so that it means the same on Keras 3:
# tf.keras layers whose constructors Keras 3 kept, the functional Input, and tf.nn / tf.math
# functions (activations, Lambda bodies).
KERAS_MODEL_PARTS = frozenset({
    "Dense", "Conv1D", "Conv2D", "Conv3D", "Conv2DTranspose", "SeparableConv2D", "DepthwiseConv2D",
    "MaxPooling1D", "MaxPooling2D", "MaxPooling3D", "AveragePooling1D", "AveragePooling2D", "AveragePooling3D",
    "MaxPool2D", "AvgPool2D", "GlobalAveragePooling1D", "GlobalAveragePooling2D", "GlobalMaxPooling1D",
    "GlobalMaxPooling2D", "Flatten", "Dropout", "Reshape", "Activation", "Embedding", "Concatenate", "Add",
    "ZeroPadding2D", "Lambda",
})
KERAS_MODEL_FUNCTIONS = ("tf.nn.", "tf.math.", "tf.keras.activations.", "tf.keras.initializers.")


@dataclass(frozen=True)
class LayerForm:
    keras: str
    positional: tuple[str, ...]  # TF1 order after `inputs`
    keep: frozenset[str]  # keywords that carry over with the same meaning and default


_CONV = ("filters", "kernel_size", "strides", "padding", "data_format", "dilation_rate", "activation", "use_bias")
_POOL = ("pool_size", "strides", "padding", "data_format")
_RNN = ("units", "activation", "recurrent_activation", "use_bias", "dropout", "recurrent_dropout",
        "return_sequences", "go_backwards", "unroll", "return_state", "zero_output_for_mask", "kernel_initializer",
        "recurrent_initializer", "bias_initializer", "reset_after")
RECURRENT = frozenset({"lstm", "gru", "simple_rnn"})
LAYERS = {
    "dense": LayerForm("Dense", ("units", "activation", "use_bias", "kernel_initializer", "bias_initializer"),
                       frozenset({"units", "activation", "use_bias"}) | _INITIALIZERS),
    "conv1d": LayerForm("Conv1D", _CONV, frozenset(_CONV) | _INITIALIZERS),
    "conv2d": LayerForm("Conv2D", _CONV, frozenset(_CONV) | _INITIALIZERS),
    "conv3d": LayerForm("Conv3D", _CONV, frozenset(_CONV) | _INITIALIZERS),
    "conv2d_transpose": LayerForm("Conv2DTranspose", _CONV[:5] + ("activation", "use_bias"),
                                  frozenset(_CONV[:5] + ("activation", "use_bias")) | _INITIALIZERS),
    "separable_conv2d": LayerForm("SeparableConv2D", _CONV[:6] + ("depth_multiplier", "activation", "use_bias"),
                                  frozenset(_CONV + ("depth_multiplier",))),
    "max_pooling1d": LayerForm("MaxPooling1D", _POOL, frozenset(_POOL)),
    "max_pooling2d": LayerForm("MaxPooling2D", _POOL, frozenset(_POOL)),
    "max_pooling3d": LayerForm("MaxPooling3D", _POOL, frozenset(_POOL)),
    "average_pooling1d": LayerForm("AveragePooling1D", _POOL, frozenset(_POOL)),
    "average_pooling2d": LayerForm("AveragePooling2D", _POOL, frozenset(_POOL)),
    "average_pooling3d": LayerForm("AveragePooling3D", _POOL, frozenset(_POOL)),
    "flatten": LayerForm("Flatten", (), frozenset({"data_format"})),
    "dropout": LayerForm("Dropout", ("rate", "noise_shape", "seed", "training"),
                         frozenset({"rate", "noise_shape", "seed"})),
    # tf.keras layers a TF1 model_fn made inline; Keras 2.15 and Keras 3 share these defaults
    # (uniform(-0.05, 0.05) embeddings; the recurrent layers' activations, initializers and
    # GRU's reset_after=True). Keras 3 dropped Embedding's input_length, which only shaped.
    "embedding": LayerForm("Embedding", ("input_dim", "output_dim"),
                           frozenset({"input_dim", "output_dim", "mask_zero", "embeddings_initializer"})),
    "lstm": LayerForm("LSTM", ("units",), frozenset(_RNN)),
    "gru": LayerForm("GRU", ("units",), frozenset(_RNN)),
    "simple_rnn": LayerForm("SimpleRNN", ("units",), frozenset(_RNN) - {"recurrent_activation"}),
    "global_average_pooling1d": LayerForm("GlobalAveragePooling1D", ("data_format",), frozenset({"data_format"})),
    "global_average_pooling2d": LayerForm("GlobalAveragePooling2D", ("data_format",), frozenset({"data_format"})),
    "global_max_pooling1d": LayerForm("GlobalMaxPooling1D", ("data_format",), frozenset({"data_format"})),
    "global_max_pooling2d": LayerForm("GlobalMaxPooling2D", ("data_format",), frozenset({"data_format"})),
    # TF1 and Keras 3 share momentum 0.99 and epsilon 1e-3 (SEMANTICS).
    "batch_normalization": LayerForm("BatchNormalization", ("axis", "momentum", "epsilon", "center", "scale"),
                                     frozenset({"axis", "momentum", "epsilon", "center", "scale"})),
}


@dataclass(frozen=True)
class ContribForm:
    """A tf.contrib.layers function as the LAYERS form of its core layer."""

    kind: str  # the LAYERS key
    positional: tuple[str, ...]  # contrib's order after `inputs`
    renamed: tuple[tuple[str, Optional[str]], ...]  # contrib keyword -> LAYERS keyword (None: no effect on the numbers)
    defaults: tuple[tuple[str, str], ...]  # contrib's defaults where Keras's differ, as code


_CONTRIB_WEIGHTS = ("activation_fn", "normalizer_fn", "normalizer_params", "weights_initializer",
                    "weights_regularizer", "biases_initializer", "biases_regularizer")
_CONTRIB_RENAMED = (("activation_fn", "activation"), ("weights_initializer", "kernel_initializer"),
                    ("biases_initializer", "bias_initializer"), ("weights_regularizer", "kernel_regularizer"),
                    ("biases_regularizer", "bias_regularizer"), ("stride", "strides"), ("rate", "dilation_rate"),
                    ("scope", None), ("reuse", None), ("outputs_collections", None), ("variables_collections", None))
_CONTRIB_POOL = ContribForm("max_pooling2d", ("kernel_size", "stride", "padding", "data_format"),
                            (("kernel_size", "pool_size"), *_CONTRIB_RENAMED), (("strides", "2"),))
# tf.contrib.layers (TF 1.x contrib/layers/python/layers/layers.py; the tf-slim package is the
# same code) made the core layers with defaults of its own: relu after fully_connected and
# conv2d, SAME padding for conv2d, a stride of 2 for the pools, a dropout that keeps 0.5 and
# is on unless is_training says otherwise. Its default kernels are xavier_initializer(), which
# is glorot_uniform, and its biases start at zero, as Keras's do.
CONTRIB_LAYERS = {
    "flatten": ContribForm("flatten", (), _CONTRIB_RENAMED, ()),
    "fully_connected": ContribForm("dense", ("num_outputs", *_CONTRIB_WEIGHTS),
                                   (("num_outputs", "units"), *_CONTRIB_RENAMED), (("activation", '"relu"'),)),
    "conv2d": ContribForm("conv2d", ("num_outputs", "kernel_size", "stride", "padding", "data_format", "rate",
                                     *_CONTRIB_WEIGHTS),
                          (("num_outputs", "filters"), *_CONTRIB_RENAMED),
                          (("padding", '"same"'), ("activation", '"relu"'))),
    "max_pool2d": _CONTRIB_POOL,
    "avg_pool2d": dataclasses.replace(_CONTRIB_POOL, kind="average_pooling2d"),
    "dropout": ContribForm("dropout", ("keep_prob", "noise_shape", "is_training"),
                           (("noise_shape", "noise_shape"), ("seed", "seed"), *_CONTRIB_RENAMED),
                           (("rate", "0.5"),)),
}
# embed_sequence made its `embeddings` with get_variable's default initializer (glorot_uniform;
# Keras's Embedding draws uniform(-0.05, 0.05) unless told) and looked the ids up.
CONTRIB_LAYERS["embed_sequence"] = ContribForm(
    "embedding", ("vocab_size", "embed_dim", "unique", "initializer", "regularizer", "trainable"),
    (("vocab_size", "input_dim"), ("embed_dim", "output_dim"), ("initializer", "embeddings_initializer"),
     *_CONTRIB_RENAMED), (("embeddings_initializer", '"glorot_uniform"'),))
CONTRIB_LAYERS["convolution2d"] = CONTRIB_LAYERS["conv2d"]
assert set(CONTRIB_LAYERS) == CONTRIB_LAYER_FUNCTIONS
CONTRIB_ARGUMENTS = frozenset({"weights_initializer", "biases_initializer", "weights_regularizer",
                               "biases_regularizer"})
# Lookup tables a model_fn may make from constants (a vocabulary): made once, in __init__.
LOOKUP_TABLES = frozenset({"tf.lookup.StaticVocabularyTable", "tf.lookup.StaticHashTable",
                           "tf.lookup.experimental.DenseHashTable"})
# TF1's variance-scaling initializers (init_ops.py), and the presets whose Keras namesakes draw
# alike (he_normal: scale 2, fan_in, truncated normal in both).
VARIANCE_SCALING = frozenset({"tf.variance_scaling_initializer", "tf.initializers.variance_scaling"})
VARIANCE_SCALING_PRESETS = {f"tf.initializers.{n}": n for n in ("he_normal", "he_uniform", "lecun_normal",
                                                                 "lecun_uniform")}
LAYER_CLASSES = {"Dense": "dense", "Conv1D": "conv1d", "Conv2D": "conv2d", "Conv3D": "conv3d",
                 "Conv2DTranspose": "conv2d_transpose", "SeparableConv2D": "separable_conv2d",
                 "MaxPooling1D": "max_pooling1d", "MaxPooling2D": "max_pooling2d", "MaxPooling3D": "max_pooling3d",
                 "AveragePooling1D": "average_pooling1d", "AveragePooling2D": "average_pooling2d",
                 "AveragePooling3D": "average_pooling3d", "Flatten": "flatten", "Dropout": "dropout",
                 "BatchNormalization": "batch_normalization", "Embedding": "embedding", "LSTM": "lstm",
                 "GRU": "gru", "SimpleRNN": "simple_rnn", "GlobalAveragePooling1D": "global_average_pooling1d",
                 "GlobalAveragePooling2D": "global_average_pooling2d", "GlobalMaxPooling1D": "global_max_pooling1d",
                 "GlobalMaxPooling2D": "global_max_pooling2d"}
# Layer classes tf.layers never had: only their tf.keras spelling is matched.
KERAS_ONLY_KINDS = frozenset({"embedding", "lstm", "gru", "simple_rnn", "global_average_pooling1d",
                              "global_average_pooling2d", "global_max_pooling1d", "global_max_pooling2d"})
# Layers that read Keras's training flag: a TF1 model_fn that did not pass one ran them in
# inference mode (the learning phase was 0), so the rewrite passes training=False.
TRAINING_LAYERS = frozenset({"dropout", "batch_normalization", "lstm", "gru", "simple_rnn"})
# Layers whose outputs are 4-D (batch, height, width, channels): a batch normalization of them
# ran fused in TF1 (see _ModelFn.dropped).
FOUR_D_LAYERS = frozenset({"conv2d", "conv2d_transpose", "separable_conv2d", "max_pooling2d",
                           "average_pooling2d"})
# Keywords with no effect on the numbers (names, graph reuse, the fused kernel).
LAYER_IGNORED = {"name", "reuse", "fused", "trainable", "input_length"}

INPUT_LAYERS = {"tf.feature_column.input_layer"}
DENSE_FEATURES = {"tf.keras.layers.DenseFeatures", "tf.feature_column.DenseFeatures", "keras.layers.DenseFeatures"}

# Attributes a keras.Model already has: a layer stored under one of these names would
# shadow Keras's own.
KERAS_MODEL_ATTRIBUTES = {
    "layers", "loss", "losses", "metrics", "optimizer", "input", "output", "inputs", "outputs", "weights",
    "variables", "trainable", "dtype", "built", "name", "params", "call", "compile", "fit", "evaluate",
    "predict", "summary", "build", "trainable_weights", "non_trainable_weights", "distribute_strategy",
}


class LayerMapping:
    """The layer half of _ModelFn."""

    def layer_call(self, call: cst.Call, updated: cst.Call, counters: dict[str, int], bn: bool,
                   in_loop: bool, bound_to: Optional[str] = None) -> Optional[cst.CSTNode]:
        """The Keras call for a tf.layers call (`call` the original node, `updated` with its
        arguments already rewritten), creating the layer in __init__. `bound_to`: the name a
        layer object made here is assigned to (`dense = tf.layers.Dense(3)`), called later."""
        name = self.name_of(call.func) or ""
        outer = self.name_of(call.func.func) if isinstance(call.func, cst.Call) else None
        if name in INPUT_LAYERS or outer in DENSE_FEATURES:
            return self.input_layer(call, in_loop)
        if name == "tf.get_variable":
            return self.variable(call, in_loop)
        if name in LOOKUP_TABLES and not in_loop and self.check_static(call):
            # TF1 made the table once with its graph (and the Estimator's scaffold initialized
            # it); made in call(), a Keras model would make one per trace, which no export can
            # save (an untracked resource): made once in __init__, it is the model's.
            attr = self.attribute("table")
            self.tables.append(attr)
            self.init_lines.append(f"self.{attr} = {self.code(updated)}")
            return cst.parse_expression(f"self.{attr}")
        made = self.keras_model_made(call)
        if made is not None:
            return self.keras_model_object(call, made, bound_to, in_loop)
        kind = None
        mask: Optional[cst.BaseExpression] = None
        ctor_args: Sequence[cst.Arg] = ()
        inputs: Optional[cst.BaseExpression] = None
        training: Optional[cst.BaseExpression] = None
        if name.startswith("tf.layers.") and name[len("tf.layers."):] in LAYERS:
            kind = name[len("tf.layers."):]
            if not call.args or (call.args[0].keyword is not None and call.args[0].keyword.value != "inputs"):
                raise NotTranslatable(f"`{self.code(call)}`: inputs not given first", call)
            inputs = updated.args[0].value
            ctor_args = call.args[1:]
        elif name.startswith(CONTRIB_LAYER_MODULES) and name.rsplit(".", 1)[-1] == "batch_norm":
            # Measured on TF 2.15: fused (contrib's default, rank 2 inputs included) it moved its
            # variance toward the batch's unbiased variance, n/(n-1) times Keras's biased one.
            raise NotTranslatable(f"`{self.code(call)}`: contrib's batch_norm updates its moving variance with the "
                                  "unbiased batch variance (fused), Keras's BatchNormalization with the biased one: "
                                  "migrate it by hand", call)
        elif is_contrib_layer(name):
            kind, inputs, ctor_args, training = self.contrib_layer(call, updated, CONTRIB_LAYERS[name.rsplit(".", 1)[-1]])
        elif bound_to is not None and not isinstance(call.func, cst.Call) \
                and name.startswith(("tf.layers.", *KERAS_LAYER_MODULES)) \
                and name.rsplit(".", 1)[-1] in LAYER_CLASSES and not in_loop \
                and not (name.startswith("tf.layers.") and LAYER_CLASSES[name.rsplit(".", 1)[-1]] in KERAS_ONLY_KINDS):
            kind = LAYER_CLASSES[name.rsplit(".", 1)[-1]]
            ctor_args = call.args
            uses = self.calls_of(bound_to)
            if uses is None:
                raise NotTranslatable(f"`{bound_to} = {self.code(call)}` is used other than by calling it here "
                                      "(passed on or stored): tfmigrate cannot follow the layer", call)
            if kind in TRAINING_LAYERS and not all(
                    any(a.keyword is not None and a.keyword.value == "training" for a in u.args) for u in uses):
                raise NotTranslatable(f"`{bound_to} = {self.code(call)}` is called without `training=`: TF1 ran it "
                                      "in inference mode, a Keras model passes its own flag", call)
            training = cst.Name("True")  # given at each call (checked above)
        elif isinstance(call.func, cst.Call):
            cls = self.name_of(call.func.func) or ""
            short = cls.rsplit(".", 1)[-1]
            if cls.startswith(("tf.layers.", *KERAS_LAYER_MODULES)) and short in LAYER_CLASSES \
                    and not (cls.startswith("tf.layers.") and LAYER_CLASSES[short] in KERAS_ONLY_KINDS):
                kind = LAYER_CLASSES[short]
                ctor_args = call.func.args
                given = self.arguments(updated, ("inputs", "training"))
                inputs = given.pop("inputs", None)
                given.pop("training", None)
                if kind in RECURRENT and "mask" in given:
                    mask = given.pop("mask")  # which steps of each sequence are real (sequence lengths)
                # the mode test as written: `updated` holds it already rewritten to `training`
                training = self.arguments(call, ("inputs", "training")).get("training")
                if inputs is None or given:
                    raise NotTranslatable(f"`{self.code(call)}`: layer called with other arguments", call)
        if kind is None:
            if name.startswith("tf.layers."):
                raise NotTranslatable(f"`{name}` has no checked Keras layer here", call)
            cls = (self.name_of(call.func.func) or "") if isinstance(call.func, cst.Call) else name
            if cls.startswith(KERAS_LAYER_MODULES) and cls.rsplit(".", 1)[-1][:1].isupper() or cls in KERAS_MODELS:
                # Left in call(), a layer would be made again at every step, with new weights.
                raise NotTranslatable(f"`{cls}` made inside the model_fn has no checked Keras form here "
                                      "(create it in the model's __init__ by hand)", call)
            self.no_tf1(call)
            return None
        form = LAYERS[kind]
        parts: list[str] = []
        for i, arg in enumerate(ctor_args):
            if arg.star:
                raise NotTranslatable(f"`{self.code(call)}` unpacks arguments", call)
            key = arg.keyword.value if arg.keyword else (form.positional[i] if i < len(form.positional) else None)
            if key == "training":
                training = arg.value
                continue
            if key in LAYER_IGNORED:
                continue
            if key not in form.keep:
                raise NotTranslatable(f"`{self.code(call)}`: argument {key or i} has no automatic Keras form "
                                      "(initializers, regularizers and the like: migrate by hand)", arg)
            if key == "activation":
                text = self.activation(arg.value)
                if text is not None:
                    parts.append(f"activation={text}")
                continue
            if key in ("kernel_regularizer", "bias_regularizer"):
                # TF1 counted a regularizer only where the loss added get_regularization_loss().
                text = self.regularizer(arg.value) if self.regularized else None
                if text is not None:
                    parts.append(f"{key}={text}")
                continue
            if key in ("kernel_initializer", "bias_initializer", "depthwise_initializer", "pointwise_initializer",
                       "embeddings_initializer", "recurrent_initializer"):
                if not _is_none(arg.value):
                    parts.append(f"{key}={self.initializer(arg.value)}")
                continue
            parts.append(f"{key}={self.static(arg.value)}")
        name_arg = next((a.value for a in ctor_args if a.keyword is not None and a.keyword.value == "name"), None)
        parts += self.decay_regularizers(kind, name_arg, dict(p.split("=", 1) for p in parts), call)
        keras = form.keras
        # tf.keras's BatchNormalization in a TF1 model_fn never updated its moving statistics,
        # UPDATE_OPS or not: its updates joined no collection (checked on TF 2.15).
        keras_class = isinstance(call.func, cst.Call) and (self.name_of(call.func.func) or "").startswith(
            KERAS_LAYER_MODULES)
        if kind == "batch_normalization":
            if training is not None and not (isinstance(training, cst.Name) and training.value == "False") \
                    and (not bn or keras_class):
                # TF1 updated the moving statistics only through UPDATE_OPS, which this
                # model_fn never ran: momentum 1 keeps them where they started.
                parts = [p for p in parts if not p.startswith("momentum=")] + ["momentum=1.0"]
        if kind == "dropout" and training is None:
            # tf.layers.dropout defaults to training=False: the identity (SEMANTICS).
            return inputs.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()]) \
                if isinstance(inputs, (cst.BinaryOperation, cst.BooleanOperation)) else inputs
        counters[kind] = counters.get(kind, 0) + 1
        self.kinds_made.add(kind)
        if kind == "batch_normalization" and bn and not keras_class and training is not None \
                and not (isinstance(training, cst.Name) and training.value == "False") \
                and not any(a.keyword is not None and a.keyword.value == "fused" and isinstance(a.value, cst.Name)
                            and a.value.value == "False" for a in ctor_args):
            self.fused_norms.append(call)
        attr = self.attribute(kind)
        ctor = f"{self.tf}.keras.layers.{keras}({', '.join(parts)})"
        if bound_to is not None and inputs is None:
            # `dense = tf.layers.Dense(3)` then `dense(x)`: the object is made once in __init__.
            self.init_lines.append(f"self.{attr} = {ctor}")
            return cst.parse_expression(f"self.{attr}")
        if in_loop:
            local = f"{attr}_layer"
            self.loop_attrs = [*self.loop_attrs, (attr, ctor)]
            self.loop_locals = [*self.loop_locals, (attr, local)]
            callee = local
        else:
            self.init_lines.append(f"self.{attr} = {ctor}")
            callee = f"self.{attr}"
        args = [self.code(inputs)]  # type: ignore[arg-type]
        if mask is not None:
            args.append(f"mask={self.code(mask)}")
        if kind in TRAINING_LAYERS:
            args.append("training=" + ("False" if training is None else self.training_arg(training)))
        # `training` inside a layer's own arguments was already rewritten by the transformer.
        return cst.parse_expression(f"{callee}({', '.join(args)})")

    def contrib_layer(self, call: cst.Call, updated: cst.Call, form: ContribForm
                      ) -> tuple[str, cst.BaseExpression, list[cst.Arg], Optional[cst.BaseExpression]]:
        """The LAYERS kind, inputs, constructor arguments (by their core keywords, contrib's
        defaults filled in) and training flag of a tf.contrib.layers call."""
        given = self.arguments(call, ("inputs", *form.positional))
        if "inputs" not in given:
            raise NotTranslatable(f"`{self.code(call)}`: inputs not given", call)
        inputs = self.arguments(updated, ("inputs", *form.positional))["inputs"]
        del given["inputs"]
        renamed = dict(form.renamed)
        args: dict[str, cst.BaseExpression] = {}
        training: Optional[cst.BaseExpression] = None
        for key, value in given.items():
            if key in ("normalizer_fn", "normalizer_params"):
                if not _is_none(value):
                    raise NotTranslatable(f"`{self.code(call)}`: {key} has no automatic Keras form (the layer drops "
                                          "its bias and normalizes before the activation): migrate by hand", value)
            elif key == "keep_prob":  # contrib's dropout keeps a share; Keras's drops one
                args["rate"] = cst.parse_expression(f"1 - {self.static(value)}"
                                                    if isinstance(value, (cst.Name, cst.Attribute, cst.Subscript,
                                                                          cst.Float, cst.Integer))
                                                    else f"1 - ({self.static(value)})")
            elif key == "is_training":
                training = value
            elif key == "biases_initializer" and _is_none(value):
                args["use_bias"] = cst.Name("False")
            elif key == "data_format":
                fmt = ast.literal_eval(value.value) if isinstance(value, cst.SimpleString) else None
                if fmt == "NCHW":
                    args["data_format"] = cst.SimpleString('"channels_first"')
                elif fmt != "NHWC" and not _is_none(value):
                    raise NotTranslatable(f"`{self.code(call)}`: data_format `{self.code(value)}` is not a literal "
                                          "NHWC or NCHW", value)
            elif key in renamed:
                if renamed[key] is not None:
                    args[renamed[key]] = value
            elif key in form.positional:
                args[key] = value
            else:
                raise NotTranslatable(f"`{self.code(call)}`: argument {key} has no automatic Keras form", value)
        for key, default in form.defaults:
            args.setdefault(key, cst.parse_expression(default))
        if form.kind == "dropout" and training is None:
            training = cst.Name("True")  # contrib's is_training=True: on in every mode
        return form.kind, inputs, [cst.Arg(value=v, keyword=cst.Name(k)) for k, v in args.items()], training

    def calls_of(self, name: str) -> Optional[list[cst.Call]]:
        """The calls of `name` (bound once to a layer or model object) in the model_fn, or None
        when it is read otherwise too (passed on, stored, its weights read) or never called."""
        uses = [n for n in _walk(self.fn.body) if isinstance(n, cst.Call) and isinstance(n.func, cst.Name)
                and n.func.value == name]
        reads = sum(1 for n in _walk(self.fn.body) if isinstance(n, cst.Name) and n.value == name) - 1
        return uses if uses and len(uses) == reads else None

    def keras_model_made(self, call: cst.Call) -> Optional[cst.CSTNode]:
        """What makes a whole Keras model in `call`: the call itself (`tf.keras.Sequential([...])`)
        or the module's helper it calls (`create_model(...)`, see keras_model_factory)."""
        if isinstance(call.func, (cst.Name, cst.Attribute)) and (self.name_of(call.func) or "") in KERAS_MODELS:
            return call
        helper = self.module_binding(call.func) if isinstance(call.func, cst.Name) and self.module_binding else None
        if isinstance(helper, cst.FunctionDef) and keras_model_factory(helper, self.name_of):
            return helper
        return None

    def keras_model_object(self, call: cst.Call, made: cst.CSTNode, bound_to: Optional[str],
                           in_loop: bool) -> cst.BaseExpression:
        """`model = create_model(params["data_format"])` (or `model = tf.keras.Sequential([...])`),
        then `model(image, training=...)`: the official models' mnist form. TF1 made the model
        once per graph and called it; the Keras model makes it once in __init__ (`self.model =
        create_model(...)`) and calls that. Followed only where the model means the same on
        Keras 3: tf.keras layers Keras 3 kept, no TensorFlow 1 API, no BatchNormalization (TF1
        never ran a tf.keras BatchNormalization's updates in a model_fn; Keras's fit does), no
        regularizers (TF1's loss did not add a tf.keras layer's; Keras's does)."""
        what = self.code(call.func)
        if bound_to is None or in_loop:
            raise NotTranslatable(f"`{what}(...)` makes a Keras model inside the model_fn, other than once as "
                                  "`model = ...` before it is called: create it in the model's __init__ by hand", call)
        if self.calls_of(bound_to) is None:
            raise NotTranslatable(f"`{bound_to} = {self.code(call)}` is used other than by calling it (its "
                                  "layers, weights or summary read, or passed on): tfmigrate cannot follow it", call)
        problem = self.keras_model_problem(made)
        if problem is not None:
            raise NotTranslatable(f"`{what}(...)` makes a Keras model that {problem}", call)
        if self.tf != "tf" or "compat" in self.code(made):
            raise NotTranslatable(f"`{what}(...)` makes its Keras model through tf.compat.v1's Keras, which is "
                                  "Keras 2 (tf_keras) on TF 2.16+ where it is installed at all", call)
        text = self.static(call)  # made in __init__: it may read only params and the module's names
        attr = self.attribute(bound_to)
        self.init_lines.append(f"self.{attr} = {text}")
        return cst.parse_expression(f"self.{attr}")

    def keras_model_problem(self, made: cst.CSTNode) -> Optional[str]:
        """Why the Keras model `made` builds would not mean the same on Keras 3, or None."""
        for node in _walk(made):
            if isinstance(node, cst.Arg) and node.keyword is not None and node.keyword.value.endswith("regularizer") \
                    and not _is_none(node.value):
                return (f"adds a regularizer (`{node.keyword.value}`): TF1's loss did not add a tf.keras layer's "
                        "regularization loss, Keras's fit adds it")
            if isinstance(node, cst.Arg) and node.keyword is not None and node.keyword.value == "input_length":
                return "gives `input_length`, which Keras 3's Embedding no longer takes"
            if not isinstance(node, cst.Call):
                continue
            name = self.name_of(node.func) or ""
            short = name.rsplit(".", 1)[-1]
            if name.startswith(TF1_ONLY + TF1_GRAPH_OPS):
                return f"calls `{name}`, which is TensorFlow 1 API"
            if short == "BatchNormalization":
                return ("has a BatchNormalization: TF1 never ran a tf.keras BatchNormalization's moving-statistics "
                        "updates in a model_fn (they joined no collection), while Keras's fit runs them")
            if name in KERAS_MODELS or name == "tf.keras.Input" or name.startswith(KERAS_MODEL_FUNCTIONS) \
                    or (name.startswith("tf.keras.layers.") and short in KERAS_MODEL_PARTS):
                continue
            if isinstance(node.func, cst.Name) and node.func.value in ("len", "int", "float", "range", "list",
                                                                        "tuple", "min", "max"):
                continue
            return f"calls `{self.code(node.func)}`, which tfmigrate has not checked on Keras 3"
        return None

    def input_layer(self, call: cst.Call, in_loop: bool) -> cst.BaseExpression:
        """`input_layer(features, columns)`: the columns' Keras preprocessing, made in __init__."""
        from tfmigrate.codemods._feature_columns_keras import translate_input_layer

        if in_loop or self.module_binding is None:
            raise NotTranslatable("feature columns inside a loop of the model_fn", call)
        holder = call.func if isinstance(call.func, cst.Call) else call
        position = 0 if holder is call.func else 1
        args = list(holder.args)
        index = next((i for i, a in enumerate(args) if a.keyword and a.keyword.value == "feature_columns"),
                     position if len(args) > position and args[position].keyword is None else None)
        if index is None:
            raise NotTranslatable("input_layer without feature_columns", call)
        columns = self.columns_value(args[index].value)
        args[index] = args[index].with_changes(value=columns)
        new_holder = holder.with_changes(args=args)
        resolved = call.with_changes(func=new_holder) if holder is call.func else new_holder
        features = call.args[0].value if holder is call.func else call.args[0].value
        if not (isinstance(features, cst.Name) and features.value == "features"):
            raise NotTranslatable("input_layer on something other than the model_fn's features", call)
        layer = translate_input_layer(resolved, self.name_of, self.code, self.module_binding,
                                      parent=self.module_parent, params=self.key_params)
        if layer.edits:
            raise NotTranslatable("these feature columns need edits at their definition", call)
        if any("Embedding(" in line for line in layer.init) and not self.decay_skips_embeddings():
            raise NotTranslatable("weight decay over every trainable variable, and feature columns with embedding "
                                  "weights: migrate by hand", call)
        for param, source in layer.init_args:
            if param not in dict(self.extra_args):
                self.extra_args.append((param, source))
        self.reads |= set(layer.reads)
        fill = (lambda text: text.replace("{keras}", f"{self.tf}.keras").replace("{tf}", self.tf))
        self.init_lines += [fill(line) for line in layer.init]
        self.pending += [fill(line) for line in layer.body]
        return cst.Name(layer.value)

    def variable(self, call: cst.Call, in_loop: bool) -> cst.BaseExpression:
        """`tf.get_variable(name, shape, initializer=...)`: a weight the model creates once."""
        given = self.arguments(call, ("name", "shape", "dtype", "initializer", "regularizer", "trainable"))
        name, shape = given.pop("name", None), given.pop("shape", None)
        initializer = given.pop("initializer", None)
        trainable = given.pop("trainable", None)
        dtype = given.pop("dtype", None)
        if in_loop or given or not isinstance(name, cst.SimpleString) or shape is None:
            raise NotTranslatable(f"`{self.code(call)}`: only a named variable with a shape, an initializer and "
                                  "a dtype has a checked Keras form (add_weight)", call)
        label = name.evaluated_value
        if not isinstance(label, str) or not label.isidentifier():
            raise NotTranslatable(f"variable name {label!r} is not an identifier", call)
        attr = self.attribute(label)
        parts = [f"shape={self.static(shape)}",
                 f"initializer={self.initializer(initializer) if initializer is not None else repr('glorot_uniform')}"]
        if dtype is not None:
            parts.append(f"dtype={self.static(dtype)}")
            if (self.name_of(dtype) or self.code(dtype)) in ("tf.float64", "tf.double", "float64", "'float64'",
                                                             '"float64"'):
                self.float64_weights = True
        if trainable is not None:
            parts.append(f"trainable={self.static(trainable)}")
        decay = self.decay_for(f"{label}:0", call) if trainable is None or self.code(trainable) != "False" else None
        if id(call) in self.variable_scales:
            if decay is not None:
                raise NotTranslatable(f"weight decay over every trainable variable, and its own on `{label}`: "
                                      "migrate by hand", call)
            scale = " + ".join(self.variable_scales[id(call)].values())
            parts.append(f"regularizer={self.tf}.keras.regularizers.L2(0.5 * ({scale}))")
        elif decay is not None:
            parts.append(f"regularizer={decay}")
        parts.append(f'name="{label}"')
        self.init_lines.append(f"self.{attr} = self.add_weight({', '.join(parts)})")
        return cst.parse_expression(f"self.{attr}")

    def initializer(self, node: cst.BaseExpression) -> str:
        """A TF1 initializer as the Keras initializer with the same distribution; TF1's
        defaults are spelled out where Keras's differ (stddev 1.0, not 0.05)."""
        if isinstance(node, cst.SimpleString):
            return self.code(node)
        if isinstance(node, cst.Name):
            # `init = tf.truncated_normal_initializer(stddev=0.1)` shared by several layers
            local = self.single_static_binding(node.value)
            bound = local if local is not None else (
                self.module_binding(node) if self.module_binding is not None else None)
            if isinstance(bound, cst.Call):
                if local is not None:
                    self.consumed.add(node.value)
                return self.initializer(bound)
        if not isinstance(node, cst.Call):
            raise NotTranslatable(f"initializer `{self.code(node)}` has no checked Keras form", node)
        name = self.name_of(node.func) or ""
        k = f"{self.tf}.keras.initializers"
        if name.startswith(("tf.keras.initializers.", "keras.initializers.")):
            return self.code(node)
        forms = {
            "tf.zeros_initializer": ((), {}, '"zeros"'),
            "tf.ones_initializer": ((), {}, '"ones"'),
            "tf.glorot_uniform_initializer": ((), {}, '"glorot_uniform"'),
            "tf.glorot_normal_initializer": ((), {}, '"glorot_normal"'),
            "tf.random_uniform_initializer": (("minval", "maxval"), {"minval": "0.0", "maxval": "1.0"},
                                              f"{k}.RandomUniform"),
            "tf.random_normal_initializer": (("mean", "stddev"), {"mean": "0.0", "stddev": "1.0"},
                                             f"{k}.RandomNormal"),
            "tf.truncated_normal_initializer": (("mean", "stddev"), {"mean": "0.0", "stddev": "1.0"},
                                                f"{k}.TruncatedNormal"),
            "tf.constant_initializer": (("value",), {"value": "0"}, f"{k}.Constant"),
            "tf.orthogonal_initializer": (("gain",), {"gain": "1.0"}, f"{k}.Orthogonal"),
        }
        if name == "tf.contrib.layers.xavier_initializer":
            given = self.arguments(node, ("uniform", "seed", "dtype"))
            given.pop("seed", None)
            uniform = given.pop("uniform", None)
            if given or (uniform is not None and self.code(uniform) not in ("True", "False")):
                raise NotTranslatable(f"`{self.code(node)}` has no checked Keras form", node)
            return '"glorot_normal"' if uniform is not None and self.code(uniform) == "False" else '"glorot_uniform"'
        if name in VARIANCE_SCALING_PRESETS:
            if node.args:
                raise NotTranslatable(f"`{self.code(node)}` has no checked Keras form", node)
            return f'"{VARIANCE_SCALING_PRESETS[name]}"'
        if name in VARIANCE_SCALING:
            return self.variance_scaling(node)
        if name not in forms:
            raise NotTranslatable(f"initializer `{self.code(node)}` has no checked Keras form", node)
        order, defaults, keras = forms[name]
        given = self.arguments(node, order + ("seed", "dtype"))
        given.pop("seed", None)
        given.pop("dtype", None)
        if not order:
            if given:
                raise NotTranslatable(f"`{self.code(node)}` has no checked Keras form", node)
            return keras
        values = {key: self.static(given.pop(key)) if key in given else defaults[key] for key in order}
        if given:
            raise NotTranslatable(f"`{self.code(node)}` has no checked Keras form", node)
        return f"{keras}({', '.join(f'{key}={value}' for key, value in values.items())})"

    def variance_scaling(self, node: cst.Call) -> str:
        """TF1's variance_scaling_initializer as Keras's VarianceScaling: the same fans and, for
        each distribution, the same draw (a truncated normal of stddev sqrt(scale / n) / .8796,
        an untruncated one of sqrt(scale / n), a uniform of limit sqrt(3 scale / n)); TF1's
        "normal" was the truncated one."""
        given = self.arguments(node, ("scale", "mode", "distribution", "seed", "dtype"))
        given.pop("seed", None)
        given.pop("dtype", None)
        values: dict[str, object] = {"scale": 1.0, "mode": "fan_in", "distribution": "truncated_normal"}
        for key in list(given):
            if key not in values:
                raise NotTranslatable(f"`{self.code(node)}` has no checked Keras form", node)
            value = given.pop(key)
            literal = value.evaluated_value if isinstance(value, cst.SimpleString) else None
            if key == "scale":
                values[key] = self.static(value)
            elif isinstance(literal, str) and key == "mode" and literal in ("fan_in", "fan_out", "fan_avg"):
                values[key] = literal
            elif isinstance(literal, str) and key == "distribution" and literal in (
                    "normal", "truncated_normal", "untruncated_normal", "uniform"):
                values[key] = "truncated_normal" if literal == "normal" else literal
            else:
                raise NotTranslatable(f"`{self.code(node)}`: {key} is not a value tfmigrate can read here", value)
        return (f"{self.tf}.keras.initializers.VarianceScaling(scale={values['scale']}, mode=\"{values['mode']}\", "
                f"distribution=\"{values['distribution']}\")")

    def column_locals(self) -> dict[str, cst.BaseExpression]:
        """Locals of the model_fn bound once to the feature columns an input_layer reads, and
        read nowhere else (`columns = [numeric_column(k) for k in KEYS]`, from module names
        and hyperparameters): the Keras preprocessing stands in for them, made in __init__."""
        if self._column_locals is not None:
            return self._column_locals
        found: dict[str, cst.BaseExpression] = {}
        for node in _walk(self.fn.body):
            if not isinstance(node, cst.Call):
                continue
            holder = node.func if isinstance(node.func, cst.Call) else node
            is_input = (self.name_of(node.func) or "") in INPUT_LAYERS or (
                holder is node.func and (self.name_of(holder.func) or "") in DENSE_FEATURES)
            if not is_input:
                continue
            position = 0 if holder is node.func else 1
            args = list(holder.args)
            arg = next((a for a in args if a.keyword and a.keyword.value == "feature_columns"),
                       args[position] if len(args) > position and args[position].keyword is None else None)
            name = arg.value if arg is not None else None
            if not isinstance(name, cst.Name):
                continue
            bound = self.single_static_binding(name.value)
            uses = sum(1 for n in _walk(self.fn.body) if isinstance(n, cst.Name) and n.value == name.value)
            if bound is not None and uses == 2 and self.check_static(bound):
                found[name.value] = bound
        self._column_locals = found
        return found

    def columns_value(self, node: cst.BaseExpression) -> cst.BaseExpression:
        """`params["feature_columns"]`: the value the Estimator's params dict gave it; a local
        of column_locals: the value it was bound to."""
        if isinstance(node, cst.Name) and node.value in self.column_locals():
            return self.column_locals()[node.value]
        if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and node.value.value == "params" \
                and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
                and isinstance(node.slice[0].slice.value, cst.SimpleString):
            key = node.slice[0].slice.value.evaluated_value
            found = self.dict_entry(self.params_value, key, 0) if self.params_value is not None else None
            if found is not None:
                return found
            raise NotTranslatable(f"params[{key!r}]: tfmigrate cannot see the feature columns the Estimator's "
                                  "params gave the model_fn", node)
        return node

    def dict_entry(self, node: cst.BaseExpression, key: str, depth: int) -> Optional[cst.BaseExpression]:
        """What the dict `node` holds under `key`: a dict literal (`**base` entries too), a name
        bound once to one, or `dict(base, key=value)`; the last entry for the key wins, as in
        Python. None when that is not known here."""
        if depth > 8:
            return None
        if isinstance(node, cst.Name) and self.module_binding is not None:
            bound = self.module_binding(node)
            return self.dict_entry(bound, key, depth + 1) if isinstance(bound, cst.BaseExpression) else None
        found: Optional[cst.BaseExpression] = None
        if isinstance(node, cst.Dict):
            for element in node.elements:
                if isinstance(element, cst.DictElement):
                    if not isinstance(element.key, cst.SimpleString):
                        return None  # a computed key may be this one
                    if element.key.evaluated_value == key:
                        found = element.value
                else:  # `**base`
                    inner = self.dict_entry(element.value, key, depth + 1)
                    if inner is not None:
                        found = inner
                    elif not self.lacks(element.value, key, depth):
                        return None
            return found
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "dict" \
                and (self.module_binding is None or self.module_binding(node.func) is None):
            for arg in node.args:
                if arg.star == "**" or (arg.keyword is None and arg is not node.args[0]) or arg.star == "*":
                    return None
                if arg.keyword is None:  # `dict(base, ...)`
                    found = self.dict_entry(arg.value, key, depth + 1)
                    if found is None and not self.lacks(arg.value, key, depth):
                        return None
                elif arg.keyword.value == key:
                    found = arg.value
            return found
        return None

    def lacks(self, node: cst.BaseExpression, key: str, depth: int) -> bool:
        """Is `node` a dict known not to hold `key`?"""
        if isinstance(node, cst.Name) and self.module_binding is not None:
            bound = self.module_binding(node)
            return isinstance(bound, cst.BaseExpression) and self.lacks(bound, key, depth + 1)
        if isinstance(node, cst.Dict):
            return all(isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
                       and e.key.evaluated_value != key for e in node.elements)
        return False

    def training_arg(self, node: cst.BaseExpression) -> str:
        if isinstance(node, cst.Name) and node.value in ("True", "False"):
            return node.value
        if self.condition(node) is not None:
            return self.training_text(node)
        raise NotTranslatable(f"training=`{self.code(node)}` is not the mode: Keras passes its own training "
                              "flag", node)

    def attribute(self, kind: str) -> str:
        base = {"batch_normalization": "batch_norm"}.get(kind, kind)
        attr, n = base, 1
        while attr in self.attr_names or attr in KERAS_MODEL_ATTRIBUTES:
            attr, n = f"{base}_{n}", n + 1
        self.attr_names.add(attr)
        return attr

    def activation(self, node: cst.BaseExpression) -> Optional[str]:
        if isinstance(node, cst.Name) and node.value == "None":
            return None
        if isinstance(node, cst.SimpleString) and ast.literal_eval(node.value) in ACTIVATION_STRINGS:
            return f'"{ast.literal_eval(node.value)}"'
        keras = ACTIVATIONS.get(self.name_of(node) or "")
        if keras is None:
            raise NotTranslatable(f"activation `{self.code(node)}` has no checked Keras name", node)
        return f'"{keras}"'


class _LayerRewriter(cst.CSTTransformer):
    """tf.layers calls → calls of layers created in __init__; mode tests → `training`."""

    def __init__(self, owner: "LayerMapping", counters: dict[str, int], bn: bool, in_loop: bool) -> None:
        self.owner, self.counters, self.bn, self.in_loop = owner, counters, bn, in_loop
        self.called: set[int] = set()  # `tf.layers.Dense(1)` in `tf.layers.Dense(1)(x)`: the outer call handles it
        self.bound: dict[int, str] = {}  # id(call) → the name `name = call` binds

    def visit_Call(self, node: cst.Call) -> bool:
        if isinstance(node.func, cst.Call):
            self.called.add(id(node.func))
        if self.owner.keras_model_made(node) is node:  # its layers are the model's, made with it in __init__
            self.called |= {id(n) for n in _walk(node) if isinstance(n, cst.Call) and n is not node}
        # A layer's initializer and regularizer arguments are translated with the layer.
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value in _INITIALIZERS | CONTRIB_ARGUMENTS:
                self.called |= {id(n) for n in _walk(arg.value) if isinstance(n, cst.Call)}
        return True

    def visit_Assign(self, node: cst.Assign) -> bool:
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            self.bound[id(node.value)] = node.targets[0].target.value
        return True

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        if id(original_node) in self.called:
            return updated_node
        new = self.owner.layer_call(original_node, updated_node, self.counters, self.bn, self.in_loop,
                                    bound_to=self.bound.get(id(original_node)))
        return updated_node if new is None else new  # type: ignore[return-value]

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        updated_node = super().on_leave(original_node, updated_node)
        owner = self.owner
        if isinstance(original_node, (cst.Comparison, cst.BooleanOperation, cst.UnaryOperation)) \
                and owner.condition(original_node) is not None and "mode" in _names_used(original_node):
            return cst.parse_expression(owner.training_text(original_node))
        if isinstance(original_node, cst.Name) and original_node.value in owner.mode_names \
                and isinstance(updated_node, cst.Name):
            return cst.parse_expression(owner.training_text(original_node))
        return updated_node

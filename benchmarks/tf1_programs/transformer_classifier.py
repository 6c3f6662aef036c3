# coding=utf-8
"""Transformer encoder for document classification, trained with tf.estimator.

Everything is written with TF1 graph ops: token and position embeddings, multi-head
self-attention with padding masks, feed-forward blocks with layer normalization and
residual dropout, a pooled classification head, a warm-up plus inverse square root
learning rate schedule, and AdamW-style weight decay. Input comes from sharded
TFRecords of token ids; evaluation reports accuracy, macro F1 pieces and the loss;
predictions are written as JSON lines.
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import collections
import json
import math
import os
import re

import numpy as np
import six
import tensorflow as tf

flags = tf.flags
FLAGS = flags.FLAGS

flags.DEFINE_string("data_dir", None, "Folder with train-*, dev-* and test-* TFRecord shards.")
flags.DEFINE_string("vocab_file", None, "One token per line; the line number is the id.")
flags.DEFINE_string("labels_file", None, "One label per line.")
flags.DEFINE_string("output_dir", None, "Model directory (checkpoints, events, predictions).")
flags.DEFINE_string("init_checkpoint", None, "Optional checkpoint to start from (e.g. a pretrained encoder).")
flags.DEFINE_integer("max_seq_length", 256, "Sequences are cut or padded to this length.")
flags.DEFINE_integer("hidden_size", 256, "Model width.")
flags.DEFINE_integer("num_layers", 4, "Encoder blocks.")
flags.DEFINE_integer("num_heads", 4, "Attention heads per block.")
flags.DEFINE_integer("filter_size", 1024, "Inner size of the feed-forward blocks.")
flags.DEFINE_float("dropout", 0.1, "Residual and attention dropout.")
flags.DEFINE_float("label_smoothing", 0.1, "Label smoothing of the training loss.")
flags.DEFINE_integer("train_batch_size", 32, "Training batch size.")
flags.DEFINE_integer("eval_batch_size", 64, "Evaluation and prediction batch size.")
flags.DEFINE_float("learning_rate", 5e-4, "Peak learning rate.")
flags.DEFINE_float("weight_decay", 0.01, "Decoupled weight decay, not applied to norms and biases.")
flags.DEFINE_integer("warmup_steps", 4000, "Linear warm-up steps.")
flags.DEFINE_integer("num_train_steps", 100000, "Training steps.")
flags.DEFINE_integer("save_checkpoints_steps", 2000, "Steps between checkpoints.")
flags.DEFINE_integer("iterations_per_loop", 1000, "Steps between two log lines.")
flags.DEFINE_bool("do_train", True, "Train.")
flags.DEFINE_bool("do_eval", True, "Evaluate on the dev shards.")
flags.DEFINE_bool("do_predict", False, "Write predictions for the test shards.")
flags.DEFINE_bool("use_fp16_allreduce", False, "Unused on a single device; kept for launch scripts.")
flags.DEFINE_integer("num_gpus", 1, "GPUs for MirroredStrategy; 1 trains without a strategy.")
flags.DEFINE_float("gpu_memory_fraction", 0.9, "Share of each GPU's memory the session may take.")
flags.DEFINE_bool("xla", False, "Turn on XLA auto-clustering.")


# --------------------------------------------------------------------------------------
# Model
# --------------------------------------------------------------------------------------


class ModelConfig(object):
    """Hyperparameters of the encoder, kept beside the checkpoints as JSON."""

    def __init__(self, vocab_size, hidden_size=256, num_layers=4, num_heads=4, filter_size=1024,
                 dropout=0.1, max_position=512, num_labels=2, initializer_range=0.02):
        self.vocab_size = vocab_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.num_heads = num_heads
        self.filter_size = filter_size
        self.dropout = dropout
        self.max_position = max_position
        self.num_labels = num_labels
        self.initializer_range = initializer_range

    @classmethod
    def from_json_file(cls, path):
        with tf.gfile.GFile(path, "r") as reader:
            values = json.loads(reader.read())
        config = cls(vocab_size=None)
        for key, value in six.iteritems(values):
            config.__dict__[key] = value
        return config

    def to_json_string(self):
        return json.dumps(self.__dict__, indent=2, sort_keys=True) + "\n"


def get_shape_list(tensor):
    """Static dimensions where known, dynamic ones elsewhere."""
    shape = tensor.shape.as_list()
    dynamic = tf.shape(tensor)
    return [dim if dim is not None else dynamic[index] for index, dim in enumerate(shape)]


def layer_norm(x, name):
    return tf.contrib.layers.layer_norm(inputs=x, begin_norm_axis=-1, begin_params_axis=-1, scope=name)


def dropout(x, rate, training):
    if not training or rate == 0.0:
        return x
    return tf.nn.dropout(x, keep_prob=1.0 - rate)


def gelu(x):
    cdf = 0.5 * (1.0 + tf.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * tf.pow(x, 3))))
    return x * cdf


def create_initializer(initializer_range):
    return tf.truncated_normal_initializer(stddev=initializer_range)


def embed(input_ids, config, training):
    batch_size, seq_length = get_shape_list(input_ids)
    with tf.variable_scope("embeddings"):
        word_table = tf.get_variable("word_embeddings", [config.vocab_size, config.hidden_size],
                                     initializer=create_initializer(config.initializer_range))
        output = tf.nn.embedding_lookup(word_table, input_ids)
        position_table = tf.get_variable("position_embeddings", [config.max_position, config.hidden_size],
                                         initializer=create_initializer(config.initializer_range))
        positions = tf.slice(position_table, [0, 0], [seq_length, -1])
        output += tf.expand_dims(positions, 0)
        output = layer_norm(output, "layer_norm")
        output = dropout(output, config.dropout, training)
    return output, word_table


def attention_mask(input_mask, dtype=tf.float32):
    """[batch, seq] of 1/0 -> additive [batch, 1, 1, seq] mask: 0 or -10000."""
    mask = tf.cast(input_mask[:, tf.newaxis, tf.newaxis, :], dtype)
    return (1.0 - mask) * -10000.0


def multi_head_attention(x, bias, config, training, name):
    batch_size, seq_length, width = get_shape_list(x)
    head_size = config.hidden_size // config.num_heads
    with tf.variable_scope(name):
        def project(tensor, scope):
            out = tf.layers.dense(tensor, config.hidden_size, name=scope,
                                  kernel_initializer=create_initializer(config.initializer_range))
            out = tf.reshape(out, [batch_size, seq_length, config.num_heads, head_size])
            return tf.transpose(out, [0, 2, 1, 3])

        query = project(x, "query")
        key = project(x, "key")
        value = project(x, "value")
        scores = tf.matmul(query, key, transpose_b=True) * (1.0 / math.sqrt(float(head_size)))
        scores += bias
        probs = tf.nn.softmax(scores)
        probs = dropout(probs, config.dropout, training)
        context = tf.matmul(probs, value)
        context = tf.transpose(context, [0, 2, 1, 3])
        context = tf.reshape(context, [batch_size, seq_length, config.hidden_size])
        output = tf.layers.dense(context, config.hidden_size, name="output",
                                 kernel_initializer=create_initializer(config.initializer_range))
    return output, probs


def feed_forward(x, config, training, name):
    with tf.variable_scope(name):
        hidden = tf.layers.dense(x, config.filter_size, activation=gelu, name="intermediate",
                                 kernel_initializer=create_initializer(config.initializer_range))
        hidden = dropout(hidden, config.dropout, training)
        return tf.layers.dense(hidden, config.hidden_size, name="output",
                               kernel_initializer=create_initializer(config.initializer_range))


def encoder(input_ids, input_mask, config, training):
    x, word_table = embed(input_ids, config, training)
    bias = attention_mask(input_mask)
    attentions = []
    with tf.variable_scope("encoder"):
        for index in range(config.num_layers):
            with tf.variable_scope("layer_%d" % index):
                attended, probs = multi_head_attention(x, bias, config, training, "attention")
                attentions.append(probs)
                x = layer_norm(x + dropout(attended, config.dropout, training), "attention_norm")
                transformed = feed_forward(x, config, training, "ffn")
                x = layer_norm(x + dropout(transformed, config.dropout, training), "ffn_norm")
    return x, attentions, word_table


def classifier_head(sequence_output, input_mask, config, training):
    with tf.variable_scope("pooler"):
        mask = tf.cast(tf.expand_dims(input_mask, -1), sequence_output.dtype)
        summed = tf.reduce_sum(sequence_output * mask, axis=1)
        pooled = summed / tf.maximum(tf.reduce_sum(mask, axis=1), 1.0)
        # @optional
        first = tf.squeeze(sequence_output[:, 0:1, :], axis=1)
        pooled = tf.concat([pooled, first], axis=-1)
        # @end
        pooled = tf.layers.dense(pooled, config.hidden_size, activation=tf.tanh, name="dense",
                                 kernel_initializer=create_initializer(config.initializer_range))
    pooled = dropout(pooled, config.dropout, training)
    with tf.variable_scope("classifier"):
        logits = tf.layers.dense(pooled, config.num_labels, name="logits",
                                 kernel_initializer=create_initializer(config.initializer_range))
    return logits


# --------------------------------------------------------------------------------------
# Optimization
# --------------------------------------------------------------------------------------


class AdamWeightDecayOptimizer(tf.train.Optimizer):
    """Adam with decoupled weight decay, as in "Decoupled Weight Decay Regularization"."""

    def __init__(self, learning_rate, weight_decay_rate=0.0, beta_1=0.9, beta_2=0.999, epsilon=1e-6,
                 exclude_from_weight_decay=None, name="AdamWeightDecayOptimizer"):
        super(AdamWeightDecayOptimizer, self).__init__(False, name)
        self.learning_rate = learning_rate
        self.weight_decay_rate = weight_decay_rate
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.exclude_from_weight_decay = exclude_from_weight_decay

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        assignments = []
        for grad, param in grads_and_vars:
            if grad is None or param is None:
                continue
            param_name = self._get_variable_name(param.name)
            m = tf.get_variable(name=param_name + "/adam_m", shape=param.shape.as_list(), dtype=tf.float32,
                                trainable=False, initializer=tf.zeros_initializer())
            v = tf.get_variable(name=param_name + "/adam_v", shape=param.shape.as_list(), dtype=tf.float32,
                                trainable=False, initializer=tf.zeros_initializer())
            next_m = tf.multiply(self.beta_1, m) + tf.multiply(1.0 - self.beta_1, grad)
            next_v = tf.multiply(self.beta_2, v) + tf.multiply(1.0 - self.beta_2, tf.square(grad))
            update = next_m / (tf.sqrt(next_v) + self.epsilon)
            if self._do_use_weight_decay(param_name):
                update += self.weight_decay_rate * param
            next_param = param - self.learning_rate * update
            assignments.extend([param.assign(next_param), m.assign(next_m), v.assign(next_v)])
        return tf.group(*assignments, name=name)

    def _do_use_weight_decay(self, param_name):
        if not self.weight_decay_rate:
            return False
        for pattern in self.exclude_from_weight_decay or []:
            if re.search(pattern, param_name) is not None:
                return False
        return True

    @staticmethod
    def _get_variable_name(param_name):
        match = re.match("^(.*):\\d+$", param_name)
        return match.group(1) if match is not None else param_name


def create_train_op(loss, init_lr, num_train_steps, num_warmup_steps, weight_decay):
    global_step = tf.train.get_or_create_global_step()
    step = tf.cast(global_step, tf.float32)
    warmup = tf.cast(num_warmup_steps, tf.float32)
    learning_rate = init_lr * tf.minimum(step / warmup, tf.rsqrt(tf.maximum(step, warmup) / warmup))
    # @optional
    learning_rate = tf.where(step >= num_train_steps, 0.0 * learning_rate, learning_rate)
    # @end
    tf.summary.scalar("learning_rate", learning_rate)
    optimizer = AdamWeightDecayOptimizer(learning_rate=learning_rate, weight_decay_rate=weight_decay,
                                         exclude_from_weight_decay=["layer_norm", "LayerNorm", "bias"])
    tvars = tf.trainable_variables()
    grads = tf.gradients(loss, tvars)
    grads, global_norm = tf.clip_by_global_norm(grads, clip_norm=1.0)
    tf.summary.scalar("global_norm", global_norm)
    train_op = optimizer.apply_gradients(zip(grads, tvars), global_step=global_step)
    return tf.group(train_op, [global_step.assign(global_step + 1)])


def get_assignment_map_from_checkpoint(tvars, init_checkpoint):
    name_to_variable = collections.OrderedDict()
    for var in tvars:
        match = re.match("^(.*):\\d+$", var.name)
        name = match.group(1) if match else var.name
        name_to_variable[name] = var
    assignment_map, initialized = collections.OrderedDict(), {}
    for name, _ in tf.train.list_variables(init_checkpoint):
        if name in name_to_variable:
            assignment_map[name] = name
            initialized[name] = 1
            initialized[name + ":0"] = 1
    return assignment_map, initialized


# --------------------------------------------------------------------------------------
# Estimator plumbing
# --------------------------------------------------------------------------------------


def model_fn_builder(config, num_train_steps, num_warmup_steps, init_checkpoint):
    def model_fn(features, labels, mode, params):
        training = mode == tf.estimator.ModeKeys.TRAIN
        input_ids, input_mask = features["input_ids"], features["input_mask"]
        sequence_output, _, _ = encoder(input_ids, input_mask, config, training)
        logits = classifier_head(sequence_output, input_mask, config, training)
        probabilities = tf.nn.softmax(logits, axis=-1)
        predicted = tf.argmax(logits, axis=-1, output_type=tf.int32)

        tvars = tf.trainable_variables()
        if init_checkpoint:
            assignment_map, initialized = get_assignment_map_from_checkpoint(tvars, init_checkpoint)
            tf.train.init_from_checkpoint(init_checkpoint, assignment_map)
            for var in tvars:
                tf.logging.info("  %s %s%s", var.name, var.shape, ", *INIT_FROM_CKPT*" if var.name in initialized else "")

        if mode == tf.estimator.ModeKeys.PREDICT:
            predictions = {"probabilities": probabilities, "label_id": predicted,
                           "example_id": features["example_id"]}
            return tf.estimator.EstimatorSpec(mode=mode, predictions=predictions)

        one_hot = tf.one_hot(labels, depth=config.num_labels, dtype=tf.float32)
        loss = tf.losses.softmax_cross_entropy(one_hot, logits, label_smoothing=FLAGS.label_smoothing)
        if mode == tf.estimator.ModeKeys.TRAIN:
            train_op = create_train_op(loss, FLAGS.learning_rate, num_train_steps, num_warmup_steps,
                                       FLAGS.weight_decay)
            hooks = [tf.train.LoggingTensorHook({"loss": loss, "step": tf.train.get_global_step()},
                                                every_n_iter=FLAGS.iterations_per_loop)]
            return tf.estimator.EstimatorSpec(mode=mode, loss=loss, train_op=train_op, training_hooks=hooks)

        metrics = {
            "accuracy": tf.metrics.accuracy(labels=labels, predictions=predicted),
            "eval_loss": tf.metrics.mean(tf.losses.softmax_cross_entropy(
                one_hot, logits, reduction=tf.losses.Reduction.NONE)),
        }
        # @optional
        for label_id in range(config.num_labels):
            is_label = tf.equal(labels, label_id)
            is_predicted = tf.equal(predicted, label_id)
            metrics["precision_%d" % label_id] = tf.metrics.precision(is_label, is_predicted)
            metrics["recall_%d" % label_id] = tf.metrics.recall(is_label, is_predicted)
        # @end
        return tf.estimator.EstimatorSpec(mode=mode, loss=loss, eval_metric_ops=metrics)

    return model_fn


def file_based_input_fn_builder(pattern, seq_length, is_training, batch_size):
    name_to_features = {
        "input_ids": tf.FixedLenFeature([seq_length], tf.int64),
        "input_mask": tf.FixedLenFeature([seq_length], tf.int64),
        "label_id": tf.FixedLenFeature([], tf.int64),
        "example_id": tf.FixedLenFeature([], tf.int64),
    }

    def decode_record(record):
        example = tf.parse_single_example(record, name_to_features)
        for name in list(example.keys()):
            if example[name].dtype == tf.int64:
                example[name] = tf.to_int32(example[name])
        label = example.pop("label_id")
        return example, label

    def input_fn(params):
        files = tf.gfile.Glob(pattern)
        dataset = tf.data.Dataset.from_tensor_slices(files)
        if is_training:
            dataset = dataset.shuffle(buffer_size=len(files)).repeat()
        dataset = dataset.interleave(tf.data.TFRecordDataset, cycle_length=min(4, len(files)))
        if is_training:
            dataset = dataset.shuffle(buffer_size=10000)
        dataset = dataset.map(decode_record, num_parallel_calls=8)
        dataset = dataset.batch(batch_size, drop_remainder=is_training)
        return dataset.prefetch(4)

    return input_fn


def read_lines(path):
    with tf.gfile.GFile(path, "r") as reader:
        return [line.rstrip("\n") for line in reader if line.strip()]


def make_run_config():
    session_config = tf.ConfigProto(allow_soft_placement=True, log_device_placement=False)
    session_config.gpu_options.per_process_gpu_memory_fraction = FLAGS.gpu_memory_fraction
    if FLAGS.xla:
        session_config.graph_options.optimizer_options.global_jit_level = tf.OptimizerOptions.ON_1
    strategy = None
    # @optional
    if FLAGS.num_gpus > 1:
        strategy = tf.contrib.distribute.MirroredStrategy(num_gpus=FLAGS.num_gpus)
    # @end
    return tf.estimator.RunConfig(
        model_dir=FLAGS.output_dir,
        save_checkpoints_steps=FLAGS.save_checkpoints_steps,
        keep_checkpoint_max=5,
        log_step_count_steps=FLAGS.iterations_per_loop,
        train_distribute=strategy,
        session_config=session_config)


def write_predictions(estimator, input_fn, label_names, path):
    count = 0
    with tf.gfile.GFile(path, "w") as writer:
        for prediction in estimator.predict(input_fn=input_fn, yield_single_examples=True):
            probabilities = prediction["probabilities"]
            row = {
                "example_id": int(prediction["example_id"]),
                "label": label_names[int(prediction["label_id"])],
                "probabilities": dict((label_names[i], float(p)) for i, p in enumerate(probabilities)),
            }
            writer.write(json.dumps(row, sort_keys=True) + "\n")
            count += 1
    tf.logging.info("wrote %d predictions to %s", count, path)
    return count


def main(_):
    tf.logging.set_verbosity(tf.logging.INFO)
    for name in ("data_dir", "vocab_file", "labels_file", "output_dir"):
        if getattr(FLAGS, name) is None:
            raise ValueError("--%s is required" % name)
    if not (FLAGS.do_train or FLAGS.do_eval or FLAGS.do_predict):
        raise ValueError("At least one of do_train, do_eval or do_predict must be True.")
    tf.gfile.MakeDirs(FLAGS.output_dir)
    vocab = read_lines(FLAGS.vocab_file)
    label_names = read_lines(FLAGS.labels_file)
    config = ModelConfig(vocab_size=len(vocab), hidden_size=FLAGS.hidden_size, num_layers=FLAGS.num_layers,
                         num_heads=FLAGS.num_heads, filter_size=FLAGS.filter_size, dropout=FLAGS.dropout,
                         max_position=max(512, FLAGS.max_seq_length), num_labels=len(label_names))
    if FLAGS.hidden_size % FLAGS.num_heads:
        raise ValueError("hidden_size (%d) must be a multiple of num_heads (%d)" % (
            FLAGS.hidden_size, FLAGS.num_heads))
    with tf.gfile.GFile(os.path.join(FLAGS.output_dir, "model_config.json"), "w") as writer:
        writer.write(config.to_json_string())

    model_fn = model_fn_builder(config, FLAGS.num_train_steps, FLAGS.warmup_steps, FLAGS.init_checkpoint)
    estimator = tf.estimator.Estimator(model_fn=model_fn, config=make_run_config(), params={})

    if FLAGS.do_train:
        train_input_fn = file_based_input_fn_builder(os.path.join(FLAGS.data_dir, "train-*"),
                                                     FLAGS.max_seq_length, True, FLAGS.train_batch_size)
        estimator.train(input_fn=train_input_fn, max_steps=FLAGS.num_train_steps)
    if FLAGS.do_eval:
        eval_input_fn = file_based_input_fn_builder(os.path.join(FLAGS.data_dir, "dev-*"),
                                                    FLAGS.max_seq_length, False, FLAGS.eval_batch_size)
        result = estimator.evaluate(input_fn=eval_input_fn)
        output_eval_file = os.path.join(FLAGS.output_dir, "eval_results.txt")
        with tf.gfile.GFile(output_eval_file, "w") as writer:
            tf.logging.info("***** Eval results *****")
            for key in sorted(result.keys()):
                tf.logging.info("  %s = %s", key, str(result[key]))
                writer.write("%s = %s\n" % (key, str(result[key])))
        # @optional
        precisions = [float(result["precision_%d" % i]) for i in range(config.num_labels) if "precision_%d" % i in result]
        recalls = [float(result["recall_%d" % i]) for i in range(config.num_labels) if "recall_%d" % i in result]
        if precisions and recalls:
            f1 = [2 * p * r / (p + r) if p + r else 0.0 for p, r in zip(precisions, recalls)]
            tf.logging.info("  macro F1 = %.4f", float(np.mean(f1)))
        # @end
    if FLAGS.do_predict:
        predict_input_fn = file_based_input_fn_builder(os.path.join(FLAGS.data_dir, "test-*"),
                                                       FLAGS.max_seq_length, False, FLAGS.eval_batch_size)
        write_predictions(estimator, predict_input_fn, label_names,
                          os.path.join(FLAGS.output_dir, "test_predictions.jsonl"))


if __name__ == "__main__":
    flags.mark_flag_as_required("output_dir")
    tf.app.run()

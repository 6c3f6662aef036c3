# -*- coding: utf-8 -*-
"""Sequence-to-sequence model with attention for short-sentence translation.

Encoder: a bidirectional LSTM over token embeddings. Decoder: an LSTM with Luong or
Bahdanau attention, trained with teacher forcing and decoded greedily or with beam
search. Training runs in a MonitoredTrainingSession with checkpoint, summary and
stop hooks.
"""
from __future__ import print_function

import codecs
import collections
import os
import random
import time

import numpy as np
import tensorflow as tf
from tensorflow.contrib import rnn
from tensorflow.contrib import seq2seq
from tensorflow.python.layers import core as layers_core

tf.flags.DEFINE_string("src_train", "data/train.src", "source side of the training corpus")
tf.flags.DEFINE_string("tgt_train", "data/train.tgt", "target side of the training corpus")
tf.flags.DEFINE_string("src_vocab", "data/vocab.src", "source vocabulary, one token per line")
tf.flags.DEFINE_string("tgt_vocab", "data/vocab.tgt", "target vocabulary, one token per line")
tf.flags.DEFINE_string("out_dir", "/tmp/nmt", "checkpoints and summaries")
tf.flags.DEFINE_integer("num_units", 256, "LSTM size")
tf.flags.DEFINE_integer("embedding_size", 256, "embedding size")
tf.flags.DEFINE_integer("num_layers", 2, "decoder layers")
tf.flags.DEFINE_integer("batch_size", 64, "sentence pairs per batch")
tf.flags.DEFINE_integer("max_len", 50, "longest sentence kept")
tf.flags.DEFINE_integer("num_train_steps", 100000, "training steps")
tf.flags.DEFINE_integer("beam_width", 0, "beam width at inference, 0 for greedy")
tf.flags.DEFINE_float("learning_rate", 1.0, "initial SGD learning rate")
tf.flags.DEFINE_float("max_gradient_norm", 5.0, "gradient clipping norm")
tf.flags.DEFINE_float("dropout", 0.2, "dropout on the cell outputs")
tf.flags.DEFINE_string("attention", "luong", "luong | bahdanau")
tf.flags.DEFINE_integer("num_gpus", 1, "GPUs to spread the layers on")
FLAGS = tf.flags.FLAGS

SOS, EOS, UNK = "<s>", "</s>", "<unk>"
UNK_ID = 0

BatchedInput = collections.namedtuple(
    "BatchedInput", ("initializer", "source", "target_input", "target_output", "source_length", "target_length"))


def load_vocab(path):
    vocab = []
    with codecs.getreader("utf-8")(tf.gfile.GFile(path, "rb")) as handle:
        for word in handle:
            vocab.append(word.strip())
    for special in (EOS, SOS, UNK):
        if special not in vocab:
            vocab.insert(0, special)
    return vocab


def create_vocab_tables(src_vocab_file, tgt_vocab_file):
    src_table = tf.contrib.lookup.index_table_from_file(src_vocab_file, default_value=UNK_ID)
    tgt_table = tf.contrib.lookup.index_table_from_file(tgt_vocab_file, default_value=UNK_ID)
    return src_table, tgt_table


def get_iterator(src_dataset, tgt_dataset, src_table, tgt_table, batch_size, max_len, random_seed=None):
    src_eos_id = tf.cast(src_table.lookup(tf.constant(EOS)), tf.int32)
    tgt_sos_id = tf.cast(tgt_table.lookup(tf.constant(SOS)), tf.int32)
    tgt_eos_id = tf.cast(tgt_table.lookup(tf.constant(EOS)), tf.int32)
    dataset = tf.data.Dataset.zip((src_dataset, tgt_dataset))
    dataset = dataset.shuffle(buffer_size=batch_size * 1000, seed=random_seed, reshuffle_each_iteration=True)
    dataset = dataset.map(lambda src, tgt: (tf.string_split([src]).values, tf.string_split([tgt]).values))
    dataset = dataset.filter(lambda src, tgt: tf.logical_and(tf.size(src) > 0, tf.size(tgt) > 0))
    dataset = dataset.map(lambda src, tgt: (src[:max_len], tgt[:max_len]))
    dataset = dataset.map(lambda src, tgt: (tf.cast(src_table.lookup(src), tf.int32),
                                            tf.cast(tgt_table.lookup(tgt), tf.int32)))
    dataset = dataset.map(lambda src, tgt: (src, tf.concat(([tgt_sos_id], tgt), 0), tf.concat((tgt, [tgt_eos_id]), 0)))
    dataset = dataset.map(lambda src, tgt_in, tgt_out: (src, tgt_in, tgt_out, tf.size(src), tf.size(tgt_in)))

    def batching_func(x):
        return x.padded_batch(
            batch_size,
            padded_shapes=(tf.TensorShape([None]), tf.TensorShape([None]), tf.TensorShape([None]),
                           tf.TensorShape([]), tf.TensorShape([])),
            padding_values=(src_eos_id, tgt_eos_id, tgt_eos_id, 0, 0))

    # @optional
    def key_func(unused_1, unused_2, unused_3, src_len, tgt_len):
        bucket_width = 10
        bucket_id = tf.maximum(src_len // bucket_width, tgt_len // bucket_width)
        return tf.to_int64(tf.minimum(5, bucket_id))

    def reduce_func(unused_key, windowed_data):
        return batching_func(windowed_data)

    dataset = dataset.apply(tf.contrib.data.group_by_window(key_func=key_func, reduce_func=reduce_func,
                                                            window_size=batch_size))
    # @end
    iterator = dataset.make_initializable_iterator()
    src_ids, tgt_input_ids, tgt_output_ids, src_seq_len, tgt_seq_len = iterator.get_next()
    return BatchedInput(iterator.initializer, src_ids, tgt_input_ids, tgt_output_ids, src_seq_len, tgt_seq_len)


def single_cell(num_units, dropout, mode, device=None):
    cell = rnn.BasicLSTMCell(num_units, forget_bias=1.0)
    if dropout > 0.0 and mode == tf.contrib.learn.ModeKeys.TRAIN:
        cell = rnn.DropoutWrapper(cell=cell, input_keep_prob=1.0 - dropout)
    if device:
        cell = rnn.DeviceWrapper(cell, device)
    return cell


def multi_cell(num_layers, num_units, dropout, mode, num_gpus):
    cells = []
    for layer in range(num_layers):
        device = "/gpu:%d" % (layer % num_gpus) if num_gpus > 1 else None
        cell = single_cell(num_units, dropout, mode, device)
        # @optional
        if layer >= 1:
            cell = rnn.ResidualWrapper(cell)
        # @end
        cells.append(cell)
    return cells[0] if len(cells) == 1 else rnn.MultiRNNCell(cells)


class AttentionModel(object):
    """Builds the training or inference graph of the attention model."""

    def __init__(self, iterator, mode, src_vocab_size, tgt_vocab_size, tgt_table):
        self.iterator = iterator
        self.mode = mode
        self.tgt_table = tgt_table
        self.global_step = tf.train.get_or_create_global_step()
        initializer = tf.random_uniform_initializer(-0.1, 0.1)
        tf.get_variable_scope().set_initializer(initializer)

        with tf.variable_scope("embeddings"):
            self.embedding_encoder = tf.get_variable("embedding_encoder", [src_vocab_size, FLAGS.embedding_size])
            self.embedding_decoder = tf.get_variable("embedding_decoder", [tgt_vocab_size, FLAGS.embedding_size])
        with tf.variable_scope("decoder/output_projection"):
            self.output_layer = layers_core.Dense(tgt_vocab_size, use_bias=False, name="output_projection")

        encoder_outputs, encoder_state = self._build_encoder()
        logits, self.sample_id, final_state = self._build_decoder(encoder_outputs, encoder_state)

        if self.mode != tf.contrib.learn.ModeKeys.INFER:
            self.loss = self._compute_loss(logits)
            self.word_count = tf.reduce_sum(iterator.source_length) + tf.reduce_sum(iterator.target_length)
        if self.mode == tf.contrib.learn.ModeKeys.TRAIN:
            self.learning_rate = self._decayed_learning_rate()
            optimizer = tf.train.GradientDescentOptimizer(self.learning_rate)
            params = tf.trainable_variables()
            gradients = tf.gradients(self.loss, params, colocate_gradients_with_ops=True)
            clipped, gradient_norm = tf.clip_by_global_norm(gradients, FLAGS.max_gradient_norm)
            self.update = optimizer.apply_gradients(zip(clipped, params), global_step=self.global_step)
            self.train_summary = tf.summary.merge([
                tf.summary.scalar("lr", self.learning_rate),
                tf.summary.scalar("train_loss", self.loss),
                tf.summary.scalar("gradient_norm", gradient_norm),
                tf.summary.scalar("clipped_gradient", tf.global_norm(clipped)),
            ])

    def _build_encoder(self):
        source = self.iterator.source
        with tf.variable_scope("encoder") as scope:
            encoder_emb_inp = tf.nn.embedding_lookup(self.embedding_encoder, source)
            fw_cell = single_cell(FLAGS.num_units // 2, FLAGS.dropout, self.mode)
            bw_cell = single_cell(FLAGS.num_units // 2, FLAGS.dropout, self.mode)
            outputs, states = tf.nn.bidirectional_dynamic_rnn(
                fw_cell, bw_cell, encoder_emb_inp, dtype=scope.dtype,
                sequence_length=self.iterator.source_length, time_major=False, swap_memory=True)
            encoder_outputs = tf.concat(outputs, -1)
            fw_state, bw_state = states
            state = rnn.LSTMStateTuple(c=tf.concat([fw_state.c, bw_state.c], -1),
                                       h=tf.concat([fw_state.h, bw_state.h], -1))
            encoder_state = tuple([state] * FLAGS.num_layers) if FLAGS.num_layers > 1 else state
        return encoder_outputs, encoder_state

    def _attention_mechanism(self, memory, source_length):
        if FLAGS.attention == "bahdanau":
            return seq2seq.BahdanauAttention(FLAGS.num_units, memory, memory_sequence_length=source_length,
                                             normalize=True)
        return seq2seq.LuongAttention(FLAGS.num_units, memory, memory_sequence_length=source_length, scale=True)

    def _build_decoder(self, encoder_outputs, encoder_state):
        tgt_sos_id = tf.cast(self.tgt_table.lookup(tf.constant(SOS)), tf.int32)
        tgt_eos_id = tf.cast(self.tgt_table.lookup(tf.constant(EOS)), tf.int32)
        batch_size = tf.size(self.iterator.source_length)
        memory, source_length = encoder_outputs, self.iterator.source_length
        beam = self.mode == tf.contrib.learn.ModeKeys.INFER and FLAGS.beam_width > 0
        if beam:
            memory = seq2seq.tile_batch(memory, multiplier=FLAGS.beam_width)
            source_length = seq2seq.tile_batch(source_length, multiplier=FLAGS.beam_width)
            encoder_state = seq2seq.tile_batch(encoder_state, multiplier=FLAGS.beam_width)
            batch_size = batch_size * FLAGS.beam_width
        with tf.variable_scope("decoder") as decoder_scope:
            cell = multi_cell(FLAGS.num_layers, FLAGS.num_units, FLAGS.dropout, self.mode, FLAGS.num_gpus)
            cell = seq2seq.AttentionWrapper(cell, self._attention_mechanism(memory, source_length),
                                            attention_layer_size=FLAGS.num_units, alignment_history=False,
                                            name="attention")
            initial_state = cell.zero_state(batch_size, tf.float32).clone(cell_state=encoder_state)
            if self.mode != tf.contrib.learn.ModeKeys.INFER:
                decoder_emb_inp = tf.nn.embedding_lookup(self.embedding_decoder, self.iterator.target_input)
                helper = seq2seq.TrainingHelper(decoder_emb_inp, self.iterator.target_length)
                decoder = seq2seq.BasicDecoder(cell, helper, initial_state)
                outputs, final_state, _ = seq2seq.dynamic_decode(decoder, swap_memory=True, scope=decoder_scope)
                logits = self.output_layer(outputs.rnn_output)
                return logits, outputs.sample_id, final_state
            start_tokens = tf.fill([tf.size(self.iterator.source_length)], tgt_sos_id)
            max_iterations = tf.to_int32(tf.round(tf.to_float(tf.reduce_max(self.iterator.source_length)) * 2.0))
            if beam:
                decoder = seq2seq.BeamSearchDecoder(cell=cell, embedding=self.embedding_decoder,
                                                    start_tokens=start_tokens, end_token=tgt_eos_id,
                                                    initial_state=initial_state, beam_width=FLAGS.beam_width,
                                                    output_layer=self.output_layer, length_penalty_weight=0.0)
            else:
                helper = seq2seq.GreedyEmbeddingHelper(self.embedding_decoder, start_tokens, tgt_eos_id)
                decoder = seq2seq.BasicDecoder(cell, helper, initial_state, output_layer=self.output_layer)
            outputs, final_state, _ = seq2seq.dynamic_decode(decoder, maximum_iterations=max_iterations,
                                                             swap_memory=True, scope=decoder_scope)
            sample_id = outputs.predicted_ids if beam else outputs.sample_id
            return tf.no_op(), sample_id, final_state

    def _compute_loss(self, logits):
        target_output = self.iterator.target_output
        max_time = tf.shape(target_output)[1]
        crossent = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target_output, logits=logits)
        weights = tf.sequence_mask(self.iterator.target_length, max_time, dtype=logits.dtype)
        return tf.reduce_sum(crossent * weights) / tf.to_float(tf.size(self.iterator.source_length))

    def _decayed_learning_rate(self):
        start_decay = int(FLAGS.num_train_steps * 2 / 3)
        decay_steps = int((FLAGS.num_train_steps - start_decay) / 4)
        return tf.cond(self.global_step < start_decay,
                       lambda: tf.constant(FLAGS.learning_rate),
                       lambda: tf.train.exponential_decay(FLAGS.learning_rate, self.global_step - start_decay,
                                                          decay_steps, 0.5, staircase=True))


# @optional
class ThroughputHook(tf.train.SessionRunHook):
    """Logs words per second every N steps."""

    def __init__(self, word_count, every_n_steps=200):
        self._word_count = word_count
        self._every = every_n_steps
        self._words = 0
        self._start = None
        self._step = 0

    def begin(self):
        self._start = time.time()

    def before_run(self, run_context):
        return tf.train.SessionRunArgs(self._word_count)

    def after_run(self, run_context, run_values):
        self._words += run_values.results
        self._step += 1
        if self._step % self._every == 0:
            elapsed = time.time() - self._start
            tf.logging.info("%.1fK words/s", self._words / max(elapsed, 1e-6) / 1000.0)
            self._words, self._start = 0, time.time()
# @end


def train():
    random.seed(1234)
    np.random.seed(1234)
    src_vocab = load_vocab(FLAGS.src_vocab)
    tgt_vocab = load_vocab(FLAGS.tgt_vocab)
    graph = tf.Graph()
    with graph.as_default():
        tf.set_random_seed(1234)
        src_table, tgt_table = create_vocab_tables(FLAGS.src_vocab, FLAGS.tgt_vocab)
        src_dataset = tf.data.TextLineDataset(FLAGS.src_train)
        tgt_dataset = tf.data.TextLineDataset(FLAGS.tgt_train)
        iterator = get_iterator(src_dataset, tgt_dataset, src_table, tgt_table, FLAGS.batch_size, FLAGS.max_len)
        model = AttentionModel(iterator, tf.contrib.learn.ModeKeys.TRAIN, len(src_vocab), len(tgt_vocab), tgt_table)

        config = tf.ConfigProto(log_device_placement=False, allow_soft_placement=True)
        config.gpu_options.allow_growth = True
        config.intra_op_parallelism_threads = 4
        scaffold = tf.train.Scaffold(
            local_init_op=tf.group(tf.local_variables_initializer(), tf.tables_initializer(), iterator.initializer))
        hooks = [
            tf.train.StopAtStepHook(last_step=FLAGS.num_train_steps),
            tf.train.NanTensorHook(model.loss),
            tf.train.LoggingTensorHook({"step": model.global_step, "loss": model.loss}, every_n_iter=100),
            # @optional
            ThroughputHook(model.word_count),
            # @end
        ]
        with tf.train.MonitoredTrainingSession(checkpoint_dir=FLAGS.out_dir, scaffold=scaffold, hooks=hooks,
                                               save_checkpoint_secs=600, save_summaries_steps=100,
                                               config=config) as sess:
            while not sess.should_stop():
                try:
                    sess.run(model.update)
                except tf.errors.OutOfRangeError:
                    sess.run(iterator.initializer)


def main(unused_argv):
    tf.logging.set_verbosity(tf.logging.INFO)
    if not tf.gfile.Exists(FLAGS.out_dir):
        tf.gfile.MakeDirs(FLAGS.out_dir)
    train()


if __name__ == "__main__":
    tf.app.run(main=main)

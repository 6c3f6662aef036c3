"""Sentence classification with a multi-width convolutional network in tf.keras (TF 1.x).

Reads a TSV of `label<TAB>text`, builds a vocabulary, trains with tf.keras on a TF1
session configured for a shared GPU, and converts the model to an Estimator for the
batch-scoring job that already uses Estimators.
"""
import argparse
import collections
import csv
import io
import os
import re

os.environ.setdefault("CUDA_VISIBLE_DEVICES", "0")

import numpy as np
import tensorflow as tf

K = tf.keras.backend
layers = tf.keras.layers

TOKEN_RE = re.compile(r"[a-z0-9']+")
PAD, OOV = 0, 1


def tokenize(text):
    return TOKEN_RE.findall(text.lower())


def read_tsv(path):
    labels, texts = [], []
    with io.open(path, encoding="utf-8") as handle:
        for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            if len(row) != 2:
                continue
            labels.append(row[0])
            texts.append(row[1])
    return labels, texts


def build_vocab(texts, max_size, min_count=2):
    counts = collections.Counter(token for text in texts for token in tokenize(text))
    words = [w for w, c in counts.most_common(max_size - 2) if c >= min_count]
    return dict((word, index + 2) for index, word in enumerate(words))


def encode(texts, vocab, max_len):
    ids = np.zeros((len(texts), max_len), dtype=np.int32)
    for row, text in enumerate(texts):
        tokens = [vocab.get(token, OOV) for token in tokenize(text)][:max_len]
        ids[row, :len(tokens)] = tokens
    return ids


def text_cnn(vocab_size, num_classes, max_len, embedding_dim, filters, widths, dropout):
    inputs = layers.Input(shape=(max_len,), dtype="int32", name="token_ids")
    embedded = layers.Embedding(vocab_size, embedding_dim, input_length=max_len, name="embedding")(inputs)
    pooled = []
    for width in widths:
        conv = layers.Conv1D(filters, width, activation="relu", padding="valid", name="conv_%d" % width)(embedded)
        pooled.append(layers.GlobalMaxPooling1D(name="pool_%d" % width)(conv))
    merged = layers.concatenate(pooled, name="merged") if len(pooled) > 1 else pooled[0]
    merged = layers.Dropout(dropout, name="dropout")(merged)
    # @optional
    merged = layers.Dense(128, activation="relu", name="hidden")(merged)
    # @end
    outputs = layers.Dense(num_classes, activation="softmax", name="probabilities")(merged)
    return tf.keras.Model(inputs=inputs, outputs=outputs)


def configure_session(args):
    gpu_options = tf.GPUOptions(allow_growth=True, per_process_gpu_memory_fraction=args.gpu_fraction)
    config = tf.ConfigProto(gpu_options=gpu_options, allow_soft_placement=True)
    # @optional
    if args.deterministic:
        config.intra_op_parallelism_threads = 1
        config.inter_op_parallelism_threads = 1
    # @end
    sess = tf.Session(config=config)
    K.set_session(sess)
    return sess


def to_dataset(ids, labels, batch_size, training):
    dataset = tf.data.Dataset.from_tensor_slices((ids, labels))
    if training:
        dataset = dataset.shuffle(len(ids)).repeat()
    return dataset.batch(batch_size)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", default="data/train.tsv")
    parser.add_argument("--dev", default="data/dev.tsv")
    parser.add_argument("--model_dir", default="models/text_cnn")
    parser.add_argument("--max_len", type=int, default=60)
    parser.add_argument("--vocab_size", type=int, default=30000)
    parser.add_argument("--embedding_dim", type=int, default=128)
    parser.add_argument("--filters", type=int, default=100)
    parser.add_argument("--widths", default="3,4,5")
    parser.add_argument("--dropout", type=float, default=0.5)
    parser.add_argument("--batch_size", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--gpu_fraction", type=float, default=0.3)
    parser.add_argument("--deterministic", action="store_true")
    parser.add_argument("--estimator", action="store_true", help="also export a tf.estimator for scoring")
    args = parser.parse_args()

    configure_session(args)
    train_labels, train_texts = read_tsv(args.train)
    dev_labels, dev_texts = read_tsv(args.dev)
    label_names = sorted(set(train_labels))
    label_ids = dict((name, index) for index, name in enumerate(label_names))
    vocab = build_vocab(train_texts, args.vocab_size)
    x_train = encode(train_texts, vocab, args.max_len)
    x_dev = encode(dev_texts, vocab, args.max_len)
    y_train = np.array([label_ids[l] for l in train_labels], dtype=np.int32)
    y_dev = np.array([label_ids.get(l, 0) for l in dev_labels], dtype=np.int32)

    model = text_cnn(len(vocab) + 2, len(label_names), args.max_len, args.embedding_dim, args.filters,
                     [int(w) for w in args.widths.split(",")], args.dropout)
    model.compile(optimizer=tf.train.AdamOptimizer(1e-3), loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    model.summary()
    callbacks = [
        tf.keras.callbacks.ModelCheckpoint(os.path.join(args.model_dir, "best.h5"), save_best_only=True),
        tf.keras.callbacks.EarlyStopping(patience=3, restore_best_weights=True),
        tf.keras.callbacks.TensorBoard(log_dir=os.path.join(args.model_dir, "logs")),
    ]
    tf.gfile.MakeDirs(args.model_dir)
    model.fit(to_dataset(x_train, y_train, args.batch_size, True), epochs=args.epochs,
              steps_per_epoch=max(1, len(x_train) // args.batch_size),
              validation_data=to_dataset(x_dev, y_dev, args.batch_size, False),
              validation_steps=max(1, len(x_dev) // args.batch_size), callbacks=callbacks, verbose=2)
    loss, accuracy = model.evaluate(x_dev, y_dev, batch_size=args.batch_size, verbose=0)
    print("dev loss %.4f, accuracy %.4f" % (loss, accuracy))
    if args.estimator:
        run_config = tf.estimator.RunConfig(session_config=tf.ConfigProto(device_count={"GPU": 0}))
        estimator = tf.keras.estimator.model_to_estimator(keras_model=model, config=run_config,
                                                          model_dir=os.path.join(args.model_dir, "estimator"))
        print("estimator ready in", estimator.model_dir)


if __name__ == "__main__":
    main()

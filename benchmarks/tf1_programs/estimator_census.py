"""Income prediction on census-style CSV data with a custom tf.estimator model.

Feature columns (numeric, vocabulary, hashed, bucketized, crossed, embeddings), an
input_fn over TextLineDataset, a model_fn with a wide and a deep part, evaluation
metrics, train_and_evaluate, and a SavedModel export for serving.
"""

import argparse
import json
import os
import shutil
import sys

import tensorflow as tf

CSV_COLUMNS = [
    'age', 'workclass', 'fnlwgt', 'education', 'education_num', 'marital_status',
    'occupation', 'relationship', 'race', 'gender', 'capital_gain', 'capital_loss',
    'hours_per_week', 'native_country', 'income_bracket',
]
CSV_DEFAULTS = [[0], [''], [0], [''], [0], [''], [''], [''], [''], [''], [0], [0], [0], [''], ['']]
LABEL_COLUMN = 'income_bracket'
LABEL_VOCABULARY = ['<=50K', '>50K']

EDUCATION = [
    'Bachelors', 'HS-grad', '11th', 'Masters', '9th', 'Some-college', 'Assoc-acdm', 'Assoc-voc',
    '7th-8th', 'Doctorate', 'Prof-school', '5th-6th', '10th', '1st-4th', 'Preschool', '12th',
]
MARITAL_STATUS = [
    'Married-civ-spouse', 'Divorced', 'Married-spouse-absent', 'Never-married', 'Separated',
    'Married-AF-spouse', 'Widowed',
]
RELATIONSHIP = ['Husband', 'Not-in-family', 'Wife', 'Own-child', 'Unmarried', 'Other-relative']
WORKCLASS = [
    'Self-emp-not-inc', 'Private', 'State-gov', 'Federal-gov', 'Local-gov', '?', 'Self-emp-inc',
    'Without-pay', 'Never-worked',
]
AGE_BOUNDARIES = [18, 25, 30, 35, 40, 45, 50, 55, 60, 65]


def build_feature_columns(embedding_dim):
    """(wide columns, deep columns), as the wide-and-deep model uses them."""
    age = tf.feature_column.numeric_column('age')
    education_num = tf.feature_column.numeric_column('education_num')
    capital_gain = tf.feature_column.numeric_column('capital_gain')
    capital_loss = tf.feature_column.numeric_column('capital_loss')
    hours_per_week = tf.feature_column.numeric_column('hours_per_week')

    education = tf.feature_column.categorical_column_with_vocabulary_list('education', EDUCATION)
    marital_status = tf.feature_column.categorical_column_with_vocabulary_list('marital_status', MARITAL_STATUS)
    relationship = tf.feature_column.categorical_column_with_vocabulary_list('relationship', RELATIONSHIP)
    workclass = tf.feature_column.categorical_column_with_vocabulary_list('workclass', WORKCLASS)
    occupation = tf.feature_column.categorical_column_with_hash_bucket('occupation', hash_bucket_size=1000)
    native_country = tf.feature_column.categorical_column_with_hash_bucket('native_country', hash_bucket_size=1000)

    age_buckets = tf.feature_column.bucketized_column(age, boundaries=AGE_BOUNDARIES)

    base_columns = [education, marital_status, relationship, workclass, occupation, age_buckets]
    crossed_columns = [
        tf.feature_column.crossed_column(['education', 'occupation'], hash_bucket_size=1000),
        tf.feature_column.crossed_column([age_buckets, 'education', 'occupation'], hash_bucket_size=1000),
        # @optional
        tf.feature_column.crossed_column(['native_country', 'occupation'], hash_bucket_size=1000),
        # @end
    ]
    wide_columns = base_columns + crossed_columns
    deep_columns = [
        age, education_num, capital_gain, capital_loss, hours_per_week,
        tf.feature_column.indicator_column(workclass),
        tf.feature_column.indicator_column(education),
        tf.feature_column.indicator_column(marital_status),
        tf.feature_column.indicator_column(relationship),
        tf.feature_column.embedding_column(occupation, dimension=embedding_dim),
        tf.feature_column.embedding_column(native_country, dimension=embedding_dim),
    ]
    return wide_columns, deep_columns


def parse_csv(line):
    columns = tf.decode_csv(line, record_defaults=CSV_DEFAULTS)
    features = dict(zip(CSV_COLUMNS, columns))
    labels = features.pop(LABEL_COLUMN)
    labels = tf.equal(tf.string_strip(labels), '>50K')
    return features, tf.cast(labels, tf.int32)


def make_input_fn(data_file, num_epochs, shuffle, batch_size):
    """An input_fn reading one CSV file; the Estimator calls it in its own graph."""
    def input_fn():
        if not tf.gfile.Exists(data_file):
            raise IOError('%s not found; run data_download.py first' % data_file)
        dataset = tf.data.TextLineDataset(data_file)
        dataset = dataset.filter(lambda line: tf.not_equal(tf.strings.length(line), 0))
        if shuffle:
            dataset = dataset.shuffle(buffer_size=20000)
        dataset = dataset.map(parse_csv, num_parallel_calls=4)
        dataset = dataset.repeat(num_epochs)
        dataset = dataset.batch(batch_size)
        return dataset.prefetch(1)
    return input_fn


def wide_and_deep_model_fn(features, labels, mode, params):
    """A linear part over sparse crosses plus a DNN over dense and embedded features."""
    wide = tf.feature_column.linear_model(features, params['wide_columns'], units=1)
    net = tf.feature_column.input_layer(features, params['deep_columns'])
    for index, units in enumerate(params['hidden_units']):
        with tf.variable_scope('hiddenlayer_%d' % index):
            net = tf.layers.dense(net, units=units, activation=tf.nn.relu,
                                  kernel_initializer=tf.glorot_uniform_initializer())
            # @optional
            if params.get('dropout') and mode == tf.estimator.ModeKeys.TRAIN:
                net = tf.layers.dropout(net, rate=params['dropout'], training=True)
            # @end
    deep = tf.layers.dense(net, units=1, name='deep_logits')
    logits = wide + deep
    probabilities = tf.sigmoid(logits)
    predicted_classes = tf.cast(probabilities > 0.5, tf.int32)

    if mode == tf.estimator.ModeKeys.PREDICT:
        predictions = {
            'class_ids': predicted_classes,
            'probabilities': probabilities,
            'logits': logits,
        }
        export_outputs = {
            'predict': tf.estimator.export.PredictOutput(predictions),
        }
        return tf.estimator.EstimatorSpec(mode, predictions=predictions, export_outputs=export_outputs)

    labels = tf.reshape(labels, [-1, 1])
    loss = tf.losses.sigmoid_cross_entropy(multi_class_labels=labels, logits=logits)
    accuracy = tf.metrics.accuracy(labels=labels, predictions=predicted_classes)
    auc = tf.metrics.auc(labels=labels, predictions=probabilities)
    precision = tf.metrics.precision(labels=labels, predictions=predicted_classes)
    recall = tf.metrics.recall(labels=labels, predictions=predicted_classes)
    metrics = {'accuracy': accuracy, 'auc': auc, 'precision': precision, 'recall': recall}
    tf.summary.scalar('accuracy', accuracy[1])

    if mode == tf.estimator.ModeKeys.EVAL:
        return tf.estimator.EstimatorSpec(mode, loss=loss, eval_metric_ops=metrics)

    global_step = tf.train.get_global_step()
    wide_optimizer = tf.train.FtrlOptimizer(learning_rate=params['wide_learning_rate'],
                                            l1_regularization_strength=0.5)
    deep_optimizer = tf.train.AdagradOptimizer(learning_rate=params['deep_learning_rate'])
    wide_vars = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, scope='linear_model')
    deep_vars = [v for v in tf.trainable_variables() if v not in wide_vars]
    update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        train_wide = wide_optimizer.minimize(loss, var_list=wide_vars)
        train_deep = deep_optimizer.minimize(loss, var_list=deep_vars)
    with tf.control_dependencies([train_wide, train_deep]):
        train_op = tf.assign_add(global_step, 1)
    training_hooks = []
    # @optional
    training_hooks.append(tf.train.LoggingTensorHook(
        {'loss': loss, 'accuracy': accuracy[1], 'step': global_step}, every_n_iter=500))
    # @end
    return tf.estimator.EstimatorSpec(mode, loss=loss, train_op=train_op, training_hooks=training_hooks)


def serving_input_receiver_fn():
    """Parses serialized tf.Examples, the format the serving side sends."""
    serialized = tf.placeholder(dtype=tf.string, shape=[None], name='input_example_tensor')
    feature_spec = {
        'age': tf.FixedLenFeature([], tf.int64, default_value=0),
        'education_num': tf.FixedLenFeature([], tf.int64, default_value=0),
        'capital_gain': tf.FixedLenFeature([], tf.int64, default_value=0),
        'capital_loss': tf.FixedLenFeature([], tf.int64, default_value=0),
        'hours_per_week': tf.FixedLenFeature([], tf.int64, default_value=0),
        'education': tf.FixedLenFeature([], tf.string, default_value=''),
        'marital_status': tf.FixedLenFeature([], tf.string, default_value=''),
        'relationship': tf.FixedLenFeature([], tf.string, default_value=''),
        'workclass': tf.FixedLenFeature([], tf.string, default_value=''),
        'occupation': tf.FixedLenFeature([], tf.string, default_value=''),
        'native_country': tf.FixedLenFeature([], tf.string, default_value=''),
    }
    features = tf.parse_example(serialized, feature_spec)
    return tf.estimator.export.ServingInputReceiver(features, {'examples': serialized})


def build_estimator(args):
    wide_columns, deep_columns = build_feature_columns(args.embedding_dim)
    session_config = tf.ConfigProto(
        intra_op_parallelism_threads=args.num_threads,
        inter_op_parallelism_threads=args.num_threads,
        allow_soft_placement=True,
        device_count={'GPU': 0 if args.cpu_only else 1})
    # @optional
    session_config.gpu_options.allow_growth = True
    # @end
    run_config = tf.estimator.RunConfig(
        model_dir=args.model_dir,
        save_checkpoints_steps=args.save_checkpoints_steps,
        keep_checkpoint_max=3,
        log_step_count_steps=200,
        session_config=session_config)
    params = {
        'wide_columns': wide_columns,
        'deep_columns': deep_columns,
        'hidden_units': [int(u) for u in args.hidden_units.split(',')],
        'dropout': args.dropout,
        'wide_learning_rate': args.wide_learning_rate,
        'deep_learning_rate': args.deep_learning_rate,
    }
    return tf.estimator.Estimator(model_fn=wide_and_deep_model_fn, config=run_config, params=params)


def write_eval_results(results, model_dir):
    """Keep the final metrics beside the checkpoints, as JSON."""
    path = os.path.join(model_dir, 'eval_results.json')
    serializable = dict((key, float(value)) for key, value in results.items())
    with tf.gfile.GFile(path, 'w') as handle:
        handle.write(json.dumps(serializable, indent=2, sort_keys=True))
    return path


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--train_data', default='/tmp/census_data/adult.data')
    parser.add_argument('--eval_data', default='/tmp/census_data/adult.test')
    parser.add_argument('--model_dir', default='/tmp/census_model')
    parser.add_argument('--train_epochs', type=int, default=40)
    parser.add_argument('--epochs_between_evals', type=int, default=2)
    parser.add_argument('--batch_size', type=int, default=40)
    parser.add_argument('--hidden_units', default='100,75,50,25')
    parser.add_argument('--embedding_dim', type=int, default=8)
    parser.add_argument('--dropout', type=float, default=0.0)
    parser.add_argument('--wide_learning_rate', type=float, default=0.1)
    parser.add_argument('--deep_learning_rate', type=float, default=0.05)
    parser.add_argument('--num_threads', type=int, default=4)
    parser.add_argument('--save_checkpoints_steps', type=int, default=1000)
    parser.add_argument('--cpu_only', action='store_true')
    parser.add_argument('--export_dir', default='')
    parser.add_argument('--clean', action='store_true', help='start from an empty model_dir')
    parser.add_argument('--train_and_evaluate', action='store_true',
                        help='one train_and_evaluate call instead of train/evaluate cycles')
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    tf.logging.set_verbosity(tf.logging.INFO)
    if args.clean and tf.gfile.Exists(args.model_dir):
        shutil.rmtree(args.model_dir)
    estimator = build_estimator(args)

    train_input = make_input_fn(args.train_data, args.epochs_between_evals, True, args.batch_size)
    eval_input = make_input_fn(args.eval_data, 1, False, args.batch_size)
    results = None
    if args.train_and_evaluate:
        train_spec = tf.estimator.TrainSpec(
            input_fn=make_input_fn(args.train_data, args.train_epochs, True, args.batch_size))
        eval_spec = tf.estimator.EvalSpec(input_fn=eval_input, steps=None, throttle_secs=120)
        results, _ = tf.estimator.train_and_evaluate(estimator, train_spec, eval_spec)
    else:
        for cycle in range(args.train_epochs // args.epochs_between_evals):
            estimator.train(input_fn=train_input)
            results = estimator.evaluate(input_fn=eval_input)
            tf.logging.info('results at epoch %d', (cycle + 1) * args.epochs_between_evals)
            for key in sorted(results):
                tf.logging.info('%s: %s', key, results[key])
    if results is not None:
        write_eval_results(results, args.model_dir)
    if args.export_dir:
        exported = estimator.export_savedmodel(args.export_dir, serving_input_receiver_fn)
        tf.logging.info('exported to %s', exported)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

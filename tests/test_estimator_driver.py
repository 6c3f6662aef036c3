"""The Estimator driver forms of issues #11 and #12 (RunConfig().replace(...), a RunConfig or
a model_fn shared by several Estimators, input_fn factories over numpy_input_fn, a
numpy_input_fn read by several Estimators, warm starts, predict per batch), and losses and
optimizers whose mapping is exact (hinge and cosine-distance losses, TF1's momentum under a schedule), run after the rewrite and print what the
TF1 program printed on TF 2.15.

Each corpus case's after.py runs on this TF (>= 2.16, Keras 3) and its output is compared
with REFERENCES, recorded with `.venv-tf215/bin/python before.py` (TF 2.15.1 +
tensorflow-estimator 2.15.0); the programs start from constant initial weights, so the
numbers agree to about 6 digits. Set TFMIGRATE_TF215 to a TF 2.15 + estimator python to run
the originals against the same references too."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

tf = pytest.importorskip("tensorflow")
if hasattr(tf, "estimator"):
    pytest.skip("needs TF >= 2.16 (Keras 3, no tf.estimator)", allow_module_level=True)

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
TIMEOUT = 300
NUMBER = re.compile(r"-?\d+\.?\d*(?:e-?\d+)?")

# Originals written for TF 1.x (names TF 2 dropped: tf.train.*Optimizer, tf.contrib): on TF
# 2.15 they run with those names bound to the same V1 classes, and tf.contrib.layers / slim
# to the tf-slim package (tests/tf1x/tf1x_names.py).
TF1X_CASES = {"estimator_canned_tf1x_trainer_returns_regressor", "estimator_export_savedmodel_lone_tensor",
              "estimator_contrib_layers_cnn", "estimator_slim_layers_helper_momentum_clip",
              "estimator_canned_mlcc_runtime_columns_clipped", "estimator_canned_tf1_numpy_input_reads_v1",
              "estimator_contrib_embed_sequence_text_cnn", "estimator_optimize_loss_learning_rate_decay_fn",
              "estimator_model_to_estimator_tf1_optimizer"}
TF1X_NAMES = Path(__file__).resolve().parent / "tf1x"

REFERENCES = {
    'estimator_model_to_estimator_predict_sequential_named': [  # a Sequential's last layer named "species"
        "pred ['species'] (3,) [0.21956, 0.55716, 0.22328]",
        "pred ['species'] (3,) [0.28467, 0.43369, 0.28163]",
        "pred ['species'] (3,) [0.29365, 0.41695, 0.28941]",
    ],
    'estimator_model_to_estimator_tf1_optimizer': [  # compile(optimizer=tf.train.GradientDescentOptimizer(0.1))
        "eval {'loss': 0.09830125, 'global_step': 3}",
    ],
    'estimator_optimize_loss_learning_rate_decay_fn': [  # optimize_loss(learning_rate_decay_fn=lambda lr, step: ...)
        "eval {'accuracy': 0.7916667, 'loss': 0.4798319, 'global_step': 15}",
        "classes [0, 1, 0, 1, 1, 1, 0, 1]",
    ],
    'estimator_contrib_embed_sequence_text_cnn': [  # embed_sequence → Embedding(glorot), repeated ids under Adam
        "eval {'accuracy': 0.675, 'loss': 0.45378172, 'global_step': 12}",
        "classes [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]",
    ],
    'estimator_canned_tf1_numpy_input_reads_v1': [  # tf.estimator.inputs: TF 1.x, so the V1 LinearClassifier
        "eval {'accuracy': 0.8666667, 'loss': 16.729862, 'average_loss': 0.55766207, 'global_step': 10}",
    ],
    'estimator_canned_mlcc_runtime_columns_clipped': [  # tensorflow.python.data's Dataset, a set of run-time columns
        "period 0 rmse 181.2737", "period 1 rmse 180.9247", "period 2 rmse 180.5757",
    ],
    'estimator_lookup_table_string_export': [  # a vocabulary table in __init__, repeated ids under Adam, export
        "eval {'loss': 0.24852952, 'global_step': 6}",
        "served [1, 0] [[0.1203, 0.8797], [0.7586, 0.2414]]",
    ],
    'estimator_helper_projection_shortcut_static_shape': [  # a residual block's `if inputs.shape[-1] != filters`
        "eval {'accuracy': 0.5, 'loss': 0.6962126, 'global_step': 16}",
        "classes [0, 0, 0, 0, 0, 0, 0, 0]",
    ],
    'estimator_contrib_layers_cnn': [  # tf.contrib.layers conv2d/max_pool2d/flatten/fully_connected, optimize_loss
        "eval {'accuracy': 0.9166667, 'loss': 0.30958995, 'global_step': 15}",
        "classes [0, 1, 0, 1, 1, 1, 0, 1]",
    ],
    'estimator_slim_layers_helper_momentum_clip': [  # slim helper, avg_pool2d, dropout, "Momentum" clipped
        "eval {'accuracy': 0.725, 'loss': 0.6763859, 'global_step': 12}",
        "classes [0, 0, 0, 0, 1, 0, 1, 0, 0, 0]",
    ],
    'estimator_model_fn_gru_cell_dynamic_rnn': [  # GRUCell + dynamic_rnn(sequence_length) → Keras GRU
        "eval {'accuracy': 0.8611111, 'loss': 0.4858402, 'global_step': 3}",
        "classes [1, 1, 1, 1, 1, 1, 1, 1]",
    ],
    'estimator_canned_parse_example_spec_sparse': [  # VarLenFeature columns (SparseTensors), rows without one
        "eval {'accuracy': 0.85, 'accuracy_baseline': 0.55, 'auc': 0.9027778, 'auc_precision_recall': 0.921715, "
        "'average_loss': 0.6200491, 'label/mean': 0.55, 'loss': 0.6200491, 'precision': 0.9, "
        "'prediction/mean': 0.5218858, 'recall': 0.8181818, 'global_step': 4}",
    ],
    'estimator_canned_add_metrics_same_as_head': [  # add_metrics repeating the V1 head's PR AUC
        "eval {'accuracy': 0.6, 'accuracy_baseline': 0.6, 'auc': 0.9947916, 'auc_precision_recall': 0.9967307, "
        "'average_loss': 0.6020401, 'label/mean': 0.6, 'loss': 6.020401, 'mean_probability': 0.6585344, "
        "'precision': 0.6, 'prediction/mean': 0.6585344, 'recall': 1.0, 'global_step': 4}",
    ],
    'estimator_model_fn_lstm_cell_dynamic_rnn': [  # LSTMCell + dynamic_rnn(sequence_length) → Keras LSTM
        "eval {'accuracy': 0.8611111, 'loss': 0.4359231, 'global_step': 3}",
        "classes [1, 1, 1, 1, 1, 1, 1, 1]",
    ],
    'estimator_model_to_estimator_predict_functional': [  # one dict per example, keyed by output name
        "['risk'] (1,) 0.5672", "['risk'] (1,) 0.57441", "['risk'] (1,) 0.57917",
    ],
    'estimator_canned_columns_header_slice': [  # FEATURES = HEADER[:-1], enumerate(FEATURES)
        "eval {'average_loss': 0.0996012, 'label/mean': 0.5343919, 'loss': 0.0996012, "
        "'prediction/mean': 0.5744957, 'global_step': 5}",
    ],
    'estimator_input_fn_mode_context_mirrored': [  # input_fn(mode, input_context=None) under a strategy
        "eval {'loss': 0.21326981, 'global_step': 6}",
    ],
    'estimator_input_fn_params_default': [  # input_fn(mode=None, params=None): both passed by name
        "eval {'loss': 0.10734922, 'global_step': 5}",
    ],
    'estimator_input_fn_partial_with_mode': [  # functools.partial(input_fn, batch_size=2), mode by name
        "eval {'accuracy': 0.75, 'accuracy_baseline': 0.5, 'auc': 1.0, 'auc_precision_recall': 1.0, "
        "'average_loss': 0.5649983, 'label/mean': 0.5, 'loss': 0.5649983, 'precision': 0.6666667, "
        "'prediction/mean': 0.596944, 'recall': 1.0, 'global_step': 10}",
    ],
    'estimator_canned_tf1x_trainer_returns_regressor': [  # built, trained and returned by train_model()
        "period 0 1.4116", "period 1 0.38238", "period 2 0.40302", "period 3 0.41238",
        "eval {'average_loss': 0.1700543, 'label/mean': 5.2985106, 'loss': 3.401086, 'prediction/mean': 5.576362, "
        "'global_step': 32}",
    ],
    'estimator_shared_helper_two_canned': [  # one helper trains both, hands each back to its name
        "linear rmse [1.34827, 1.01052, 0.79343]",
        "baseline rmse [1.53979, 1.38359]",
        "linear {'average_loss': 0.6295369, 'label/mean': 1.7509447, 'loss': 0.6295369, "
        "'prediction/mean': 1.191793, 'global_step': 15}",
        "baseline {'average_loss': 1.9143088, 'label/mean': 1.7509447, 'loss': 1.9143087, "
        "'prediction/mean': 1.2424042, 'global_step': 10}",
    ],
    'estimator_export_saved_model_placeholder_receiver': [  # the served SavedModel, loaded back
        "written True True True",
        "inputs ['measurements']",
        "served {'doubled': [1.7312699556350708, 2.026930093765259], 'value': [0.8656399846076965, 1.0134700536727905]}",
    ],
    'estimator_train_and_evaluate_latest_exporter': [  # the newest export, loaded back and served
        "metrics {'loss': 0.1400165, 'global_step': 20}",
        "exported 1 True",
        "inputs ['readings']",
        "served {'value': [0.9519799947738647, 0.4026400148868561]}",
    ],
    'estimator_export_savedmodel_lone_tensor': [  # TensorServingInputReceiver, lone prediction
        "inputs ['input']",
        "served {'output': [0.10204999893903732, 0.131850004196167, 0.1687300056219101]}",
    ],
    'estimator_helper_drives_one_estimator_in_turns': [  # one helper, called three times
        "eval {'loss': 0.301695, 'global_step': 2}",
        "eval {'loss': 0.06290795, 'global_step': 5}",
        "eval {'loss': 0.04999658, 'global_step': 6}",
        "eval {'loss': 0.045127157, 'global_step': 7}",
    ],
    'estimator_canned_kept_in_a_dict': [  # a dict of Estimators, read by written keys and a loop's key
        "names ['linear', 'mean'] 2",
        "scored {'average_loss': 0.29308447, 'label/mean': -0.46356508, 'loss': 0.29308447, "
        "'prediction/mean': -0.3647946, 'global_step': 12}",
        "first ['predictions'] -0.33295",
    ],
    'estimator_dict_items_loop_custom_model_fn': [  # one model_fn, two params, a loop over items()
        "score narrow {'loss': 0.309791, 'global_step': 4}",
        "score wide {'loss': 0.241136, 'global_step': 4}",
        "again {'loss': 0.38281515, 'global_step': 4}",
    ],
    'estimator_canned_run_config_helper_per_model': [  # run_config(name), dirs under one mkdtemp root
        "baseline {'average_loss': 0.5624624, 'label/mean': 0.82790595, 'loss': 0.5624624, "
        "'prediction/mean': 0.4554142, 'global_step': 8}",
        "linear {'average_loss': 0.31949878, 'label/mean': 0.82790595, 'loss': 0.31949878, "
        "'prediction/mean': 0.6710235, 'global_step': 8}",
    ],
    'estimator_canned_columns_unpacked_from_a_list': [  # `a, b, c = [column, column, column]`
        "eval {'average_loss': 0.06382442, 'label/mean': 3.442477, 'loss': 0.06382442, "
        "'prediction/mean': 3.4951077, 'global_step': 10}",
    ],
    'estimator_strategy_made_by_a_helper': [  # MirroredStrategy from a helper, config only logged
        "eval {'loss': 0.003489998, 'global_step': 8}",
    ],
    'estimator_canned_optimizer_function_with_schedule': [  # def optimizer_fn(): decay; return optimizer
        "eval {'average_loss': 0.027936878, 'label/mean': 0.5, 'loss': 0.33524254, "
        "'prediction/mean': 0.57115155, 'global_step': 16}",
    ],
    'estimator_canned_export_parsing_receiver': [  # the head's signatures over tf.Examples, served
        'written True True',
        "signature classification ['inputs'] {'classes': [[b'0', b'1'], [b'0', b'1']], 'scores': "
        '[[0.5398100018501282, 0.4601899981498718], [0.6255699992179871, 0.37443000078201294]]}',
        "signature predict ['examples'] {'all_class_ids': [[0, 1], [0, 1]], 'all_classes': [[b'0', "
        "b'1'], [b'0', b'1']], 'class_ids': [[0], [0]], 'classes': [[b'0'], [b'0']], 'logistic': "
        "[[0.4601899981498718], [0.37443000078201294]], 'logits': [[-0.15958000719547272], "
        "[-0.5132799744606018]], 'probabilities': [[0.5398100018501282, 0.4601899981498718], "
        '[0.6255699992179871, 0.37443000078201294]]}',
        "signature regression ['inputs'] {'outputs': [[0.4601899981498718], [0.37443000078201294]]}",
        "signature serving_default ['inputs'] {'classes': [[b'0', b'1'], [b'0', b'1']], 'scores': "
        '[[0.5398100018501282, 0.4601899981498718], [0.6255699992179871, 0.37443000078201294]]}',
    ],
    'estimator_canned_exporter_placeholder_dict_receiver': [  # predict signature; trainer returns it
        "metrics {'average_loss': 0.59976304, 'label/mean': 6.471021, 'loss': 0.59976304, "
        "'prediction/mean': 6.633277, 'global_step': 30}",
        "first ['predictions'] 7.6026",
        "signatures True",
        "served {'predictions': [6.398250102996826, 7.3095197677612305]}",
    ],
    'estimator_canned_columns_enumerate_with_statistics': [  # for i, name in enumerate(NAMES): mean, std
        "eval {'average_loss': 0.07147584, 'label/mean': 0.60914224, 'loss': 0.07147584, "
        "'prediction/mean': 0.4377166, 'global_step': 12}",
    ],
    'estimator_canned_built_in_a_list_of_pairs': [  # Estimators written in the list the loops take
        "models ['baseline', 'linear']",
        "first baseline ['predictions'] 0.05947",
        "first linear ['predictions'] 0.4806",
        "eval baseline {'average_loss': 0.93683225, 'label/mean': 0.12437507, 'loss': 0.93683225, "
        "'prediction/mean': 0.059468206, 'global_step': 12}",
        "eval linear {'average_loss': 0.14584175, 'label/mean': 0.12437507, 'loss': 0.14584175, "
        "'prediction/mean': 0.070764735, 'global_step': 12}",
    ],
    'estimator_canned_course_column_set_and_iterator': [  # set of columns, one-shot iterator, trainer
        "period 0 0.36869", "period 1 0.21343", "period 2 0.12785",
        "eval {'average_loss': 0.016344888, 'label/mean': 2.8827565, 'loss': 0.32689777, 'prediction/mean': 2.873429, "
        "'global_step': 30}",
        "eval {'average_loss': 0.4942554, 'label/mean': -0.29893884, 'loss': 14.8276615, "
        "'prediction/mean': -0.26180634, 'global_step': 5}",
    ],
    'estimator_canned_hidden_units_at_run_time': [  # hidden_units from a parameter and a flag
        "small ['accuracy', 'accuracy_baseline', 'auc', 'auc_precision_recall', 'average_loss', 'global_step', "
        "'label/mean', 'loss', 'precision', 'prediction/mean', 'recall']",
        "tiny 4",
        "flagged 8",
    ],
    'estimator_canned_trainer_columns_parameter_and_named_lambdas': [  # columns through a trainer's parameter
        "mean probability 0.5532",
        "eval {'accuracy': 1.0, 'accuracy_baseline': 0.5416667, 'auc': 1.0, 'auc_precision_recall': 0.99999994, "
        "'average_loss': 0.12461063, 'label/mean': 0.5416667, 'loss': 4.984425, 'precision': 1.0, "
        "'prediction/mean': 0.55320126, 'recall': 1.0, 'global_step': 30}",
    ],
    'estimator_canned_trained_in_a_loop_over_estimators': [  # a loop over (name, Estimator) pairs
        "linear {'average_loss': 13.721519, 'label/mean': 4.0, 'loss': 13.721519, 'prediction/mean': 0.5997866, "
        "'global_step': 1}",
        "baseline {'average_loss': 16.358398, 'label/mean': 4.0, 'loss': 16.358398, 'prediction/mean': 0.2997659, "
        "'global_step': 1}",
    ],
    'estimator_shared_loop_custom_model_fns': [  # loops over (name, Estimator) pairs and a tuple
        "slow {'accuracy': 0.5833333, 'loss': 0.6669294, 'global_step': 10}",
        "fast {'accuracy': 0.6666667, 'loss': 0.53782594, 'global_step': 10}",
        "classes [1, 1, 1, 1, 1, 0, 1, 1]",
        "classes [0, 1, 1, 1, 1, 0, 1, 1]",
    ],
    'estimator_model_dir_fresh_temporary': [  # model_dir=tempfile.mkdtemp(): no checkpoint manager
        "eval {'loss': 1.812623, 'global_step': 5}",
    ],
    'estimator_input_fn_partial_bound_to_name': [
        "eval {'accuracy': 0.675, 'accuracy_baseline': 0.675, 'auc': 0.99873376, 'auc_precision_recall': 0.9974954, "
        "'average_loss': 0.52338034, 'label/mean': 0.325, 'loss': 0.52338034, 'precision': 0.0, "
        "'prediction/mean': 0.29822534, 'recall': 0.0, 'global_step': 30}",
    ],
    'estimator_model_fn_local_columns_and_schedule': [  # columns and schedule steps bound in the model_fn
        "eval {'loss': 0.049424857, 'rmse': 0.22231703, 'global_step': 24}",
    ],
    'estimator_factory_nested_helpers': [  # the factory's own network and loss helpers, written out
        "eval {'accuracy': 0.98333335, 'loss': 0.5113701, 'per_level': 0.98333335, 'global_step': 48}",
    ],
    'estimator_schedule_locals_tuple_assigned': [  # boundaries and rates from one tuple assignment
        "eval {'loss': 0.019267527, 'global_step': 12}",
    ],
    'estimator_shared_network_train_and_test_copies': [  # one network for the reuse=True pair
        "eval {'accuracy': 0.7375, 'loss': 0.5375508, 'global_step': 30}",
        "classes [0, 1, 1, 0, 0, 1, 0, 0]",
    ],
    'estimator_loss_helper_returns_two_values': [  # `total, data = losses(...)` of `return a + b, a`
        "eval {'accuracy': 0.95, 'data_loss': 0.19668888, 'loss': 0.22717701, 'global_step': 24}",
    ],
    'estimator_helper_loop_with_variable_scopes': [  # a helper's loop of `with variable_scope` blocks
        "eval {'loss': 0.78119904, 'global_step': 16}",
    ],
    'estimator_keras_model_helper_mode_branches': [  # official mnist: create_model() Sequential, per-mode calls
        "eval {'accuracy': 0.35416666, 'loss': 1.3468364, 'global_step': 18}",
        "keys ['classes', 'probabilities']",
    ],
    'estimator_keras_sequential_in_model_fn': [  # tf.keras.Sequential made in the model_fn, made once in __init__
        "eval {'loss': 0.18813431, 'rmse': 0.43374455, 'global_step': 12}",
    ],
    'estimator_text_line_dataset_steps': [  # a dataset of unknown length: Keras's extra iteration put back
        "eval {'loss': 0.2801169, 'global_step': 14}",
    ],
    'estimator_head_binary_train_op_fn': [  # BinaryClassHead().create_estimator_spec(train_op_fn=...)
        "eval {'accuracy': 0.88333, 'accuracy_baseline': 0.51667, 'auc': 0.95509, 'auc_precision_recall': 0.95494, "
        "'average_loss': 0.50985, 'global_step': 15.0, 'label/mean': 0.48333, 'loss': 0.50985, 'precision': 0.95833, "
        "'prediction/mean': 0.39312, 'recall': 0.7931}",
        "keys ['all_class_ids', 'all_classes', 'class_ids', 'classes', 'logistic', 'logits', 'probabilities']",
    ],
    'estimator_head_multi_class_in_model_fn': [  # MultiClassHead(n_classes=3) made in the model_fn
        "eval {'accuracy': 0.91111, 'average_loss': 0.56161, 'global_step': 27.0, 'loss': 0.56161}",
        "keys ['all_class_ids', 'all_classes', 'class_ids', 'classes', 'logits', 'probabilities']",
    ],
    'canned_normalizers_computed_per_runtime_key': [  # normalizer_fn=make_normalizer(mean, std) per run-time key
        "eval {'average_loss': 21.92011, 'global_step': 5.0, 'label/mean': 5.26473, 'loss': 21.92011, "
        "'prediction/mean': 0.63445}",
    ],
    'estimator_clip_each_gradient_by_value': [  # [(clip_by_value(g, -1., 1.), v) for g, v in gvs] → clipvalue
        "eval {'loss': 3.9133918, 'global_step': 15}",
    ],
    'estimator_clip_each_gradient_by_norm': [  # [clip_by_norm(g, n) for g in gradients] → clipnorm
        "eval {'loss': 1.3101639, 'global_step': 12}",
    ],
    'estimator_clip_pairs_by_norm_mirrored': [  # [(clip_by_norm(g, 1.0), v) ...] under MirroredStrategy
        "eval {'loss': 8.658074, 'global_step': 14}",
    ],
    'estimator_clip_named_gradient_pairs': [  # zip(*grads_and_vars) of a name, clipped by global norm
        "eval {'loss': 3.5584912, 'global_step': 16}",
    ],
    'estimator_canned_add_metrics_per_class_accuracy': [  # add_metrics' mean_per_class_accuracy
        "eval {'accuracy': 0.6333333, 'average_loss': 0.82317823, 'loss': 0.8231783, "
        "'mean_per_class_accuracy': 0.5361783, 'global_step': 10}",
    ],
    'estimator_factory_bound_to_name': [  # model_fn = model_fn_builder(...), then Estimator(model_fn=model_fn)
        "eval {'accuracy': 0.7361111, 'loss': 0.8011752, 'global_step': 12}",
    ],
    'estimator_helper_if_on_argument': [  # `if activation is not None:` with the call's constant
        "eval {'loss': 1.3708978, 'global_step': 12}",
    ],
    'estimator_group_minimize_and_step_increment': [  # tf.group(minimize, assign_add): one more at the end
        "eval {'loss': 0.64882404, 'global_step': 41}",
    ],
    'estimator_group_step_increment_with_steps': [  # the same with steps=, on endless and short inputs
        "after 25 {'loss': 0.5277142, 'global_step': 25}",
        "after short {'loss': 1.2815976, 'global_step': 36}",
    ],
    'estimator_model_dir_reopened_to_predict': [  # a second Estimator on the trained model_dir
        "reopened {'accuracy': 0.93333334, 'loss': 0.40526032, 'global_step': 6}",
        "passed [0, 0, 0, 1, 0, 0, 0, 0, 1, 0]",
    ],
    'estimator_canned_model_dir_reopened_other_optimizer': [  # predict reads the variables alone
        "trained {'accuracy': 0.675, 'accuracy_baseline': 0.55, 'auc': 0.98400676, 'auc_precision_recall': 0.9877838, "
        "'average_loss': 0.49514955, 'label/mean': 0.55, 'loss': 0.4951495, 'precision': 0.62857145, "
        "'prediction/mean': 0.7104813, 'recall': 1.0, 'global_step': 6}",
        "read {'accuracy': 0.675, 'accuracy_baseline': 0.55, 'auc': 0.98400676, 'auc_precision_recall': 0.9877838, "
        "'average_loss': 0.49514955, 'label/mean': 0.55, 'loss': 0.4951495, 'precision': 0.62857145, "
        "'prediction/mean': 0.7104813, 'recall': 1.0, 'global_step': 6}",
        "probabilities [0.66481, 0.84893, 0.81968, 0.86638, 0.63909, 0.89732]",
    ],
    'estimator_regularizer_chosen_by_hyperparameter': [  # `l2(...) if params["l2"] else None`
        "l2 0.05 {'loss': 0.6941415, 'global_step': 8}",
        "l2 0.0 {'loss': 0.59616554, 'global_step': 8}",
    ],
    'estimator_model_dir_read_then_trained_more': [  # read to evaluate, then trained on: momentum restored
        "reopened {'accuracy': 0.95555556, 'loss': 0.21669543, 'global_step': 6}",
        "trained more {'accuracy': 0.9777778, 'loss': 0.14783122, 'global_step': 9}",
    ],
    'estimator_metric_fn_defined_in_model_fn': [  # the EVAL branch's own metric_fn, written out
        "eval {'eval_accuracy': 0.7125, 'eval_auc': 0.7168448, 'loss': 0.62266165, 'global_step': 10}",
    ],
    'estimator_proximal_adagrad_embedding': [  # TF1's proximal step, dense and on an embedding's rows
        "eval {'accuracy': 0.8666667, 'loss': 0.5524779, 'global_step': 30}",
        "first [0.5653807  0.43461925]",
    ],
    'estimator_momentum_schedule_nesterov': [  # TF1's momentum step under a changing rate
        "momentum {'loss': 0.3677762, 'global_step': 48}",
        "nesterov {'loss': 0.37131277, 'global_step': 48}",
    ],
    'estimator_cosine_distance_unit_directions': [
        "eval {'loss': 0.14338772, 'global_step': 12}",
    ],
    'estimator_optimizer_looked_up_by_name': [  # OPTIMIZERS[params["optimizer"]](rate), two entries
        "adam {'loss': 0.047303762, 'global_step': 12}",
        "sgd {'loss': 0.08148756, 'global_step': 12}",
    ],
    'estimator_model_fn_split_into_helpers': [  # network, loss, metrics and train_op helpers
        "eval {'accuracy': 0.9777778, 'loss': 0.20450442, 'global_step': 12}",
    ],
    'estimator_canned_factory_params_epoch_loop': [  # factory(config, params), numpy_input_fns in a loop
        "epoch 0 {'accuracy': 0.69166666, 'loss': 0.6320758, 'global_step': 6}",
        "epoch 1 {'accuracy': 0.7916667, 'loss': 0.59178084, 'global_step': 12}",
        "epoch 2 {'accuracy': 0.8, 'loss': 0.56269443, 'global_step': 18}",
    ],
    'estimator_hinge_loss_linear_svm': [
        "eval {'accuracy': 0.9625, 'loss': 0.37393782, 'global_step': 16}",
    ],
    'estimator_driver_shared_model_fn_params': [
        "trial {'accuracy': 0.725, 'loss': 0.56836927, 'global_step': 6}",
        "tuned {'accuracy': 0.925, 'loss': 0.5919294, 'global_step': 12}",
        "predictions 40 ['class', 'logits'] [0, 0, 0, 1, 0, 0, 0, 0]",
    ],
    'estimator_driver_shared_run_config_replace': [
        "first {'loss': 0.6796138, 'global_step': 5}",
        "resumed {'loss': 0.6601369, 'global_step': 8}",
    ],
    'estimator_driver_input_fn_factory_numpy': [
        "eval {'loss': 0.09768093, 'global_step': 20}",
        'predictions 5 [1.88421 1.62788 2.04556 1.08135 1.08074]',
    ],
    'estimator_driver_input_fn_factory_two_estimators': [
        "trial {'loss': 0.21478021, 'global_step': 5}",
        "eval {'loss': 0.09768093, 'global_step': 20}",
        'predictions 5 [1.88421 1.62788 2.04556 1.08135 1.08074]',
    ],
    'estimator_driver_replace_session_config': [
        "eval {'loss': 0.2740194, 'global_step': 3}",
    ],
    'estimator_driver_numpy_input_fn_two_estimators': [
        "small {'accuracy': 0.775, 'loss': 0.5976286, 'global_step': 5}",
        "larger {'accuracy': 0.575, 'loss': 0.67619145, 'global_step': 13}",
    ],
    'estimator_driver_warm_start_same_model_fn': [
        "pretrained {'accuracy': 0.55, 'loss': 0.680935, 'global_step': 10}",
        "tuned {'accuracy': 0.55, 'loss': 0.6740081, 'global_step': 4}",
        "again {'accuracy': 0.5833333, 'loss': 0.6608889, 'global_step': 5}",
    ],
    'estimator_driver_shared_run_config_session': [
        "first {'loss': 0.6796138, 'global_step': 5}",
        "resumed {'loss': 0.6601369, 'global_step': 8}",
    ],
    'estimator_driver_run_config_rebound': [
        "eval {'loss': 0.20608783, 'global_step': 7}",
    ],
    'estimator_driver_predict_batches_and_keys': [
        "batch ['class', 'probabilities'] (10,) [1, 1, 1, 1, 1, 0, 0, 1, 1, 1]",
        "batch ['class', 'probabilities'] (10,) [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]",
        "batch ['class', 'probabilities'] (10,) [1, 1, 1, 0, 1, 1, 1, 1, 1, 1]",
        "batch ['class', 'probabilities'] (6,) [1, 1, 1, 1, 1, 1]",
        "class batches 4 [10, 10, 10, 6] ['class']",
        "singles 36 ['probabilities'] [0.41414 0.58586]",
    ],
}


def normalized(line: str) -> str:
    """numpy's scalar reprs (`np.int64(5)`, TF 2.21's numpy 2) read as the plain numbers TF 2.15 printed."""
    return re.sub(r"np\.(?:int|float)\d+\(([^)]*)\)", r"\1", line)


def differences(expected: list[str], stdout: str) -> list[str]:
    labels = {line.split()[0] for line in expected}
    got = [normalized(line) for line in stdout.splitlines() if line.split()[:1] and line.split()[0] in labels]
    if len(got) != len(expected):
        return [f"expected {len(expected)} lines, got {len(got)}: {got}"]
    out = []
    for want, have in zip(expected, got):
        if NUMBER.sub("#", want) != NUMBER.sub("#", have):
            out.append(f"{want!r} != {have!r}")
            continue
        for a, b in zip(NUMBER.findall(want), NUMBER.findall(have)):
            if abs(float(a) - float(b)) > 1e-5 * max(1.0, abs(float(a))):
                out.append(f"{want!r} != {have!r} ({a} vs {b})")
                break
    return out


def run(program: Path, python: str, tmp_path: Path, tf1x_names: bool = False) -> str:
    folder = tmp_path / program.parent.name
    folder.mkdir()
    shutil.copy(program, folder / program.name)
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": ""}
    command = [python, program.name]
    if tf1x_names:
        env["PYTHONPATH"] = str(TF1X_NAMES)
        command = [python, "-c", f"import tf1x_names, runpy; runpy.run_path({program.name!r}, run_name='__main__')"]
    proc = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=TIMEOUT, env=env)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return proc.stdout


def test_differences_finds_a_changed_number() -> None:
    assert differences(["first {'loss': 0.6796138, 'global_step': 5}"],
                       "first {'loss': 0.6796138286590576, 'global_step': np.int64(5)}\n") == []
    assert differences(["first {'loss': 0.6796138, 'global_step': 5}"],
                       "first {'loss': 0.6796138286590576, 'global_step': np.int64(6)}\n") != []
    assert differences(["first {'loss': 0.6796138}"], "first {'loss': 0.6797}\n") != []
    assert differences(["a 1", "b 2"], "a 1\n") != []


@pytest.mark.parametrize("case", sorted(REFERENCES))
def test_rewrite_prints_what_tf1_printed(case: str, tmp_path) -> None:
    stdout = run(CORPUS / case / "after.py", sys.executable, tmp_path)
    assert differences(REFERENCES[case], stdout) == []


@pytest.mark.parametrize("case", sorted(REFERENCES))
def test_original_matches_its_reference_on_tf215(case: str, tmp_path) -> None:
    tf215 = os.environ.get("TFMIGRATE_TF215")
    if not tf215:
        pytest.skip("set TFMIGRATE_TF215 to a TF 2.15 + tensorflow-estimator python to run the originals")
    assert differences(REFERENCES[case], run(CORPUS / case / "before.py", tf215, tmp_path,
                                             tf1x_names=case in TF1X_CASES)) == []

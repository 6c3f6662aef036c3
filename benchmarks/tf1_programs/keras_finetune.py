"""Fine-tune an ImageNet backbone on a folder of labelled images with Keras on TF1.

The TensorFlow session is configured by hand and handed to Keras, as was usual before
TF2: memory growth so that several experiments share one GPU, and a fixed number of
threads on shared machines.
"""
import argparse
import os
import math
import json

import numpy as np
import tensorflow as tf
from keras import backend as K
from keras.applications.resnet50 import ResNet50, preprocess_input
from keras.callbacks import CSVLogger, EarlyStopping, ModelCheckpoint, ReduceLROnPlateau, TensorBoard
from keras.layers import BatchNormalization, Dense, Dropout, GlobalAveragePooling2D
from keras.models import Model, load_model
from keras.optimizers import SGD, Adam
from keras.preprocessing.image import ImageDataGenerator
from keras.regularizers import l2

IMG_SIZE = (224, 224)


def configure_session(gpu_fraction=None, threads=0):
    """Build the TF1 session Keras will use for everything that follows."""
    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    if gpu_fraction:
        config.gpu_options.per_process_gpu_memory_fraction = gpu_fraction
    if threads:
        config.intra_op_parallelism_threads = threads
        config.inter_op_parallelism_threads = 2
    # @optional
    config.allow_soft_placement = True
    # @end
    session = tf.Session(config=config)
    K.set_session(session)
    return session


def generators(data_dir, batch_size, augment):
    if augment:
        train_gen = ImageDataGenerator(
            preprocessing_function=preprocess_input,
            rotation_range=20,
            width_shift_range=0.15,
            height_shift_range=0.15,
            shear_range=0.1,
            zoom_range=0.2,
            horizontal_flip=True,
            fill_mode='nearest')
    else:
        train_gen = ImageDataGenerator(preprocessing_function=preprocess_input)
    valid_gen = ImageDataGenerator(preprocessing_function=preprocess_input)
    train = train_gen.flow_from_directory(
        os.path.join(data_dir, 'train'), target_size=IMG_SIZE, batch_size=batch_size,
        class_mode='categorical', shuffle=True)
    valid = valid_gen.flow_from_directory(
        os.path.join(data_dir, 'valid'), target_size=IMG_SIZE, batch_size=batch_size,
        class_mode='categorical', shuffle=False)
    return train, valid


def build_model(num_classes, dropout, weight_decay, freeze_until):
    base = ResNet50(weights='imagenet', include_top=False, input_shape=IMG_SIZE + (3,))
    x = base.output
    x = GlobalAveragePooling2D(name='avg_pool')(x)
    # @optional
    x = BatchNormalization(name='head_bn')(x)
    # @end
    x = Dropout(dropout, name='head_dropout')(x)
    x = Dense(512, activation='relu', kernel_regularizer=l2(weight_decay), name='head_dense')(x)
    x = Dropout(dropout / 2.0, name='head_dropout_2')(x)
    outputs = Dense(num_classes, activation='softmax', kernel_regularizer=l2(weight_decay), name='predictions')(x)
    model = Model(inputs=base.input, outputs=outputs)
    for layer in base.layers[:freeze_until]:
        layer.trainable = False
    return model, base


def focal_loss(gamma=2.0, alpha=0.25):
    """Categorical focal loss written with Keras backend ops."""
    def loss(y_true, y_pred):
        y_pred = K.clip(y_pred, K.epsilon(), 1.0 - K.epsilon())
        cross_entropy = -y_true * K.log(y_pred)
        weight = alpha * y_true * K.pow(1.0 - y_pred, gamma)
        return K.sum(weight * cross_entropy, axis=-1)
    return loss


def top_3_accuracy(y_true, y_pred):
    return K.mean(K.in_top_k(y_pred, K.argmax(y_true, axis=-1), 3))


def cosine_schedule(base_lr, epochs, warmup=2):
    def schedule(epoch):
        if epoch < warmup:
            return base_lr * float(epoch + 1) / warmup
        progress = float(epoch - warmup) / max(1, epochs - warmup)
        return 0.5 * base_lr * (1.0 + math.cos(math.pi * progress))
    return schedule


def callbacks(out_dir, patience):
    os.makedirs(out_dir, exist_ok=True)
    found = [
        ModelCheckpoint(os.path.join(out_dir, 'weights.{epoch:02d}-{val_loss:.3f}.h5'),
                        monitor='val_loss', save_best_only=True, verbose=1),
        ReduceLROnPlateau(monitor='val_loss', factor=0.2, patience=max(1, patience // 2), min_lr=1e-6, verbose=1),
        EarlyStopping(monitor='val_loss', patience=patience, verbose=1),
        CSVLogger(os.path.join(out_dir, 'history.csv')),
    ]
    # @optional
    found.append(TensorBoard(log_dir=os.path.join(out_dir, 'logs'), histogram_freq=0, write_graph=False))
    # @end
    return found


def class_weights(generator):
    """Inverse-frequency weights, for unbalanced folders."""
    counts = np.bincount(generator.classes)
    total = float(np.sum(counts))
    return dict((index, total / (len(counts) * count)) for index, count in enumerate(counts) if count)


def evaluate(model, valid, out_dir):
    valid.reset()
    probabilities = model.predict_generator(valid, steps=int(math.ceil(valid.samples / float(valid.batch_size))))
    predicted = np.argmax(probabilities, axis=1)
    truth = valid.classes[:len(predicted)]
    accuracy = float(np.mean(predicted == truth))
    confusion = np.zeros((valid.num_classes, valid.num_classes), dtype=np.int64)
    for t, p in zip(truth, predicted):
        confusion[t, p] += 1
    report = {'accuracy': accuracy, 'confusion': confusion.tolist(),
              'classes': sorted(valid.class_indices, key=valid.class_indices.get)}
    with open(os.path.join(out_dir, 'evaluation.json'), 'w') as handle:
        json.dump(report, handle, indent=2)
    print('validation accuracy: %.4f' % accuracy)
    return accuracy


def main():
    parser = argparse.ArgumentParser(description='Fine-tune ResNet50 on an image folder.')
    parser.add_argument('data_dir')
    parser.add_argument('--out_dir', default='runs/finetune')
    parser.add_argument('--epochs', type=int, default=30)
    parser.add_argument('--warmup_epochs', type=int, default=3)
    parser.add_argument('--batch_size', type=int, default=32)
    parser.add_argument('--lr', type=float, default=1e-3)
    parser.add_argument('--dropout', type=float, default=0.5)
    parser.add_argument('--weight_decay', type=float, default=1e-4)
    parser.add_argument('--freeze_until', type=int, default=140)
    parser.add_argument('--gpu_fraction', type=float, default=0.0)
    parser.add_argument('--threads', type=int, default=0)
    parser.add_argument('--patience', type=int, default=6)
    parser.add_argument('--focal', action='store_true')
    parser.add_argument('--no_augment', action='store_true')
    parser.add_argument('--resume', default='')
    args = parser.parse_args()

    configure_session(args.gpu_fraction, args.threads)
    train, valid = generators(args.data_dir, args.batch_size, not args.no_augment)
    if args.resume:
        model = load_model(args.resume, custom_objects={'top_3_accuracy': top_3_accuracy, 'loss': focal_loss()})
    else:
        model, base = build_model(train.num_classes, args.dropout, args.weight_decay, args.freeze_until)
        # Warm the new head up with the backbone frozen, then unfreeze the top blocks.
        for layer in base.layers:
            layer.trainable = False
        model.compile(optimizer=Adam(lr=args.lr), loss='categorical_crossentropy', metrics=['accuracy'])
        model.fit_generator(train, steps_per_epoch=len(train), epochs=args.warmup_epochs,
                            validation_data=valid, validation_steps=len(valid), verbose=2)
        for layer in base.layers[args.freeze_until:]:
            layer.trainable = True
    loss = focal_loss() if args.focal else 'categorical_crossentropy'
    model.compile(optimizer=SGD(lr=args.lr / 10.0, momentum=0.9, nesterov=True), loss=loss,
                  metrics=['accuracy', top_3_accuracy])
    model.summary()
    history = model.fit_generator(
        train,
        steps_per_epoch=len(train),
        epochs=args.epochs,
        validation_data=valid,
        validation_steps=len(valid),
        callbacks=callbacks(args.out_dir, args.patience),
        class_weight=class_weights(train),
        workers=4,
        use_multiprocessing=False,
        verbose=2)
    model.save(os.path.join(args.out_dir, 'final.h5'))
    with open(os.path.join(args.out_dir, 'history.json'), 'w') as handle:
        json.dump(dict((k, [float(v) for v in vs]) for k, vs in history.history.items()), handle)
    evaluate(model, valid, args.out_dir)
    K.clear_session()


if __name__ == '__main__':
    main()

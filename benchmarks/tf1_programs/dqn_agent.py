"""Deep Q-learning agent for Gym environments with discrete actions.

Online and target networks in separate variable scopes, a replay memory in NumPy,
epsilon-greedy exploration with a linear schedule, Huber loss, periodic hard target
updates through tf.assign, and a plain tf.Session training loop.
"""
from __future__ import division, print_function

import argparse
import collections
import os
import random
import time

import gym
import numpy as np
import tensorflow as tf

Transition = collections.namedtuple('Transition', ['state', 'action', 'reward', 'next_state', 'done'])


class ReplayMemory(object):
    def __init__(self, capacity, state_shape):
        self.capacity = capacity
        self.states = np.zeros((capacity,) + state_shape, dtype=np.float32)
        self.next_states = np.zeros((capacity,) + state_shape, dtype=np.float32)
        self.actions = np.zeros(capacity, dtype=np.int32)
        self.rewards = np.zeros(capacity, dtype=np.float32)
        self.dones = np.zeros(capacity, dtype=np.float32)
        self.index = 0
        self.size = 0

    def add(self, transition):
        i = self.index
        self.states[i] = transition.state
        self.actions[i] = transition.action
        self.rewards[i] = transition.reward
        self.next_states[i] = transition.next_state
        self.dones[i] = float(transition.done)
        self.index = (self.index + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def sample(self, batch_size):
        picked = np.random.randint(0, self.size, size=batch_size)
        return (self.states[picked], self.actions[picked], self.rewards[picked],
                self.next_states[picked], self.dones[picked])


class LinearSchedule(object):
    def __init__(self, steps, start, end):
        self.steps, self.start, self.end = steps, start, end

    def value(self, t):
        fraction = min(float(t) / self.steps, 1.0)
        return self.start + fraction * (self.end - self.start)


def q_network(states, num_actions, hidden, scope, dueling):
    with tf.variable_scope(scope):
        net = states
        for index, units in enumerate(hidden):
            net = tf.layers.dense(net, units, activation=tf.nn.relu,
                                  kernel_initializer=tf.variance_scaling_initializer(), name='fc%d' % index)
        # @optional
        if dueling:
            value = tf.layers.dense(net, 1, name='value')
            advantage = tf.layers.dense(net, num_actions, name='advantage')
            return value + advantage - tf.reduce_mean(advantage, axis=1, keepdims=True)
        # @end
        return tf.layers.dense(net, num_actions, name='q_values')


class DQNAgent(object):
    def __init__(self, state_shape, num_actions, args):
        self.num_actions = num_actions
        self.gamma = args.gamma
        self.double = args.double
        self.states = tf.placeholder(tf.float32, (None,) + state_shape, name='states')
        self.actions = tf.placeholder(tf.int32, [None], name='actions')
        self.rewards = tf.placeholder(tf.float32, [None], name='rewards')
        self.next_states = tf.placeholder(tf.float32, (None,) + state_shape, name='next_states')
        self.dones = tf.placeholder(tf.float32, [None], name='dones')

        hidden = [int(h) for h in args.hidden.split(',')]
        self.q = q_network(self.states, num_actions, hidden, 'online', args.dueling)
        self.next_q_target = q_network(self.next_states, num_actions, hidden, 'target', args.dueling)
        next_q_online = q_network(self.next_states, num_actions, hidden, 'online_next', args.dueling)

        if self.double:
            best = tf.argmax(next_q_online, axis=1, output_type=tf.int32)
            next_value = tf.reduce_sum(self.next_q_target * tf.one_hot(best, num_actions), axis=1)
        else:
            next_value = tf.reduce_max(self.next_q_target, axis=1)
        target = tf.stop_gradient(self.rewards + self.gamma * (1.0 - self.dones) * next_value)
        chosen = tf.reduce_sum(self.q * tf.one_hot(self.actions, num_actions), axis=1)
        self.loss = tf.reduce_mean(tf.losses.huber_loss(target, chosen, reduction=tf.losses.Reduction.NONE))

        self.global_step = tf.train.get_or_create_global_step()
        optimizer = tf.train.AdamOptimizer(args.learning_rate, epsilon=1e-4)
        online_vars = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, scope='online')
        gradients = optimizer.compute_gradients(self.loss, var_list=online_vars)
        clipped = [(tf.clip_by_norm(g, args.grad_clip), v) for g, v in gradients if g is not None]
        self.train_op = optimizer.apply_gradients(clipped, global_step=self.global_step)

        target_vars = tf.get_collection(tf.GraphKeys.GLOBAL_VARIABLES, scope='target')
        online_next_vars = tf.get_collection(tf.GraphKeys.GLOBAL_VARIABLES, scope='online_next')
        by_name = dict((v.name.split('/', 1)[1], v) for v in online_vars)
        self.update_target = tf.group(*[tf.assign(v, by_name[v.name.split('/', 1)[1]]) for v in target_vars])
        self.sync_online_next = tf.group(*[tf.assign(v, by_name[v.name.split('/', 1)[1]]) for v in online_next_vars])

        tf.summary.scalar('loss', self.loss)
        tf.summary.scalar('mean_q', tf.reduce_mean(self.q))
        self.summaries = tf.summary.merge_all()
        self.saver = tf.train.Saver(max_to_keep=3)

    def act(self, sess, state, epsilon):
        if random.random() < epsilon:
            return random.randrange(self.num_actions)
        q_values = sess.run(self.q, feed_dict={self.states: state[None]})
        return int(np.argmax(q_values[0]))

    def learn(self, sess, batch):
        states, actions, rewards, next_states, dones = batch
        feed = {self.states: states, self.actions: actions, self.rewards: rewards,
                self.next_states: next_states, self.dones: dones}
        _, loss, summary, step = sess.run([self.train_op, self.loss, self.summaries, self.global_step], feed)
        return loss, summary, step


def evaluate(env, agent, sess, episodes):
    returns = []
    for _ in range(episodes):
        state, done, total = env.reset(), False, 0.0
        while not done:
            state, reward, done, _ = env.step(agent.act(sess, np.asarray(state, np.float32), 0.01))
            total += reward
        returns.append(total)
    return float(np.mean(returns))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--env', default='CartPole-v0')
    parser.add_argument('--total_steps', type=int, default=200000)
    parser.add_argument('--memory', type=int, default=50000)
    parser.add_argument('--batch_size', type=int, default=32)
    parser.add_argument('--learning_starts', type=int, default=1000)
    parser.add_argument('--target_update', type=int, default=500)
    parser.add_argument('--gamma', type=float, default=0.99)
    parser.add_argument('--learning_rate', type=float, default=5e-4)
    parser.add_argument('--grad_clip', type=float, default=10.0)
    parser.add_argument('--hidden', default='64,64')
    parser.add_argument('--double', action='store_true')
    parser.add_argument('--dueling', action='store_true')
    parser.add_argument('--exploration_steps', type=int, default=20000)
    parser.add_argument('--log_dir', default='logs/dqn')
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--cpu', action='store_true', help='hide the GPUs from TensorFlow')
    args = parser.parse_args()

    random.seed(args.seed)
    np.random.seed(args.seed)
    tf.set_random_seed(args.seed)
    env = gym.make(args.env)
    env.seed(args.seed)
    state_shape = env.observation_space.shape
    agent = DQNAgent(state_shape, env.action_space.n, args)
    memory = ReplayMemory(args.memory, state_shape)
    schedule = LinearSchedule(args.exploration_steps, 1.0, 0.02)

    if args.cpu:
        config = tf.ConfigProto(device_count={'GPU': 0})
    else:
        config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=0.2))
    # @optional
    config.intra_op_parallelism_threads = 1
    config.inter_op_parallelism_threads = 1
    # @end
    sess = tf.Session(config=config)
    sess.run(tf.global_variables_initializer())
    sess.run([agent.update_target, agent.sync_online_next])
    writer = tf.summary.FileWriter(args.log_dir, sess.graph)

    state = np.asarray(env.reset(), np.float32)
    episode_return, episode, started = 0.0, 0, time.time()
    for t in range(args.total_steps):
        action = agent.act(sess, state, schedule.value(t))
        next_state, reward, done, _ = env.step(action)
        next_state = np.asarray(next_state, np.float32)
        memory.add(Transition(state, action, reward, next_state, done))
        state = next_state
        episode_return += reward
        if done:
            summary = tf.Summary(value=[tf.Summary.Value(tag='episode_return', simple_value=episode_return)])
            writer.add_summary(summary, t)
            episode += 1
            if episode % 20 == 0:
                print('step %d, episode %d, return %.1f, epsilon %.3f, %.0f steps/s' % (
                    t, episode, episode_return, schedule.value(t), t / max(time.time() - started, 1e-6)))
            state, episode_return = np.asarray(env.reset(), np.float32), 0.0
        if t >= args.learning_starts:
            loss, summary, step = agent.learn(sess, memory.sample(args.batch_size))
            if step % 100 == 0:
                writer.add_summary(summary, step)
            if step % args.target_update == 0:
                sess.run([agent.update_target, agent.sync_online_next])
        # @optional
        if t and t % 50000 == 0:
            print('evaluation return: %.1f' % evaluate(gym.make(args.env), agent, sess, 5))
            agent.saver.save(sess, os.path.join(args.log_dir, 'model.ckpt'), global_step=t)
        # @end
    writer.close()
    sess.close()


if __name__ == '__main__':
    main()

import tensorflow as tf

from serving.sessions import get_session


class Cache:
    def get_session(self, key):
        return self.sessions[key]


sess = get_session("default")
other = Cache().get_session("eval")

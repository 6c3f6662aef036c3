from .compat import tfv1


def export(path):
    sess = tfv1.Session(config=tfv1.ConfigProto(log_device_placement=True))
    return sess, path

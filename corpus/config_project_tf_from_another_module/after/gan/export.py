from .compat import tfv1


def export(path):
    tfv1.debugging.set_log_device_placement(True)
    sess = tfv1.Session()
    return sess, path

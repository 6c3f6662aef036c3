"""Our web framework also has sessions; nothing here is TensorFlow."""
from webapp import sessions


def set_session(request, user):
    request.session["user"] = user.id


def login(request, user):
    set_session(request, user)
    sessions.set_session(request.session_key, ttl=3600)

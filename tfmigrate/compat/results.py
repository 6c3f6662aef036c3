"""What applying one ConfigProto did, setting by setting."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any, Optional


class Source(str, Enum):
    """Where a ConfigProto reached the shim; decides who else still honours it."""

    SESSION = "Session(config=...)"
    INTERACTIVE_DEFAULT = "InteractiveSession() default config"
    SET_SESSION = "set_session(...)"
    RUN_CONFIG = "RunConfig(session_config=...)"
    APPLY = "tfmigrate.compat.apply(...)"

    @property
    def written_by_user(self) -> bool:
        """False for a config TF1 implied (InteractiveSession's default): nothing to fix, so no warning."""
        return self is not Source.INTERACTIVE_DEFAULT

    @property
    def session_keeps_config(self) -> bool:
        """A TF1 session still receives the config, so its session-level fields still work."""
        return self is not Source.APPLY


class Status(str, Enum):
    APPLIED = "applied"
    IN_FORCE = "already in force"
    DROPPED = "dropped: TF2 behaves this way already"
    NO_GPU = "ignored: no GPU (TensorFlow ignores GPU options too)"
    KEPT_BY_SESSION = "kept by the session only"
    TOO_LATE = "too late"
    UNTRANSLATABLE = "untranslatable"
    FAILED = "failed"
    DISABLED = "not applied: shim disabled"

    @property
    def took_effect(self) -> bool:
        return self in (Status.APPLIED, Status.IN_FORCE, Status.DROPPED)


@dataclass(frozen=True)
class SettingResult:
    setting: str  # TF1 field path(s), e.g. "gpu_options.allow_growth"
    requested: str  # e.g. "gpu_options.allow_growth=True"
    code: str  # the `tfmigrate rewrite` rule that fixes the source
    status: Status
    detail: str = ""  # why not, and the value in force
    tf2: str = ""  # the TF2 calls this setting stands for
    origin: Optional[str] = None  # file:line of the user's code

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["status"] = self.status.value
        return data


@dataclass
class ApplyReport:
    """Returned by tfmigrate.compat.apply(); also kept for effective()."""

    source: Source
    origin: Optional[str]
    results: list[SettingResult] = field(default_factory=list)

    @property
    def applied(self) -> list[SettingResult]:
        return [r for r in self.results if r.status.took_effect]

    @property
    def not_applied(self) -> list[SettingResult]:
        return [r for r in self.results if not r.status.took_effect]

    def as_dict(self) -> dict[str, Any]:
        return {
            "source": self.source.value,
            "origin": self.origin,
            "applied": [r.as_dict() for r in self.applied],
            "not_applied": [r.as_dict() for r in self.not_applied],
        }

    def __str__(self) -> str:
        lines = [f"{self.source.value} at {self.origin or '?'}:"]
        lines += [f"  {r.requested}: {r.status.value}" + (f" ({r.detail})" if r.detail else "") for r in self.results]
        return "\n".join(lines)

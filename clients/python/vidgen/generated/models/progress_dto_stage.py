from enum import StrEnum


class ProgressDtoStage(StrEnum):
    CURATING = "curating"
    NARRATING = "narrating"
    REFINING = "refining"
    RENDERING = "rendering"
    SCRIPTING = "scripting"
    VISUALISING = "visualising"

    def __str__(self) -> str:
        return str(self.value)

// How long a scene's texts may be: the refiner cuts to these lengths, and every script writer (the
// planner, a language model's schema and instructions) is held to them.

/** Narration longer than this makes speech slow to generate and subtitles unreadable. */
export const MAX_NARRATION_CHARS = 400;
/** Image models follow short, single-clause descriptions far more reliably than paragraphs. */
export const MAX_DESCRIPTION_CHARS = 160;

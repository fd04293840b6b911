/** PRODUCT §5: 1 credit per scene image; narration ceil(total characters / 1000), at least 1. */
export const CREDITS_PER_SCENE_IMAGE = 1;

export function narrationCredits(totalCharacters: number): number {
  return Math.max(1, Math.ceil(totalCharacters / 1000));
}

export function productionCredits(scenes: readonly { narration: string }[]): number {
  const chars = scenes.reduce((n, s) => n + s.narration.length, 0);
  return scenes.length * CREDITS_PER_SCENE_IMAGE + narrationCredits(chars);
}

import { type ChargeItem, chargeItems } from '@vidgen/workflows';

/** docs/credits.md#pricing: 1 credit per scene image; narration ceil(total characters / 1000), at least 1. */
export const CREDITS_PER_SCENE_IMAGE = 1;

export function narrationCredits(totalCharacters: number): number {
  return Math.max(1, Math.ceil(totalCharacters / 1000));
}

export function productionCredits(scenes: readonly { narration: string }[]): number {
  return productionCreditsFor(
    scenes.length,
    scenes.reduce((n, s) => n + s.narration.length, 0),
  );
}

/** The same price from aggregates: scene count and total narration characters. */
export function productionCreditsFor(sceneCount: number, narrationCharacters: number): number {
  return sceneCount * CREDITS_PER_SCENE_IMAGE + narrationCredits(narrationCharacters);
}

export interface SceneForPricing {
  id: string;
  narration: string;
  hasImage: boolean;
  hasNarration: boolean;
}

/**
 * What a production run must charge: each scene image that does not exist yet and whose
 * credit is not already held (charged and not refunded), and the narration price minus what
 * is already held for narration, if any scene still lacks narration. A retry therefore pays
 * only for what is redone, and never twice for the same thing.
 */
export function chargesFor(
  scenes: readonly SceneForPricing[],
  held: ReadonlyMap<string, number>,
): ChargeItem[] {
  const charges: ChargeItem[] = [];
  for (const s of scenes) {
    const item = chargeItems.image(s.id);
    if (!s.hasImage && (held.get(item) ?? 0) <= 0) charges.push({ item, amount: CREDITS_PER_SCENE_IMAGE });
  }
  if (scenes.some((s) => !s.hasNarration)) {
    const price = narrationCredits(scenes.reduce((n, s) => n + s.narration.length, 0));
    const missing = price - Math.max(0, held.get(chargeItems.narration) ?? 0);
    if (missing > 0) charges.push({ item: chargeItems.narration, amount: missing });
  }
  return charges;
}

/** A refund returns what is still held for the item, never more: refunding twice gives nothing. */
export function refundFor(item: string, held: ReadonlyMap<string, number>): number {
  return Math.max(0, held.get(item) ?? 0);
}

/**
 * What is held (charged, not refunded) for items of the current scenes that were never made:
 * the narration while any scene lacks it (or no scene is left), each image whose scene lacks
 * it. Items of scenes that no longer exist were made and stay paid (a failed one was refunded
 * when it failed).
 */
export function heldForUnmade(
  scenes: readonly SceneForPricing[],
  held: ReadonlyMap<string, number>,
): ChargeItem[] {
  const unmade: ChargeItem[] = [];
  for (const s of scenes) {
    const item = chargeItems.image(s.id);
    const amount = refundFor(item, held);
    if (!s.hasImage && amount > 0) unmade.push({ item, amount });
  }
  const narration = refundFor(chargeItems.narration, held);
  if (narration > 0 && (scenes.length === 0 || scenes.some((s) => !s.hasNarration))) {
    unmade.push({ item: chargeItems.narration, amount: narration });
  }
  return unmade;
}

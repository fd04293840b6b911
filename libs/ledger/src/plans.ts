import type { Plan } from '@vidgen/auth';

export interface PlanOffer {
  plan: Exclude<Plan, 'free'>;
  /** Credits granted by one purchase of the plan. */
  credits: number;
  priceCents: number;
}

/** What can be bought. `free` is where every account starts; it is not sold. */
export const PLAN_OFFERS: Record<PlanOffer['plan'], PlanOffer> = {
  starter: { plan: 'starter', credits: 100, priceCents: 1_000 },
  pro: { plan: 'pro', credits: 1_000, priceCents: 8_000 },
};

export function offerFor(plan: string): PlanOffer | undefined {
  return Object.hasOwn(PLAN_OFFERS, plan) ? PLAN_OFFERS[plan as PlanOffer['plan']] : undefined;
}

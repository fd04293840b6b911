/** Brand kits: what a brand sets on the videos that use it (docs/decisions/0064-brand-kits.md). */

export const LOGO_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];
export const BRAND_CAPTION_POSITIONS = ['bottom', 'middle', 'top'] as const;
export type BrandCaptionPosition = (typeof BRAND_CAPTION_POSITIONS)[number];

export const BRAND_LIMITS = {
  nameMax: 100,
  /** The logo's width as a share of the frame's short side. */
  logoSizeMin: 0.05,
  logoSizeMax: 0.3,
  logoOpacityMin: 0.1,
  logoOpacityMax: 1,
  paletteMin: 2,
  paletteMax: 6,
  cardSecondsMin: 1,
  cardSecondsMax: 5,
  cardTextMax: 120,
} as const;

export const BRAND_DEFAULTS = {
  logo: { position: 'top-right' as LogoPosition, size: 0.12, opacity: 0.9 },
  captions: {
    text_color: '#FFFFFF',
    box_color: '#000000',
    box_opacity: 0.7,
    highlight_color: '#FFD23F',
    position: 'bottom' as BrandCaptionPosition,
  },
  /** Backdrops of the cards (and drawn pictures) when a brand names no palette. */
  palette: ['#1F2937', '#F9FAFB'],
  cardSeconds: 2,
} as const;

/** `#rrggbb`. */
export const COLOUR_PATTERN = '^#[0-9A-Fa-f]{6}$';

export interface BrandLogo {
  /** An image asset of the brand's account. */
  asset_id: string;
  position: LogoPosition;
  size: number;
  opacity: number;
}

export interface BrandCaptions {
  text_color: string;
  box_color: string;
  box_opacity: number;
  highlight_color: string;
  position: BrandCaptionPosition;
}

export interface BrandIntro {
  /** The title on the opening card. */
  title: string;
  seconds: number;
}

export interface BrandOutro {
  /** The text on the closing card. */
  text: string;
  seconds: number;
}

/** What a brand sets; null where it leaves the service's default. */
export interface BrandSettings {
  logo: BrandLogo | null;
  /** An id of GET /fonts. */
  font: string | null;
  captions: BrandCaptions | null;
  palette: string[] | null;
  intro: BrandIntro | null;
  outro: BrandOutro | null;
}

export interface Brand extends BrandSettings {
  id: string;
  accountId: string;
  name: string;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * The brand as a video keeps it (`options.brand`): a copy taken at creation, so a rendered video
 * never changes when its brand does.
 */
export interface VideoBrand extends BrandSettings {
  id: string;
  name: string;
}

export function toVideoBrand(b: Brand): VideoBrand {
  return {
    id: b.id,
    name: b.name,
    logo: b.logo,
    font: b.font,
    captions: b.captions,
    palette: b.palette,
    intro: b.intro,
    outro: b.outro,
  };
}

/** Seconds the brand's cards add to a video. */
export function brandCardSeconds(brand: Pick<BrandSettings, 'intro' | 'outro'> | null | undefined): number {
  return (brand?.intro?.seconds ?? 0) + (brand?.outro?.seconds ?? 0);
}

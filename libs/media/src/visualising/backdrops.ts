import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Setting } from './lexicon.tables';

/** A backdrop: the setting's own colours, moved a little toward the video's palette. */
export type Backdrop = Setting | 'plain';

export const hsl = (h: number, s: number, l: number, a = 1): string =>
  `hsla(${Math.round(((h % 360) + 360) % 360)}, ${Math.round(s)}%, ${Math.round(l)}%, ${a})`;

interface Paint {
  ctx: SKRSContext2D;
  w: number;
  h: number;
  /** The video's palette hue. */
  hue: number;
  random: () => number;
}

/** A hue between the setting's own and the palette's: the setting stays recognisable. */
function toward(own: number, palette: number, share = 0.18): number {
  const d = ((palette - own + 540) % 360) - 180;
  return own + d * share;
}

function vertical(p: Paint, stops: [number, string][], from = 0, to = p.h): void {
  const g = p.ctx.createLinearGradient(0, from, 0, to);
  for (const [at, colour] of stops) g.addColorStop(at, colour);
  p.ctx.fillStyle = g;
  p.ctx.fillRect(0, from, p.w, to - from);
}

function glow(p: Paint, x: number, y: number, r: number, colour: (a: number) => string): void {
  const g = p.ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, colour(0.55));
  g.addColorStop(1, colour(0));
  p.ctx.fillStyle = g;
  p.ctx.fillRect(x - r, y - r, r * 2, r * 2);
}

function hills(p: Paint, base: number, amp: number, colour: string, waves = 2): void {
  const { ctx, w, h, random } = p;
  const phase = random() * Math.PI * 2;
  const f = (waves * Math.PI) / w;
  ctx.beginPath();
  ctx.moveTo(0, h);
  for (let x = 0; x <= w; x += Math.max(4, w / 160)) ctx.lineTo(x, base - Math.sin(x * f + phase) * amp);
  ctx.lineTo(w, h);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
}

function cloud(p: Paint, x: number, y: number, size: number, alpha: number): void {
  const { ctx } = p;
  ctx.fillStyle = `rgba(255,255,255,${alpha})`;
  for (const [dx, dy, r] of [
    [0, 0, 0.5],
    [0.45, 0.08, 0.38],
    [-0.45, 0.1, 0.34],
    [0.15, -0.25, 0.36],
  ] as const) {
    ctx.beginPath();
    ctx.ellipse(x + dx * size, y + dy * size, r * size, r * size * 0.8, 0, 0, Math.PI * 2);
    ctx.fill();
  }
}

function stars(p: Paint, count: number, until = p.h): void {
  const { ctx, w, random } = p;
  const unit = Math.min(p.w, p.h) / 720;
  for (let i = 0; i < count; i++) {
    ctx.fillStyle = `rgba(255,255,255,${0.25 + random() * 0.6})`;
    ctx.beginPath();
    ctx.arc(random() * w, random() * until, (0.6 + random() * 1.6) * unit, 0, Math.PI * 2);
    ctx.fill();
  }
}

function sky(p: Paint, top: number, bottom: number): void {
  vertical(p, [
    [0, hsl(toward(210, p.hue), 70, top)],
    [1, hsl(toward(200, p.hue), 65, bottom)],
  ]);
}

/** Paints the whole frame. The floor line (a fraction of the height) is where things stand. */
export function paintBackdrop(kind: Backdrop, p: Paint): void {
  const { ctx, w, h, hue, random } = p;
  const m = Math.min(w, h);
  switch (kind) {
    case 'sky':
      sky(p, 48, 82);
      glow(p, w * (0.2 + random() * 0.6), h * 0.18, m * 0.5, (a) => hsl(toward(48, hue, 0.1), 95, 85, a));
      for (let i = 0; i < 4; i++)
        cloud(p, w * (0.1 + random() * 0.8), h * (0.12 + random() * 0.7), m * (0.1 + random() * 0.1), 0.55);
      break;
    case 'sea':
      sky(p, 55, 85);
      vertical(
        p,
        [
          [0, hsl(toward(195, hue), 65, 48)],
          [1, hsl(toward(215, hue), 70, 22)],
        ],
        h * 0.42,
      );
      for (let i = 0; i < 6; i++)
        hills(p, h * (0.5 + i * 0.09), h * 0.012, hsl(toward(200, hue), 70, 55 - i * 5, 0.35), 6);
      break;
    case 'beach':
      sky(p, 55, 86);
      vertical(
        p,
        [
          [0, hsl(toward(190, hue), 70, 50)],
          [1, hsl(toward(200, hue), 70, 38)],
        ],
        h * 0.45,
        h * 0.7,
      );
      hills(p, h * 0.66, h * 0.02, hsl(toward(42, hue, 0.08), 60, 78), 1.5);
      hills(p, h * 0.8, h * 0.02, hsl(toward(38, hue, 0.08), 55, 70, 0.8), 1.2);
      break;
    case 'night':
      vertical(p, [
        [0, hsl(toward(235, hue), 55, 8)],
        [1, hsl(toward(250, hue), 45, 24)],
      ]);
      stars(p, 140, h * 0.7);
      glow(p, w * (0.2 + random() * 0.6), h * 0.16, m * 0.3, (a) => hsl(50, 80, 88, a * 0.7));
      hills(p, h * 0.82, h * 0.03, hsl(toward(240, hue), 35, 12), 1.5);
      break;
    case 'city': {
      vertical(p, [
        [0, hsl(toward(220, hue, 0.35), 55, 30)],
        [1, hsl(toward(20, hue, 0.35), 70, 70)],
      ]);
      let x = -random() * m * 0.05;
      while (x < w) {
        const bw = m * (0.07 + random() * 0.09);
        const bh = h * (0.15 + random() * 0.3);
        ctx.fillStyle = hsl(toward(230, hue, 0.3), 25, 18 + random() * 12, 0.9);
        ctx.fillRect(x, h - bh, bw - m * 0.006, bh);
        ctx.fillStyle = hsl(48, 90, 75, 0.55);
        const step = m * 0.03;
        for (let wy = h - bh + step; wy < h - step; wy += step)
          for (let wx = x + step * 0.5; wx < x + bw - step; wx += step * 0.8)
            if (random() < 0.4) ctx.fillRect(wx, wy, step * 0.3, step * 0.45);
        x += bw;
      }
      break;
    }
    case 'indoors':
      vertical(p, [
        [0, hsl(toward(35, hue, 0.5), 35, 86)],
        [1, hsl(toward(35, hue, 0.5), 30, 74)],
      ]);
      ctx.fillStyle = hsl(toward(200, hue, 0.3), 45, 88);
      ctx.fillRect(w * 0.08, h * 0.1, w * 0.18, h * 0.32);
      ctx.fillStyle = hsl(toward(28, hue, 0.2), 35, 52);
      ctx.fillRect(0, h * 0.8, w, h * 0.2);
      break;
    case 'kitchen': {
      vertical(p, [
        [0, hsl(toward(190, hue, 0.4), 30, 90)],
        [1, hsl(toward(190, hue, 0.4), 25, 82)],
      ]);
      const tile = m * 0.07;
      ctx.strokeStyle = 'rgba(255,255,255,0.7)';
      ctx.lineWidth = Math.max(1, m * 0.003);
      for (let y = 0; y < h * 0.78; y += tile) {
        ctx.beginPath();
        ctx.moveTo(0, y);
        ctx.lineTo(w, y);
        ctx.stroke();
      }
      for (let x = 0; x < w; x += tile) {
        ctx.beginPath();
        ctx.moveTo(x, 0);
        ctx.lineTo(x, h * 0.78);
        ctx.stroke();
      }
      ctx.fillStyle = hsl(toward(30, hue, 0.2), 30, 45);
      ctx.fillRect(0, h * 0.78, w, h * 0.22);
      ctx.fillStyle = hsl(toward(30, hue, 0.2), 25, 60);
      ctx.fillRect(0, h * 0.78, w, h * 0.025);
      break;
    }
    case 'space':
      vertical(p, [
        [0, hsl(toward(255, hue, 0.4), 50, 6)],
        [1, hsl(toward(270, hue, 0.4), 45, 14)],
      ]);
      glow(p, w * (0.2 + random() * 0.6), h * (0.2 + random() * 0.6), m * 0.7, (a) =>
        hsl(hue + 180, 70, 45, a * 0.5),
      );
      stars(p, 220);
      break;
    case 'forest':
      vertical(p, [
        [0, hsl(toward(150, hue), 40, 72)],
        [1, hsl(toward(130, hue), 45, 40)],
      ]);
      for (let layer = 0; layer < 3; layer++) {
        const light = 42 - layer * 10;
        for (let x = -m * 0.05; x < w + m * 0.1; x += m * (0.09 + random() * 0.05)) {
          const th = h * (0.28 + random() * 0.18) * (1 - layer * 0.15);
          const base = h * (0.75 + layer * 0.1);
          ctx.fillStyle = hsl(toward(135, hue), 40, light, 0.85);
          ctx.beginPath();
          ctx.moveTo(x, base - th);
          ctx.lineTo(x + th * 0.25, base);
          ctx.lineTo(x - th * 0.25, base);
          ctx.closePath();
          ctx.fill();
        }
      }
      break;
    case 'snow':
      vertical(p, [
        [0, hsl(toward(205, hue), 45, 80)],
        [1, hsl(toward(205, hue), 35, 93)],
      ]);
      hills(p, h * 0.7, h * 0.05, hsl(toward(210, hue), 30, 96), 1.2);
      hills(p, h * 0.82, h * 0.03, hsl(toward(210, hue), 25, 99), 1.6);
      for (let i = 0; i < 90; i++) {
        ctx.fillStyle = 'rgba(255,255,255,0.8)';
        ctx.beginPath();
        ctx.arc(random() * w, random() * h, m * (0.002 + random() * 0.004), 0, Math.PI * 2);
        ctx.fill();
      }
      break;
    case 'desert':
      vertical(p, [
        [0, hsl(toward(30, hue, 0.1), 75, 78)],
        [1, hsl(toward(40, hue, 0.1), 80, 88)],
      ]);
      glow(p, w * (0.2 + random() * 0.6), h * 0.2, m * 0.45, (a) => hsl(45, 100, 80, a));
      hills(p, h * 0.66, h * 0.05, hsl(toward(35, hue, 0.1), 65, 62), 1.4);
      hills(p, h * 0.8, h * 0.04, hsl(toward(30, hue, 0.1), 60, 52), 1.8);
      break;
    case 'mountains':
      sky(p, 60, 86);
      for (let layer = 0; layer < 3; layer++) {
        const base = h * (0.62 + layer * 0.1);
        ctx.beginPath();
        ctx.moveTo(0, h);
        const peaks = 3 + Math.floor(random() * 3);
        for (let i = 0; i <= peaks; i++)
          ctx.lineTo((w * i) / peaks, base - (i % 2 === 0 ? 0.05 : 0.2 + random() * 0.1) * h);
        ctx.lineTo(w, h);
        ctx.closePath();
        ctx.fillStyle = hsl(toward(220, hue, 0.25), 20, 55 - layer * 12);
        ctx.fill();
      }
      break;
    case 'meadow':
      sky(p, 62, 88);
      for (let i = 0; i < 3; i++)
        cloud(p, w * (0.1 + random() * 0.8), h * (0.1 + random() * 0.3), m * (0.08 + random() * 0.08), 0.6);
      hills(p, h * 0.66, h * 0.04, hsl(toward(105, hue), 45, 58), 1.3);
      hills(p, h * 0.8, h * 0.03, hsl(toward(100, hue), 50, 48), 1.7);
      break;
    default: {
      // Nothing named: a soft gradient in the palette with out-of-focus light.
      const angle = random() * Math.PI * 2;
      const r = Math.hypot(w, h) / 2;
      const g = ctx.createLinearGradient(
        w / 2 - Math.cos(angle) * r,
        h / 2 - Math.sin(angle) * r,
        w / 2 + Math.cos(angle) * r,
        h / 2 + Math.sin(angle) * r,
      );
      g.addColorStop(0, hsl(hue, 45, 28));
      g.addColorStop(1, hsl(hue + 40, 55, 62));
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
      for (let i = 0; i < 6; i++)
        glow(p, random() * w, random() * h, m * (0.08 + random() * 0.16), (a) =>
          hsl(hue + 20 + random() * 60, 70, 80, a * 0.6),
        );
    }
  }
}

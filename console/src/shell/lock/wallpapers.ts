import { appConfig } from '../../config.ts';

/**
 * The lock screen's 32 wallpapers (indices 0–31, SPEC.md §4), drawn from the index: 8 skies (dawn,
 * noon, dusk, night...) × 4 landscapes (mountains, hills, sea, solar farm). Deterministic SVG, so they
 * ship with the app and need no download.
 */
export const WALLPAPER_COUNT = appConfig.lockWallpapers;

const SKIES: Array<{ top: string; bottom: string; sun: string; land: [string, string, string]; stars?: boolean }> = [
  { top: '#0f2027', bottom: '#2c5364', sun: '#f8f4e3', land: ['#203a43', '#16303a', '#0c1f26'], stars: true },
  { top: '#ff9a8b', bottom: '#ffd6a5', sun: '#fff3c4', land: ['#c06c84', '#8e4f6a', '#5c355e'] },
  { top: '#2193b0', bottom: '#a6e3f0', sun: '#fffbe0', land: ['#4a8c6f', '#2f6b50', '#1d4a37'] },
  { top: '#f7971e', bottom: '#ffd200', sun: '#fff8e1', land: ['#b5651d', '#8a4a12', '#5e300a'] },
  { top: '#141e30', bottom: '#243b55', sun: '#e6ecff', land: ['#2d4263', '#1f2f4a', '#121c30'], stars: true },
  { top: '#6a3093', bottom: '#f0a6ca', sun: '#ffe3f1', land: ['#7b4397', '#5a2d73', '#3b1c4d'] },
  { top: '#56ab2f', bottom: '#d4fc79', sun: '#ffffe0', land: ['#4f8a3c', '#376b2a', '#234a1a'] },
  { top: '#ee0979', bottom: '#ff6a00', sun: '#ffe0b2', land: ['#8e2d3c', '#66202c', '#40141c'] },
];

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number) {
  let a = seed + 0x6d2b79f5;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const W = 1600;
const H = 900;

function ridge(rand: () => number, base: number, amp: number, steps: number, smooth: boolean): string {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i++) pts.push([(W / steps) * i, base - rand() * amp]);
  let d = `M0 ${H} L0 ${pts[0]![1].toFixed(0)}`;
  for (let i = 1; i < pts.length; i++) {
    const [x, y] = pts[i]!;
    if (smooth) {
      const [px, py] = pts[i - 1]!;
      d += ` Q${((px + x) / 2).toFixed(0)} ${(py - amp * 0.3).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)}`;
    } else d += ` L${x.toFixed(0)} ${y.toFixed(0)}`;
  }
  return `${d} L${W} ${H} Z`;
}

/** The SVG source of wallpaper `index` (taken modulo 32). */
export function wallpaperSvg(index: number): string {
  const i = ((Math.trunc(index) % WALLPAPER_COUNT) + WALLPAPER_COUNT) % WALLPAPER_COUNT;
  const sky = SKIES[i % SKIES.length]!;
  const kind = Math.floor(i / SKIES.length) % 4;
  const rand = rng(i * 7919 + 17);
  const sunX = 200 + rand() * 1200;
  const sunY = 150 + rand() * 250;
  const parts: string[] = [
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>`,
    `<radialGradient id="g"><stop offset="0" stop-color="${sky.sun}" stop-opacity=".9"/><stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#s)"/>`,
  ];
  if (sky.stars) {
    for (let k = 0; k < 90; k++) parts.push(`<circle cx="${(rand() * W).toFixed(0)}" cy="${(rand() * H * 0.55).toFixed(0)}" r="${(rand() * 1.6 + 0.3).toFixed(1)}" fill="#fff" opacity="${(rand() * 0.7 + 0.2).toFixed(2)}"/>`);
  }
  parts.push(`<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="160" fill="url(#g)"/><circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${(40 + rand() * 25).toFixed(0)}" fill="${sky.sun}"/>`);
  const [far, mid, near] = sky.land;
  if (kind === 2) {
    // sea: a far coast, then water with glints
    parts.push(`<path d="${ridge(rand, 560, 80, 10, true)}" fill="${far}" opacity=".85"/>`);
    parts.push(`<rect y="600" width="${W}" height="${H - 600}" fill="${mid}"/>`);
    for (let k = 0; k < 40; k++) {
      const y = 610 + rand() * 280;
      parts.push(`<rect x="${(rand() * W).toFixed(0)}" y="${y.toFixed(0)}" width="${(20 + rand() * 90).toFixed(0)}" height="2" fill="${sky.sun}" opacity="${(0.15 + rand() * 0.35).toFixed(2)}"/>`);
    }
  } else {
    const smooth = kind !== 0;
    parts.push(`<path d="${ridge(rand, smooth ? 560 : 520, smooth ? 90 : 260, smooth ? 8 : 14, smooth)}" fill="${far}" opacity=".85"/>`);
    parts.push(`<path d="${ridge(rand, smooth ? 680 : 660, smooth ? 80 : 200, smooth ? 7 : 11, smooth)}" fill="${mid}"/>`);
    parts.push(`<path d="${ridge(rand, 800, 70, 6, true)}" fill="${near}"/>`);
    if (kind === 3) {
      // a solar farm: rows of tilted panels on the near hill
      for (let row = 0; row < 3; row++) {
        const y = 760 + row * 42;
        for (let x = 80 + row * 30; x < W - 80; x += 120) {
          parts.push(`<polygon points="${x},${y} ${x + 96},${y} ${x + 86},${y - 26} ${x + 10},${y - 26}" fill="#1e3a5f" stroke="#9cc3e6" stroke-width="1.5"/>`);
        }
      }
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${parts.join('')}</svg>`;
}

/** A CSS url() value for wallpaper `index`. */
export const wallpaperUrl = (index: number) => `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(wallpaperSvg(index))}")`;

/** A random index different from `current` (unlock and the switch button pick a new one). */
export function randomWallpaper(current: number, random: () => number = Math.random): number {
  const next = Math.floor(random() * (WALLPAPER_COUNT - 1));
  return next >= current ? next + 1 : next;
}

export const WALLPAPER_KEY = 'admin-plus-lock-wallpaper';

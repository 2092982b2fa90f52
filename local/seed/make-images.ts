/**
 * Draws the seed images of the three BEST 3 packages (board and popup) as
 * vector art and writes them as WebP to `seed/images/`. Run it again after
 * changing a drawing: `npx tsx local/seed/make-images.ts`.
 */
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = dirname(fileURLToPath(import.meta.url));

interface Theme {
  name: string;
  from: string;
  to: string;
  accent: string;
  /** The motif, drawn in a 200x200 box. */
  motif: string;
}

const THEMES: Theme[] = [
  {
    name: 'best-1-checkup',
    from: '#0f4c81',
    to: '#2a9d8f',
    accent: '#e9f5f2',
    motif: `
      <path d="M100 170 C40 125 20 95 20 65 C20 40 40 22 63 22 C80 22 92 31 100 45 C108 31 120 22 137 22 C160 22 180 40 180 65 C180 95 160 125 100 170 Z" fill="#ffffff" opacity="0.95"/>
      <polyline points="35,92 70,92 82,66 98,122 114,78 124,92 165,92" fill="none" stroke="#2a9d8f" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  {
    name: 'best-2-dental',
    from: '#274fd5',
    to: '#6fb3ff',
    accent: '#eef4ff',
    motif: `
      <path d="M52 30 C72 18 88 30 100 30 C112 30 128 18 148 30 C172 44 168 84 156 110 C146 132 144 176 128 178 C112 180 112 134 100 134 C88 134 88 180 72 178 C56 176 54 132 44 110 C32 84 28 44 52 30 Z" fill="#ffffff" opacity="0.96"/>
      <path d="M70 56 C82 48 92 54 100 54" fill="none" stroke="#6fb3ff" stroke-width="8" stroke-linecap="round"/>
      <circle cx="150" cy="40" r="7" fill="#ffffff"/><circle cx="166" cy="60" r="4" fill="#ffffff"/>`,
  },
  {
    name: 'best-3-skin',
    from: '#b5487a',
    to: '#f2a65a',
    accent: '#fff3ea',
    motif: `
      <path d="M100 22 C130 62 160 92 160 126 C160 160 133 182 100 182 C67 182 40 160 40 126 C40 92 70 62 100 22 Z" fill="#ffffff" opacity="0.95"/>
      <path d="M100 64 C118 92 134 110 134 130 C134 150 118 162 100 162" fill="none" stroke="#f2a65a" stroke-width="9" stroke-linecap="round"/>
      <path d="M150 40 l6 14 l14 6 l-14 6 l-6 14 l-6 -14 l-14 -6 l14 -6 z" fill="#ffffff"/>`,
  },
];

function drawing(theme: Theme, width: number, height: number): string {
  const size = Math.min(width, height) * 0.55;
  const x = (width - size) / 2;
  const y = (height - size) / 2;
  const rings = [0.9, 0.7, 0.5]
    .map(
      (scale, i) =>
        `<circle cx="${width * 0.82}" cy="${height * 0.18}" r="${Math.max(width, height) * scale * 0.35}" fill="${theme.accent}" opacity="${0.06 + i * 0.04}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    ${rings}
    <circle cx="${width * 0.12}" cy="${height * 0.9}" r="${Math.max(width, height) * 0.22}" fill="${theme.accent}" opacity="0.08"/>
    <g transform="translate(${x} ${y}) scale(${size / 200})">${theme.motif}</g>
  </svg>`;
}

async function render(theme: Theme, suffix: string, width: number, height: number) {
  const file = join(here, 'images', `${theme.name}${suffix}.webp`);
  const image = await sharp(Buffer.from(drawing(theme, width, height)))
    .webp({ quality: 78 })
    .toBuffer();
  await writeFile(file, image);
  console.log(`${file}: ${image.length} bytes`);
}

for (const theme of THEMES) {
  await render(theme, '', 800, 500);
  await render(theme, '-popup', 720, 900);
}

// Seed photos that look like product shots, not placeholders: a studio
// backdrop, a soft floor shadow and an object drawn for the kind of product
// (a laptop, a book, a mug…), varied per product by a hash of its name and its
// place in the category: object, colour, size, tilt and backdrop all change,
// so no two products in a category ever share a picture. Rendered by sharp.

type Kind =
  | "laptop"
  | "headphones"
  | "speaker"
  | "phone"
  | "camera"
  | "book"
  | "stack"
  | "shirt"
  | "hoodie"
  | "mug"
  | "bottle"
  | "pot"
  | "ball"
  | "jar"
  | "blocks"
  | "plant"
  | "can";

/** What a category's products look like, by its name. */
const KINDS: { match: RegExp; kinds: Kind[] }[] = [
  { match: /electron/i, kinds: ["laptop", "headphones", "speaker", "phone", "camera"] },
  { match: /book/i, kinds: ["book", "stack"] },
  { match: /cloth|fashion/i, kinds: ["shirt", "hoodie"] },
  { match: /home|kitchen/i, kinds: ["mug", "bottle", "pot", "jar"] },
  { match: /sport|outdoor/i, kinds: ["ball", "bottle", "can"] },
  { match: /beauty/i, kinds: ["bottle", "jar", "can"] },
  { match: /toy|game/i, kinds: ["blocks", "ball", "stack"] },
  { match: /garden/i, kinds: ["plant", "pot", "can"] },
];
const ANY: Kind[] = ["mug", "book", "bottle", "ball", "jar", "blocks"];

/** What a product looks like when its name says so (a camera is drawn as a camera, whatever its index). */
const NAMED: { match: RegExp; kind: Kind }[] = [
  { match: /laptop|e-reader|tablet/i, kind: "laptop" },
  { match: /earbud|headphone/i, kind: "headphones" },
  { match: /speaker/i, kind: "speaker" },
  { match: /camera/i, kind: "camera" },
  { match: /phone|power bank/i, kind: "phone" },
  { match: /hoodie|jacket|fleece|sweater|beanie/i, kind: "hoodie" },
  { match: /shirt|jeans|dress/i, kind: "shirt" },
  { match: /mug|cup|coffee/i, kind: "mug" },
  { match: /bottle|serum|shampoo/i, kind: "bottle" },
  { match: /skillet|pot\b|pan\b/i, kind: "pot" },
  { match: /jar|cream|balm/i, kind: "jar" },
  { match: /plant|seed|succulent/i, kind: "plant" },
  { match: /ball/i, kind: "ball" },
  { match: /blocks|puzzle|lego/i, kind: "blocks" },
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)},${s}%,${l}%)`;

function object(kind: Kind, c: string, d: string, l: string, h: number): string {
  const v = (n: number) => (h >> n) % 3; // small per-product variations
  switch (kind) {
    case "laptop":
      return `<rect x="170" y="170" width="260" height="170" rx="10" fill="${d}"/><rect x="184" y="184" width="232" height="142" rx="4" fill="${l}"/>
        <path d="M130 350 H470 L440 390 H160 Z" fill="${c}"/><rect x="270" y="356" width="60" height="8" rx="4" fill="${d}"/>`;
    case "headphones":
      return `<path d="M190 330 V260 A110 110 0 0 1 410 260 V330" fill="none" stroke="${d}" stroke-width="${22 + v(3) * 4}" stroke-linecap="round"/>
        <rect x="160" y="300" width="70" height="110" rx="30" fill="${c}"/><rect x="370" y="300" width="70" height="110" rx="30" fill="${c}"/>`;
    case "speaker":
      return `<rect x="210" y="150" width="180" height="260" rx="${60 + v(2) * 20}" fill="${c}"/><circle cx="300" cy="250" r="50" fill="${d}"/><circle cx="300" cy="250" r="18" fill="${l}"/><circle cx="300" cy="350" r="22" fill="${d}"/>`;
    case "phone":
      return `<rect x="220" y="130" width="160" height="290" rx="26" fill="${d}"/><rect x="232" y="150" width="136" height="250" rx="12" fill="${l}"/><rect x="240" y="170" width="120" height="60" rx="8" fill="${c}"/>`;
    case "camera":
      return `<rect x="160" y="210" width="280" height="180" rx="22" fill="${d}"/><rect x="200" y="180" width="80" height="40" rx="8" fill="${d}"/><circle cx="300" cy="300" r="66" fill="${c}"/><circle cx="300" cy="300" r="38" fill="${l}"/><circle cx="395" cy="240" r="10" fill="${l}"/>`;
    case "book":
      return `<rect x="200" y="130" width="200" height="280" rx="6" fill="${c}"/><rect x="200" y="130" width="26" height="280" fill="${d}"/><rect x="250" y="190" width="120" height="14" rx="7" fill="${l}"/><rect x="250" y="216" width="${70 + v(2) * 15}" height="10" rx="5" fill="${l}"/>`;
    case "stack":
      return [0, 1, 2, 3]
        .map(
          (i) =>
            `<rect x="${170 + ((h >> i) % 30)}" y="${330 - i * 50}" width="${230 - ((h >> (i + 4)) % 50)}" height="44" rx="6" fill="${i % 2 ? c : d}"/><rect x="${180 + ((h >> i) % 30)}" y="${342 - i * 50}" width="12" height="20" fill="${l}"/>`,
        )
        .join("");
    case "shirt":
      return `<path d="M230 140 L170 170 L130 250 L185 275 L200 240 V420 H400 V240 L415 275 L470 250 L430 170 L370 140 Q300 190 230 140 Z" fill="${c}"/><path d="M260 145 Q300 175 340 145" fill="none" stroke="${d}" stroke-width="8"/>`;
    case "hoodie":
      return `<path d="M230 150 L160 190 L130 330 L185 340 L200 260 V420 H400 V260 L415 340 L470 330 L440 190 L370 150 Q300 230 230 150 Z" fill="${c}"/><path d="M240 150 Q300 60 360 150 Q300 200 240 150 Z" fill="${d}"/><rect x="250" y="330" width="100" height="50" rx="10" fill="${d}"/>`;
    case "mug":
      return `<rect x="200" y="190" width="170" height="200" rx="18" fill="${c}"/><path d="M370 230 H400 A40 40 0 0 1 400 330 H370" fill="none" stroke="${c}" stroke-width="22"/><ellipse cx="285" cy="192" rx="85" ry="14" fill="${d}"/>`;
    case "bottle":
      return `<rect x="${240 - v(2) * 10}" y="200" width="${120 + v(2) * 20}" height="210" rx="30" fill="${c}"/><rect x="270" y="140" width="60" height="70" rx="10" fill="${c}"/><rect x="262" y="112" width="76" height="36" rx="8" fill="${d}"/><rect x="${240 - v(2) * 10}" y="270" width="${120 + v(2) * 20}" height="60" fill="${l}" opacity="0.8"/>`;
    case "pot":
      return `<path d="M190 260 H410 L380 410 H220 Z" fill="${c}"/><rect x="175" y="240" width="250" height="30" rx="8" fill="${d}"/>`;
    case "plant":
      return `<path d="M300 250 C250 170 200 170 180 120 C240 120 290 160 300 250 C310 160 360 110 420 110 C400 170 350 180 300 250" fill="${hsl(120 + (h % 40), 45, 40)}"/>
        <path d="M210 260 H390 L365 410 H235 Z" fill="${c}"/><rect x="200" y="245" width="200" height="26" rx="8" fill="${d}"/>`;
    case "ball":
      return `<circle cx="300" cy="290" r="${130 + v(2) * 10}" fill="${c}"/><path d="M175 250 Q300 320 425 250 M190 350 Q300 280 410 350" fill="none" stroke="${l}" stroke-width="10"/><circle cx="255" cy="235" r="24" fill="white" opacity="0.35"/>`;
    case "jar":
      return `<rect x="210" y="220" width="180" height="180" rx="36" fill="${c}"/><rect x="220" y="180" width="160" height="50" rx="10" fill="${d}"/><rect x="245" y="280" width="110" height="60" rx="8" fill="${l}"/>`;
    case "can":
      return `<rect x="220" y="170" width="160" height="240" rx="16" fill="${c}"/><ellipse cx="300" cy="172" rx="80" ry="16" fill="${d}"/><rect x="220" y="250" width="160" height="70" fill="${l}"/><rect x="285" y="120" width="30" height="50" rx="6" fill="${d}"/>`;
    case "blocks":
      return `<rect x="170" y="300" width="120" height="110" rx="10" fill="${c}"/><rect x="310" y="300" width="120" height="110" rx="10" fill="${d}"/><rect x="240" y="185" width="120" height="110" rx="10" fill="${l}" stroke="${d}" stroke-width="6"/>`;
  }
}

/**
 * The photo of product `index` (0-based) of `count` in a category, as SVG.
 * Its hue steps evenly round the colour wheel within the category (so no two
 * match), its object, tilt, size and backdrop follow a hash of its name.
 */
export function productPhotoSvg(name: string, categoryName: string, index: number, count: number): string {
  const h = hash(`${categoryName}/${name}`);
  const kinds = KINDS.find((k) => k.match.test(categoryName))?.kinds ?? ANY;
  const kind = NAMED.find((k) => k.match.test(name))?.kind ?? kinds[(index + (h % 7)) % kinds.length];
  const hue = (hash(categoryName) % 360) + (index * 360) / Math.max(1, count) + (h % 17);
  const main = hsl(hue, 55 + (h % 20), 48 + ((h >> 5) % 10));
  const dark = hsl(hue, 45, 28 + ((h >> 7) % 8));
  const light = hsl(hue + 25, 70, 86);
  const backdrop = hsl(hue + 150 + ((h >> 9) % 60), 22 + ((h >> 11) % 15), 93);
  const backdropLow = hsl(hue + 150 + ((h >> 9) % 60), 18, 82);
  const tilt = ((h >> 13) % 15) - 7;
  const scale = 1.08 + ((h >> 17) % 20) / 100;
  const dx = ((h >> 19) % 30) - 15;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 600 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${backdrop}"/><stop offset="1" stop-color="${backdropLow}"/></linearGradient>
    <radialGradient id="light" cx="${0.3 + ((h >> 21) % 40) / 100}" cy="0.2" r="0.8"><stop offset="0" stop-color="white" stop-opacity="0.55"/><stop offset="1" stop-color="white" stop-opacity="0"/></radialGradient>
    <filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
  </defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <rect y="${440 + ((h >> 23) % 30)}" width="600" height="200" fill="${backdropLow}" opacity="0.6"/>
  <rect width="600" height="600" fill="url(#light)"/>
  <ellipse cx="${300 + dx}" cy="${300 + 145 * scale}" rx="${150 * scale}" ry="22" fill="black" opacity="0.22" filter="url(#blur)"/>
  <g transform="translate(${300 + dx} 300) rotate(${tilt}) scale(${scale}) translate(-300 -300)">${object(kind, main, dark, light, h)}</g>
</svg>`;
}

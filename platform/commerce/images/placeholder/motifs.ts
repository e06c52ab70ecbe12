import type { Palette } from "#platform/commerce/images/placeholder/palettes.ts";
import { num, type Random } from "#platform/commerce/images/placeholder/random.ts";

/**
 * What the demo pictures draw: the backdrop and scattered crumbs, and each motif (jar, bottle,
 * cheese, loaf…) standing on (0, 0), about 400 units tall at most.
 */

// ---------------------------------------------------------------------------------------------
// Scenery

export function backdrop(
  random: Random,
  palette: Palette,
  cx: number,
  baseY: number,
  scale: number,
) {
  const kind = random.int(0, 2);
  const r = 210 * scale;
  if (kind === 0) {
    return `<circle cx="${cx}" cy="${num(baseY - 190 * scale)}" r="${num(r)}" fill="${palette.backdrop}" opacity="0.8"/>`;
  }
  if (kind === 1) {
    const top = baseY - 400 * scale;
    return `<path d="M${num(cx - r)} ${baseY} V${num(top + r)} A${num(r)} ${num(r)} 0 0 1 ${num(cx + r)} ${num(top + r)} V${baseY} Z" fill="${palette.backdrop}" opacity="0.8"/>`;
  }
  // Awning stripes, as over a market stall.
  const stripes: string[] = [];
  const stripe = 36 * scale;
  const left = cx - 260 * scale;
  for (let i = 0; i < 15; i += 2) {
    stripes.push(
      `<rect x="${num(left + i * stripe)}" y="${num(baseY - 470 * scale)}" width="${num(stripe)}" height="${num(470 * scale)}"/>`,
    );
  }
  return `<g fill="${palette.backdrop}" opacity="0.55">${stripes.join("")}</g>`;
}

type Box = { x: number; y: number; width: number; height: number };

/** A few dots or sprigs, like a printed paper behind the still life. */
export function scatter(random: Random, palette: Palette, box: Box) {
  const count = random.int(5, 9);
  const sprigs = random.next() < 0.5;
  const marks: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = box.x + random.next() * box.width;
    const y = box.y + random.next() * box.height;
    if (sprigs) {
      const angle = random.int(-40, 40);
      marks.push(
        `<g transform="translate(${num(x)} ${num(y)}) rotate(${angle})"><path d="M0 14 V-14" stroke="${palette.accent}" stroke-width="2"/><ellipse cx="-6" cy="-4" rx="6" ry="3" fill="${palette.accent}"/><ellipse cx="6" cy="4" rx="6" ry="3" fill="${palette.accent}"/></g>`,
      );
    } else {
      marks.push(
        `<circle cx="${num(x)}" cy="${num(y)}" r="${num(3 + random.next() * 4)}" fill="${palette.accent}"/>`,
      );
    }
  }
  return `<g opacity="0.35">${marks.join("")}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Motifs: each draws its object standing on (0, 0), about 400 units tall at most.

export function jar(random: Random, p: Palette) {
  const fill = random.pick(p.objects);
  const w = random.int(190, 240);
  const h = random.int(260, 320);
  return [
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="36" fill="${fill}"/>`,
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="36" fill="url(#sheen)"/>`,
    `<rect x="${-w / 2 + 10}" y="${-h - 48}" width="${w - 20}" height="52" rx="10" fill="${p.accent}"/>`,
    `<rect x="${-w / 2 + 10}" y="${-h - 48}" width="${w - 20}" height="10" rx="5" fill="#ffffff" opacity="0.25"/>`,
    label(p, -w / 2 + 22, -h * 0.68, w - 44, h * 0.4),
  ].join("");
}

export function tin(random: Random, p: Palette) {
  const fill = random.pick(p.objects);
  const w = random.int(220, 260);
  const h = random.int(200, 250);
  return [
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="8" fill="${fill}"/>`,
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="8" fill="url(#sheen)"/>`,
    `<ellipse cx="0" cy="${-h}" rx="${w / 2}" ry="18" fill="${p.accent}"/>`,
    `<ellipse cx="0" cy="${-h}" rx="${w / 2 - 14}" ry="11" fill="#ffffff" opacity="0.25"/>`,
    `<rect x="${-w / 2}" y="${-h * 0.7}" width="${w}" height="${h * 0.45}" fill="${p.paper}"/>`,
    `<circle cx="0" cy="${num(-h * 0.475)}" r="${num(h * 0.15)}" fill="none" stroke="${fill}" stroke-width="4"/>`,
    `<path d="M${-w / 2 + 24} ${num(-h * 0.475)} H${num(-h * 0.2)} M${num(h * 0.2)} ${num(-h * 0.475)} H${w / 2 - 24}" stroke="${p.accent}" stroke-width="3"/>`,
  ].join("");
}

export function oilBottle(random: Random, p: Palette) {
  const fill = random.pick(p.objects);
  const w = random.int(120, 150);
  const body = random.int(240, 280);
  return [
    `<path d="M${-w / 2} 0 V${-body} Q${-w / 2} ${-body - 50} -18 ${-body - 70} V${-body - 140} H18 V${-body - 70} Q${w / 2} ${-body - 50} ${w / 2} ${-body} V0 Z" fill="${fill}"/>`,
    `<rect x="${-w / 2}" y="${-body}" width="${w}" height="${body}" fill="url(#sheen)"/>`,
    `<rect x="-22" y="${-body - 170}" width="44" height="40" rx="6" fill="${p.accent}"/>`,
    label(p, -w / 2 + 12, -body * 0.72, w - 24, body * 0.42),
  ].join("");
}

export function jamJar(random: Random, p: Palette) {
  const fill = random.pick(p.objects);
  const w = random.int(200, 230);
  const h = random.int(250, 290);
  const cap = random.pick(["#c0392b", "#2c5d8a", "#3c7a4a"]);
  const scallops: string[] = [];
  for (let x = -w / 2 - 20; x <= w / 2 + 20; x += 20) {
    scallops.push(`<circle cx="${x}" cy="${-h - 4}" r="11" fill="${cap}"/>`);
  }
  return [
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="40" fill="${fill}"/>`,
    `<rect x="${-w / 2}" y="${-h}" width="${w}" height="${h}" rx="40" fill="url(#sheen)"/>`,
    `<rect x="${-w / 2 - 20}" y="${-h - 60}" width="${w + 40}" height="56" rx="6" fill="${cap}"/>`,
    `<g fill="#ffffff" opacity="0.55">${[0, 1, 2, 3, 4, 5, 6]
      .map(
        (i) =>
          `<rect x="${-w / 2 - 14 + i * ((w + 28) / 7)}" y="${-h - 56}" width="12" height="48"/>`,
      )
      .join("")}</g>`,
    scallops.join(""),
    `<path d="M${-w / 2 - 10} ${-h - 20} H${w / 2 + 10}" stroke="${p.accent}" stroke-width="5"/>`,
    label(p, -w / 2 + 24, -h * 0.62, w - 48, h * 0.36),
  ].join("");
}

export function tablet(random: Random, p: Palette) {
  const fill = random.pick(["#4a2a22", "#5a2d22", "#6b3a26"]);
  const wrapper = random.pick(p.objects);
  const squares: string[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 3; col++) {
      squares.push(
        `<rect x="${-120 + col * 80 + 6}" y="${-340 + row * 80 + 6}" width="68" height="68" rx="4" fill="#ffffff" opacity="0.08"/>`,
      );
    }
  }
  return [
    `<g transform="rotate(${random.int(-6, 6)})">`,
    `<rect x="-120" y="-340" width="240" height="340" rx="6" fill="${fill}"/>`,
    squares.join(""),
    `<path d="M-128 -190 H128 V4 H-128 Z" fill="${wrapper}"/>`,
    `<path d="M-128 -190 L-110 -200 L-92 -190 L-74 -200 L-56 -190 L-38 -200 L-20 -190 L-2 -200 L16 -190 L34 -200 L52 -190 L70 -200 L88 -190 L106 -200 L128 -190 Z" fill="${wrapper}"/>`,
    `<rect x="-100" y="-140" width="200" height="90" fill="${p.paper}"/>`,
    `<path d="M-70 -110 H70 M-50 -82 H50" stroke="${wrapper}" stroke-width="4"/>`,
    "</g>",
  ].join("");
}

export function candyJar(random: Random, p: Palette) {
  const candies: string[] = [];
  for (let i = 0; i < 16; i++) {
    const x = -90 + random.next() * 180;
    const y = -40 - random.next() * 190;
    candies.push(
      `<circle cx="${num(x)}" cy="${num(y)}" r="${num(14 + random.next() * 8)}" fill="${random.pick(p.objects)}"/>`,
    );
  }
  return [
    `<ellipse cx="0" cy="-140" rx="130" ry="140" fill="${p.paper}" opacity="0.55"/>`,
    candies.join(""),
    `<ellipse cx="0" cy="-140" rx="130" ry="140" fill="url(#sheen)"/>`,
    `<rect x="-70" y="-300" width="140" height="30" rx="8" fill="${p.accent}"/>`,
    `<circle cx="0" cy="-312" r="18" fill="${p.accent}"/>`,
  ].join("");
}

export function wineBottle(random: Random, p: Palette) {
  const glass = random.pick(p.objects);
  const shape = random.int(0, 2);
  const w = shape === 2 ? 140 : 120;
  const shoulder = shape === 1 ? -210 : -255;
  const neck = shape === 1 ? -335 : -330;
  const foil = random.pick([p.accent, "#8c1c2c", "#e8e1d0"]);
  return [
    `<path d="M${-w / 2} -10 Q${-w / 2} 0 ${-w / 2 + 10} 0 H${w / 2 - 10} Q${w / 2} 0 ${w / 2} -10 V${shoulder} C${w / 2} ${shoulder - 45} 18 ${neck + 35} 18 ${neck} V-410 H-18 V${neck} C-18 ${neck + 35} ${-w / 2} ${shoulder - 45} ${-w / 2} ${shoulder} Z" fill="${glass}"/>`,
    `<rect x="${-w / 2 + 14}" y="${shoulder + 10}" width="12" height="${-shoulder - 30}" rx="6" fill="#ffffff" opacity="0.18"/>`,
    `<rect x="-21" y="${shape === 2 ? -430 : -420}" width="42" height="${shape === 2 ? 110 : 70}" rx="4" fill="${foil}"/>`,
    label(p, -w / 2 + 10, -175, w - 20, 110),
  ].join("");
}

export function bottleAndGlass(random: Random, p: Palette) {
  const wine = random.pick(["#6b0f24", "#e3c46a", "#8c1c2c"]);
  return [
    `<g transform="translate(-70 0)">${wineBottle(random, p)}</g>`,
    `<g transform="translate(110 0)">`,
    `<path d="M-55 -250 Q-60 -150 0 -140 Q60 -150 55 -250 Z" fill="#ffffff" opacity="0.22"/>`,
    `<path d="M-52 -205 Q-50 -150 0 -145 Q50 -150 52 -205 Z" fill="${wine}"/>`,
    `<path d="M-3 -140 V-10 M-40 -2 H40" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6" stroke-linecap="round"/>`,
    "</g>",
  ].join("");
}

export function wedge(random: Random, p: Palette) {
  const paste = random.pick(p.objects);
  const holes: string[] = [];
  const count = random.int(4, 7);
  for (let i = 0; i < count; i++) {
    // Inside the front triangle (-210,0) (150,0) (150,-180), away from its edges.
    const x = -120 + random.next() * 250;
    const limit = (180 * (x + 210)) / 360;
    const r = 8 + random.next() * 12;
    const y = -(r + 6 + random.next() * Math.max(0, limit - 2 * r - 12));
    holes.push(`<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}"/>`);
  }
  return [
    `<path d="M-210 0 L150 0 L150 -180 Z" fill="${paste}"/>`,
    `<g fill="#000000" opacity="0.12">${holes.join("")}</g>`,
    `<path d="M150 0 L230 -30 L230 -210 L150 -180 Z" fill="${p.accent}"/>`,
    `<path d="M-210 0 L150 -180 L230 -210 L-130 -30 Z" fill="${paste}"/>`,
    `<path d="M-210 0 L150 -180 L230 -210 L-130 -30 Z" fill="#ffffff" opacity="0.25"/>`,
  ].join("");
}

export function wheel(random: Random, p: Palette) {
  const rind = random.pick(p.objects);
  const h = random.int(110, 170);
  return [
    `<path d="M-200 ${-h} V0 A200 46 0 0 0 200 0 V${-h} Z" fill="${p.accent}"/>`,
    `<path d="M-200 ${-h} V0 A200 46 0 0 0 200 0 V${-h} Z" fill="url(#sheen)"/>`,
    `<ellipse cx="0" cy="${-h}" rx="200" ry="46" fill="${rind}"/>`,
    `<ellipse cx="0" cy="${-h}" rx="150" ry="32" fill="none" stroke="${p.paper}" stroke-width="3" stroke-dasharray="10 8"/>`,
    `<ellipse cx="0" cy="${-h}" rx="70" ry="15" fill="${p.paper}"/>`,
  ].join("");
}

export function saucisson(random: Random, p: Palette) {
  const skin = random.pick(p.objects);
  const specks: string[] = [];
  for (let i = 0; i < 22; i++) {
    specks.push(
      `<circle cx="${num(-200 + random.next() * 360)}" cy="${num(-100 + random.next() * 90)}" r="${num(2 + random.next() * 3)}"/>`,
    );
  }
  const slices: string[] = [];
  for (let i = 0; i < 3; i++) {
    const x = -140 + i * 90;
    slices.push(
      `<ellipse cx="${x}" cy="30" rx="42" ry="16" fill="${skin}"/><ellipse cx="${x}" cy="27" rx="36" ry="12" fill="#b6514a"/><g fill="${p.paper}"><circle cx="${x - 12}" cy="25" r="3"/><circle cx="${x + 10}" cy="29" r="3"/><circle cx="${x + 2}" cy="22" r="2"/></g>`,
    );
  }
  return [
    `<rect x="-220" y="-120" width="430" height="110" rx="55" fill="${skin}"/>`,
    `<g fill="${p.paper}" opacity="0.7">${specks.join("")}</g>`,
    `<ellipse cx="200" cy="-65" rx="26" ry="55" fill="#b6514a"/>`,
    `<path d="M-150 -122 V-8 M-70 -122 V-8 M10 -122 V-8 M90 -122 V-8" stroke="${p.paper}" stroke-width="3" opacity="0.8"/>`,
    `<path d="M-220 -65 Q-250 -70 -262 -40" stroke="${p.paper}" stroke-width="3" fill="none"/>`,
    slices.join(""),
  ].join("");
}

export function ham(random: Random, p: Palette) {
  const skin = random.pick(p.objects);
  return [
    `<path d="M-190 -60 C-200 -200 -20 -260 120 -180 L230 -250 L250 -226 L150 -150 C200 -90 170 0 40 0 H-120 C-170 0 -188 -30 -190 -60 Z" fill="${skin}"/>`,
    `<path d="M-150 -70 C-150 -170 -30 -210 90 -160" stroke="#ffffff" stroke-opacity="0.2" stroke-width="14" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="-150" cy="-40" rx="48" ry="40" fill="#d98b84"/>`,
    `<ellipse cx="-150" cy="-40" rx="30" ry="24" fill="#f0d2c8"/>`,
    `<circle cx="240" cy="-238" r="16" fill="${p.paper}"/>`,
  ].join("");
}

export function fruitTrio(random: Random, p: Palette) {
  const fruits: string[] = [];
  const spots = [
    { x: -120, r: 90 },
    { x: 100, r: 100 },
    { x: -5, r: 78, y: -150 },
  ];
  for (const spot of spots) {
    const colour = random.pick(p.objects);
    const cy = (spot.y ?? 0) - spot.r;
    fruits.push(
      `<circle cx="${spot.x}" cy="${cy}" r="${spot.r}" fill="${colour}"/>`,
      `<circle cx="${spot.x - spot.r * 0.35}" cy="${cy - spot.r * 0.35}" r="${num(spot.r * 0.25)}" fill="#ffffff" opacity="0.25"/>`,
      `<path d="M${spot.x} ${cy - spot.r + 4} q4 -26 16 -34" stroke="#4a3320" stroke-width="6" fill="none" stroke-linecap="round"/>`,
      `<ellipse cx="${spot.x + 30}" cy="${cy - spot.r - 16}" rx="22" ry="10" transform="rotate(-25 ${spot.x + 30} ${cy - spot.r - 16})" fill="#3f7a3a"/>`,
    );
  }
  return fruits.join("");
}

export function crate(random: Random, p: Palette) {
  const fruits: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = -160 + i * 80;
    fruits.push(
      `<circle cx="${x}" cy="-175" r="${random.int(40, 50)}" fill="${random.pick(p.objects)}"/>`,
    );
  }
  return [
    fruits.join(""),
    `<rect x="-220" y="-180" width="440" height="180" rx="6" fill="#b98a55"/>`,
    `<path d="M-220 -120 H220 M-220 -60 H220" stroke="#8a6236" stroke-width="6"/>`,
    `<rect x="-220" y="-180" width="440" height="180" rx="6" fill="none" stroke="#8a6236" stroke-width="6"/>`,
    `<rect x="-90" y="-140" width="180" height="60" fill="${p.paper}"/>`,
    `<path d="M-60 -118 H60 M-40 -100 H40" stroke="${p.surface}" stroke-width="4"/>`,
  ].join("");
}

export function cloche(random: Random, p: Palette) {
  const metal = random.pick(p.objects);
  return [
    `<ellipse cx="0" cy="-8" rx="240" ry="30" fill="${p.paper}"/>`,
    `<ellipse cx="0" cy="-14" rx="200" ry="20" fill="#000000" opacity="0.06"/>`,
    `<path d="M-190 -20 C-190 -260 190 -260 190 -20 Z" fill="${metal}"/>`,
    `<path d="M-190 -20 C-190 -260 190 -260 190 -20 Z" fill="url(#sheen)"/>`,
    `<rect x="-190" y="-34" width="380" height="14" rx="7" fill="${p.accent}"/>`,
    `<circle cx="0" cy="-214" r="20" fill="${p.accent}"/>`,
  ].join("");
}

export function terrine(random: Random, p: Palette) {
  const dish = random.pick(["#e9e3d6", "#c45a3c", "#2f4e6e"]);
  return [
    `<rect x="-220" y="-150" width="440" height="150" rx="20" fill="${dish}"/>`,
    `<rect x="-220" y="-150" width="440" height="150" rx="20" fill="url(#sheen)"/>`,
    `<rect x="-200" y="-180" width="300" height="46" rx="10" fill="#b0704a"/>`,
    `<path d="M-200 -166 H100" stroke="#f1dfc9" stroke-width="6" opacity="0.7"/>`,
    `<rect x="110" y="-200" width="90" height="66" rx="8" fill="#c88a5e"/>`,
    `<g fill="#7c3b2a"><circle cx="135" cy="-172" r="6"/><circle cx="170" cy="-160" r="5"/><circle cx="155" cy="-185" r="4"/></g>`,
    `<path d="M-226 -96 H-250 M226 -96 H250" stroke="${dish}" stroke-width="16" stroke-linecap="round"/>`,
    `<path d="M-150 -60 H150" stroke="${p.accent}" stroke-width="4"/>`,
  ].join("");
}

export function loaf(random: Random, p: Palette) {
  const crust = random.pick(p.objects);
  const long = random.next() < 0.5;
  const rx = long ? 240 : 170;
  const ry = long ? 90 : 130;
  const scores: string[] = [];
  const n = long ? 4 : 3;
  for (let i = 0; i < n; i++) {
    const x = -rx * 0.6 + (i * rx * 1.2) / (n - 1);
    scores.push(`<path d="M${num(x - 34)} ${num(-ry - 20)} q34 -30 68 -2" />`);
  }
  return [
    `<ellipse cx="0" cy="${-ry}" rx="${rx}" ry="${ry}" fill="${crust}"/>`,
    `<ellipse cx="${num(-rx * 0.2)}" cy="${num(-ry * 1.35)}" rx="${num(rx * 0.6)}" ry="${num(ry * 0.35)}" fill="#ffffff" opacity="0.16"/>`,
    `<g stroke="#f3ddb3" stroke-width="10" fill="none" stroke-linecap="round">${scores.join("")}</g>`,
    `<g fill="#ffffff" opacity="0.5">${[0, 1, 2, 3, 4, 5]
      .map(
        (i) =>
          `<circle cx="${num(-rx * 0.5 + random.next() * rx)}" cy="${num(-ry * 1.5 + random.next() * ry * 0.4 + i)}" r="2"/>`,
      )
      .join("")}</g>`,
  ].join("");
}

export function tart(random: Random, p: Palette) {
  const fruit = random.pick(["#c0392b", "#a61e3a", "#6b2f5a", "#e8a33a"]);
  const berries: string[] = [];
  for (let i = 0; i < 14; i++) {
    const angle = (i / 14) * Math.PI * 2;
    berries.push(
      `<circle cx="${num(Math.cos(angle) * 150)}" cy="${num(-110 + Math.sin(angle) * 40)}" r="18"/>`,
    );
  }
  for (let i = 0; i < 6; i++) {
    const angle = (i / 6) * Math.PI * 2;
    berries.push(
      `<circle cx="${num(Math.cos(angle) * 70)}" cy="${num(-110 + Math.sin(angle) * 18)}" r="16"/>`,
    );
  }
  return [
    `<path d="M-200 -110 V-40 A200 50 0 0 0 200 -40 V-110 Z" fill="${random.pick(p.objects)}"/>`,
    `<path d="M-200 -110 V-40 A200 50 0 0 0 200 -40 V-110 Z" fill="url(#sheen)"/>`,
    `<ellipse cx="0" cy="-110" rx="200" ry="52" fill="#e6b770"/>`,
    `<ellipse cx="0" cy="-110" rx="180" ry="44" fill="#f6e3b8"/>`,
    `<g fill="${fruit}">${berries.join("")}</g>`,
    `<g fill="#ffffff" opacity="0.35"><circle cx="-6" cy="-116" r="4"/><circle cx="60" cy="-120" r="4"/><circle cx="-130" cy="-106" r="4"/></g>`,
  ].join("");
}

export function giftBox(random: Random, p: Palette) {
  const fill = random.pick(p.objects);
  return [
    `<rect x="-170" y="-250" width="340" height="250" rx="6" fill="${fill}"/>`,
    `<rect x="-170" y="-250" width="340" height="250" rx="6" fill="url(#sheen)"/>`,
    `<rect x="-185" y="-300" width="370" height="60" rx="6" fill="${fill}"/>`,
    `<rect x="-185" y="-300" width="370" height="14" rx="6" fill="#ffffff" opacity="0.2"/>`,
    `<rect x="-20" y="-300" width="40" height="300" fill="${p.accent}"/>`,
    `<ellipse cx="-50" cy="-318" rx="50" ry="22" fill="${p.accent}" transform="rotate(-15 -50 -318)"/>`,
    `<ellipse cx="50" cy="-318" rx="50" ry="22" fill="${p.accent}" transform="rotate(15 50 -318)"/>`,
    `<circle cx="0" cy="-312" r="16" fill="${p.accent}"/>`,
  ].join("");
}

/** A small paper label with two printed lines, as on a jar or a bottle. */
export function label(p: Palette, x: number, y: number, width: number, height: number) {
  const mid = x + width / 2;
  return [
    `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" rx="4" fill="${p.paper}"/>`,
    `<rect x="${num(x + 6)}" y="${num(y + 6)}" width="${num(width - 12)}" height="${num(height - 12)}" rx="3" fill="none" stroke="${p.accent}" stroke-width="2"/>`,
    `<path d="M${num(mid - width * 0.3)} ${num(y + height * 0.42)} H${num(mid + width * 0.3)} M${num(mid - width * 0.2)} ${num(y + height * 0.64)} H${num(mid + width * 0.2)}" stroke="${p.surface}" stroke-width="4" opacity="0.75"/>`,
  ].join("");
}

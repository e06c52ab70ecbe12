import type { Palette } from "#platform/commerce/images/placeholder/palettes.ts";
import { num, type Random } from "#platform/commerce/images/placeholder/random.ts";

/**
 * More of what the demo pictures draw, one object a kind of product: cheeses by family, dairy
 * pots, wines by colour, meats and fish (the pantry, dishes, breads and cakes are in
 * `dishes.ts`). Each stands on (0, 0),
 * about 400 units tall at most and 500 wide, like the motifs of `motifs.ts`.
 */

/** A darker or lighter shade over a shape, without computing colours. */
export const shade = (d: string, opacity: number, colour = "#000000") =>
  `<path d="${d}" fill="${colour}" opacity="${opacity}"/>`;

// ---------------------------------------------------------------------------------------------
// Cheese and dairy

/** A round soft cheese with a slice in front: white bloomy rind, or orange washed rind. */
export function softCheese(rind: string, paste: string) {
  return (random: Random, _p: Palette) => {
    const h = random.int(70, 100);
    const side = `M-190 ${-h - 40} V-40 A190 44 0 0 0 190 -40 V${-h - 40} Z`;
    return [
      `<path d="${side}" fill="${rind}"/>`,
      shade(side, 0.12),
      `<ellipse cx="0" cy="${-h - 40}" rx="190" ry="44" fill="${rind}"/>`,
      `<g fill="#000000" opacity="0.06"><circle cx="-80" cy="${-h - 50}" r="14"/><circle cx="40" cy="${-h - 30}" r="10"/><circle cx="110" cy="${-h - 52}" r="12"/></g>`,
      // The slice: its cut face shows the paste, its back edge the rind.
      `<path d="M20 10 L250 -6 L250 ${-h + 14} L20 ${-h + 30} Z" fill="${paste}"/>`,
      `<path d="M250 -6 L276 -16 L276 ${-h + 4} L250 ${-h + 14} Z" fill="${rind}"/>`,
      `<path d="M20 ${-h + 30} L250 ${-h + 14} L276 ${-h + 4} L46 ${-h + 20} Z" fill="${rind}"/>`,
      shade(`M20 10 L250 -6 L250 ${-h + 14} L20 ${-h + 30} Z`, 0.18, "#ffffff"),
    ].join("");
  };
}

/** A wedge of pressed or blue cheese: `veins` marbles the paste blue-green. */
export function cheeseWedge(paste: string, rind: string, veins: boolean) {
  return (random: Random, _p: Palette) => {
    const marks: string[] = [];
    const count = veins ? random.int(12, 18) : random.int(0, 3);
    for (let i = 0; i < count; i++) {
      const x = -120 + random.next() * 250;
      const limit = (180 * (x + 210)) / 360;
      const r = veins ? 5 + random.next() * 9 : 6 + random.next() * 6;
      const y = -(r + 6 + random.next() * Math.max(0, limit - 2 * r - 12));
      marks.push(
        veins
          ? `<ellipse cx="${num(x)}" cy="${num(y)}" rx="${num(r * 1.6)}" ry="${num(r * 0.7)}" transform="rotate(${random.int(-40, 40)} ${num(x)} ${num(y)})"/>`
          : `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}"/>`,
      );
    }
    const markFill = veins ? `fill="#3f6b78" opacity="0.75"` : `fill="#000000" opacity="0.1"`;
    return [
      `<path d="M-210 0 L150 0 L150 -180 Z" fill="${paste}"/>`,
      `<g ${markFill}>${marks.join("")}</g>`,
      `<path d="M150 0 L230 -30 L230 -210 L150 -180 Z" fill="${rind}"/>`,
      `<path d="M-210 0 L150 -180 L230 -210 L-130 -30 Z" fill="${rind}"/>`,
      shade("M-210 0 L150 -180 L230 -210 L-130 -30 Z", 0.2, "#ffffff"),
    ].join("");
  };
}

/** Goat's cheeses: an ashed log with its cut face, or three little crottins. */
export function goatCheese(random: Random, _p: Palette) {
  const white = "#f5f2e8";
  if (random.next() < 0.5) {
    return [
      `<rect x="-220" y="-130" width="380" height="130" rx="64" fill="${white}"/>`,
      shade("M-220 -40 H160 V-10 Q160 0 150 0 H-156 Q-220 0 -220 -40 Z", 0.08),
      `<ellipse cx="160" cy="-65" rx="50" ry="65" fill="#4a4a48"/>`,
      `<ellipse cx="162" cy="-65" rx="44" ry="59" fill="#f7f3e6"/>`,
      `<g fill="#6a6a66" opacity="0.25"><circle cx="-150" cy="-100" r="5"/><circle cx="-60" cy="-112" r="4"/><circle cx="40" cy="-96" r="5"/></g>`,
    ].join("");
  }
  const crottins = [-150, 0, 150].map((x, i) => {
    const h = 90 + i * 8;
    return [
      `<path d="M${x - 62} ${-h} V-8 A62 16 0 0 0 ${x + 62} -8 V${-h} Z" fill="${white}"/>`,
      `<path d="M${x - 62} ${-h} V-8 A62 16 0 0 0 ${x + 62} -8 V${-h} Z" fill="#000000" opacity="0.07"/>`,
      `<ellipse cx="${x}" cy="${-h}" rx="62" ry="16" fill="#fbf8ef"/>`,
    ].join("");
  });
  return crottins.join("");
}

/** Little pots of yoghurt, lids in the seed's colour. */
export function yoghurtPots(random: Random, p: Palette) {
  const lid = random.pick(["#2c5d8a", "#c0392b", "#3c7a4a", p.accent]);
  return [-150, 0, 150]
    .map((x, i) => {
      const top = -170 + (i === 1 ? -20 : 0);
      return [
        `<path d="M${x - 58} ${top} L${x - 48} -4 Q${x - 46} 0 ${x - 40} 0 H${x + 40} Q${x + 46} 0 ${x + 48} -4 L${x + 58} ${top} Z" fill="#f7f4ec"/>`,
        `<path d="M${x - 58} ${top} L${x - 48} -4 Q${x - 46} 0 ${x - 40} 0 H${x + 40} Q${x + 46} 0 ${x + 48} -4 L${x + 58} ${top} Z" fill="url(#sheen)"/>`,
        `<ellipse cx="${x}" cy="${top}" rx="60" ry="12" fill="${lid}"/>`,
        `<rect x="${x - 50}" y="${top + 50}" width="100" height="46" fill="${lid}" opacity="0.85"/>`,
        `<path d="M${x - 30} ${top + 73} H${x + 30}" stroke="#ffffff" stroke-width="4"/>`,
      ].join("");
    })
    .join("");
}

/** An earthenware pot of cream or fromage blanc, white to the brim. */
export function creamPot(random: Random, p: Palette) {
  const clay = random.pick(["#e9e1cf", "#c98b5a", "#f3efe4"]);
  return [
    `<path d="M-170 -250 L-140 -10 Q-138 0 -126 0 H126 Q138 0 140 -10 L170 -250 Z" fill="${clay}"/>`,
    `<path d="M-170 -250 L-140 -10 Q-138 0 -126 0 H126 Q138 0 140 -10 L170 -250 Z" fill="url(#sheen)"/>`,
    `<ellipse cx="0" cy="-250" rx="170" ry="34" fill="${clay}"/>`,
    `<ellipse cx="0" cy="-250" rx="150" ry="26" fill="#fbf9f2"/>`,
    `<path d="M-60 -256 q30 -22 60 -4 q30 18 60 -2" stroke="#efe9da" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    `<rect x="-110" y="-170" width="220" height="80" rx="6" fill="${p.paper}"/>`,
    `<path d="M-70 -138 H70 M-44 -116 H44" stroke="${p.surface}" stroke-width="4" opacity="0.7"/>`,
  ].join("");
}

/** A block of butter half out of its paper. */
export function butter(random: Random, p: Palette) {
  const band = random.pick(["#2c5d8a", "#c0392b", p.accent]);
  return [
    `<path d="M-200 -40 L-120 -150 H230 L150 -40 Z" fill="#fbe7a6"/>`,
    `<rect x="-200" y="-40" width="350" height="40" fill="#f2d27a"/>`,
    `<path d="M150 -40 L230 -150 V-110 L150 0 Z" fill="#e6c062"/>`,
    // The paper on the right half.
    `<path d="M20 -40 L100 -150 H236 L156 -40 Z" fill="${p.paper}"/>`,
    `<rect x="20" y="-40" width="136" height="46" fill="${p.paper}"/>`,
    `<path d="M156 -40 L236 -150 V-104 L156 6 Z" fill="#e8e1d0"/>`,
    `<path d="M40 -16 H140" stroke="${band}" stroke-width="10"/>`,
    `<path d="M60 -70 L110 -130" stroke="${band}" stroke-width="6" opacity="0.7"/>`,
  ].join("");
}

// ---------------------------------------------------------------------------------------------
// Wine, beer and spirits

/** A wine bottle of the seed's shape beside a glass of its colour. */
export function wineWithGlass(glass: string, wine: string, foil: string) {
  return (random: Random, p: Palette) => {
    const tall = random.next() < 0.5;
    const shoulder = tall ? -250 : -215;
    return [
      `<g transform="translate(-80 0)">`,
      `<path d="M-60 -10 Q-60 0 -50 0 H50 Q60 0 60 -10 V${shoulder} C60 ${shoulder - 45} 18 -300 18 -330 V-410 H-18 V-330 C-18 -300 -60 ${shoulder - 45} -60 ${shoulder} Z" fill="${glass}"/>`,
      `<rect x="-46" y="${shoulder + 10}" width="12" height="${-shoulder - 30}" rx="6" fill="#ffffff" opacity="0.2"/>`,
      `<rect x="-21" y="-420" width="42" height="70" rx="4" fill="${foil}"/>`,
      `<rect x="-50" y="-175" width="100" height="110" rx="4" fill="${p.paper}"/>`,
      `<path d="M-30 -130 H30 M-20 -105 H20" stroke="${wine}" stroke-width="5"/>`,
      "</g>",
      `<g transform="translate(110 0)">`,
      `<path d="M-55 -250 Q-60 -150 0 -140 Q60 -150 55 -250 Z" fill="#ffffff" opacity="0.25"/>`,
      `<path d="M-52 -205 Q-50 -150 0 -145 Q50 -150 52 -205 Z" fill="${wine}"/>`,
      `<path d="M-3 -140 V-10 M-40 -2 H40" stroke="#ffffff" stroke-opacity="0.45" stroke-width="6" stroke-linecap="round"/>`,
      "</g>",
    ].join("");
  };
}

/** A sparkling wine: heavy bottle with foil and cage, and a flute of bubbles. */
export function sparkling(wine: string) {
  return (random: Random, p: Palette) => {
    const bubbles: string[] = [];
    for (let i = 0; i < 8; i++) {
      bubbles.push(
        `<circle cx="${num(-14 + random.next() * 28)}" cy="${num(-330 + random.next() * 160)}" r="${num(2 + random.next() * 3)}"/>`,
      );
    }
    return [
      `<g transform="translate(-80 0)">`,
      `<path d="M-68 -10 Q-68 0 -56 0 H56 Q68 0 68 -10 V-230 C68 -290 20 -300 20 -340 V-410 H-20 V-340 C-20 -300 -68 -290 -68 -230 Z" fill="#1f3a2a"/>`,
      `<path d="M-22 -430 H22 V-330 C22 -300 50 -290 54 -270 H-54 C-50 -290 -22 -300 -22 -330 Z" fill="${p.accent}"/>`,
      `<path d="M-20 -420 L20 -400 M20 -420 L-20 -400" stroke="#d8d2c0" stroke-width="4"/>`,
      `<rect x="-56" y="-190" width="112" height="100" rx="4" fill="${p.paper}"/>`,
      `<path d="M-34 -146 H34 M-22 -122 H22" stroke="${p.accent}" stroke-width="5"/>`,
      "</g>",
      `<g transform="translate(110 0)">`,
      `<path d="M-28 -360 Q-34 -200 0 -170 Q34 -200 28 -360 Z" fill="#ffffff" opacity="0.25"/>`,
      `<path d="M-26 -330 Q-30 -200 0 -175 Q30 -200 26 -330 Z" fill="${wine}"/>`,
      `<g fill="#ffffff" opacity="0.7">${bubbles.join("")}</g>`,
      `<path d="M0 -170 V-10 M-36 -2 H36" stroke="#ffffff" stroke-opacity="0.45" stroke-width="6" stroke-linecap="round"/>`,
      "</g>",
    ].join("");
  };
}

/** A squat bottle of spirit with its stopper, and a tumbler. */
export function spiritBottle(random: Random, p: Palette) {
  const liquor = random.pick(["#b5651d", "#c98b2e", "#8a4b12", "#e8d8a8"]);
  return [
    `<g transform="translate(-70 0)">`,
    `<rect x="-90" y="-280" width="180" height="280" rx="24" fill="#ffffff" opacity="0.28"/>`,
    `<rect x="-80" y="-230" width="160" height="222" rx="18" fill="${liquor}"/>`,
    `<rect x="-30" y="-330" width="60" height="56" rx="6" fill="#ffffff" opacity="0.3"/>`,
    `<rect x="-36" y="-380" width="72" height="56" rx="10" fill="#5a3a22"/>`,
    `<rect x="-60" y="-170" width="120" height="90" rx="4" fill="${p.paper}"/>`,
    `<path d="M-36 -132 H36 M-24 -108 H24" stroke="${p.accent}" stroke-width="5"/>`,
    "</g>",
    `<g transform="translate(130 0)">`,
    `<path d="M-60 -150 L-52 0 H52 L60 -150 Z" fill="#ffffff" opacity="0.28"/>`,
    `<path d="M-56 -70 L-52 -4 H52 L56 -70 Z" fill="${liquor}"/>`,
    "</g>",
  ].join("");
}

/** A bottle of beer or cider and its glass: foam on beer, a bowl for cider. */
export function beerOrCider(cider: boolean) {
  return (random: Random, p: Palette) => {
    const drink = cider
      ? random.pick(["#e8b84a", "#d99a2b"])
      : random.pick(["#e3a93a", "#b0601e", "#f0d37a", "#2a160e"]);
    const bottle = cider ? "#2f5d3a" : "#5a2f12";
    const glass = cider
      ? [
          `<path d="M-80 -120 Q-80 0 0 0 Q80 0 80 -120 Z" fill="#efe6d2"/>`,
          `<ellipse cx="0" cy="-120" rx="80" ry="16" fill="${drink}"/>`,
          `<path d="M-70 -90 H70" stroke="${p.accent}" stroke-width="5"/>`,
        ]
      : [
          `<path d="M-56 -250 L-46 0 H46 L56 -250 Z" fill="#ffffff" opacity="0.25"/>`,
          `<path d="M-54 -214 L-46 -4 H46 L54 -214 Z" fill="${drink}"/>`,
          `<path d="M-58 -214 q14 -30 29 -8 q14 -26 29 -4 q14 -24 29 -2 q12 -20 29 14 Z" fill="#fbf6ea"/>`,
        ];
    return [
      `<g transform="translate(-90 0)">`,
      `<path d="M-52 -10 Q-52 0 -42 0 H42 Q52 0 52 -10 V-220 C52 -270 16 -280 16 -320 V-400 H-16 V-320 C-16 -280 -52 -270 -52 -220 Z" fill="${bottle}"/>`,
      `<rect x="-19" y="-410" width="38" height="22" rx="4" fill="${p.accent}"/>`,
      `<rect x="-44" y="-170" width="88" height="90" rx="4" fill="${p.paper}"/>`,
      `<path d="M-26 -132 H26 M-16 -110 H16" stroke="${bottle}" stroke-width="5"/>`,
      "</g>",
      `<g transform="translate(120 0)">${glass.join("")}</g>`,
    ].join("");
  };
}

// ---------------------------------------------------------------------------------------------
// Butcher's and delicatessen

/** A wooden board, what cuts of meat and fish lie on. */
function board(width = 460) {
  return [
    `<rect x="${-width / 2}" y="-36" width="${width}" height="36" rx="10" fill="#b98a55"/>`,
    `<path d="M${-width / 2 + 20} -18 H${width / 2 - 20}" stroke="#8a6236" stroke-width="3" opacity="0.5"/>`,
  ].join("");
}

/** A marbled cut of red meat on its board. */
export function redMeat(random: Random, _p: Palette) {
  const veins: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = -120 + random.next() * 200;
    const y = -150 + random.next() * 80;
    veins.push(
      `<path d="M${num(x)} ${num(y)} q30 ${random.int(-20, 20)} 60 ${random.int(-10, 10)}"/>`,
    );
  }
  return [
    board(),
    `<path d="M-190 -90 C-200 -190 -60 -230 60 -200 C180 -175 220 -110 180 -70 C150 -40 60 -36 -40 -36 C-130 -36 -184 -50 -190 -90 Z" fill="#f1dccb"/>`,
    `<path d="M-170 -92 C-176 -176 -56 -208 56 -182 C160 -160 190 -112 160 -80 C134 -56 56 -52 -38 -52 C-120 -52 -166 -62 -170 -92 Z" fill="#a8322d"/>`,
    `<g stroke="#f3d9cc" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.8">${veins.join("")}</g>`,
    `<path d="M-120 -150 C-60 -176 20 -176 80 -160" stroke="#ffffff" stroke-opacity="0.18" stroke-width="12" fill="none" stroke-linecap="round"/>`,
  ].join("");
}

/** A whole bird, trussed, ready for the oven. */
export function poultry(random: Random, _p: Palette) {
  const skin = random.pick(["#f1d3a8", "#efc99a", "#f4dcb8"]);
  return [
    board(),
    `<ellipse cx="-10" cy="-140" rx="190" ry="110" fill="${skin}"/>`,
    `<ellipse cx="-40" cy="-180" rx="110" ry="44" fill="#ffffff" opacity="0.2"/>`,
    `<path d="M120 -110 C200 -120 236 -70 200 -46 C180 -34 150 -50 130 -70 Z" fill="${skin}"/>`,
    shade("M120 -110 C200 -120 236 -70 200 -46 C180 -34 150 -50 130 -70 Z", 0.08),
    `<circle cx="214" cy="-52" r="14" fill="#f8efe0"/>`,
    `<path d="M-150 -60 C-190 -40 -200 -70 -190 -90" stroke="#c9a27a" stroke-width="6" fill="none"/>`,
  ].join("");
}

/** A cured ham on the bone. */
export function curedHam(random: Random, p: Palette) {
  const skin = random.pick(p.objects);
  return [
    `<path d="M-200 -70 C-210 -210 -20 -260 130 -170 L240 -230 L256 -206 L160 -140 C200 -80 170 0 40 0 H-130 C-180 0 -198 -40 -200 -70 Z" fill="${skin}"/>`,
    `<ellipse cx="-160" cy="-52" rx="52" ry="46" fill="#c46a62"/>`,
    `<ellipse cx="-160" cy="-52" rx="40" ry="34" fill="#d98b84"/>`,
    `<path d="M-196 -52 H-124" stroke="#f6e8df" stroke-width="5"/>`,
    `<circle cx="248" cy="-222" r="16" fill="${p.paper}"/>`,
  ].join("");
}

/** Overlapping slices of smoked salmon or trout on a board, with lemon. */
export function smokedFish(random: Random, _p: Palette) {
  const flesh = random.pick(["#f08a5d", "#ee7b52", "#e9966b"]);
  const slices = [-150, -60, 30, 120].map(
    (x, i) =>
      `<g transform="rotate(${-8 + i * 4} ${x} -90)"><path d="M${x - 70} -40 C${x - 80} -120 ${x - 20} -160 ${x + 60} -150 C${x + 40} -110 ${x + 30} -70 ${x + 40} -40 Z" fill="${flesh}"/><path d="M${x - 50} -60 q30 -40 80 -70 M${x - 30} -50 q30 -40 70 -70" stroke="#fde3d2" stroke-width="4" fill="none" opacity="0.8"/></g>`,
  );
  return [
    board(),
    slices.join(""),
    `<circle cx="190" cy="-80" r="42" fill="#f4d03f"/>`,
    `<circle cx="190" cy="-80" r="32" fill="#f9e79f"/>`,
    `<path d="M190 -112 V-48 M158 -80 H222" stroke="#f4d03f" stroke-width="3"/>`,
  ].join("");
}

/** An open tin of caviar and its mother-of-pearl spoon. */
export function caviar(random: Random, p: Palette) {
  const dots: string[] = [];
  for (let i = 0; i < 60; i++) {
    const angle = random.next() * Math.PI * 2;
    const r = Math.sqrt(random.next());
    dots.push(
      `<circle cx="${num(Math.cos(angle) * r * 140)}" cy="${num(-110 + Math.sin(angle) * r * 36)}" r="5"/>`,
    );
  }
  return [
    `<path d="M-170 -110 V-30 A170 40 0 0 0 170 -30 V-110 Z" fill="#b9bfc7"/>`,
    `<path d="M-170 -110 V-30 A170 40 0 0 0 170 -30 V-110 Z" fill="url(#sheen)"/>`,
    `<ellipse cx="0" cy="-110" rx="170" ry="44" fill="#9aa5b1"/>`,
    `<ellipse cx="0" cy="-110" rx="150" ry="38" fill="#1c1c1e"/>`,
    `<g fill="#3a3a3e">${dots.join("")}</g>`,
    `<ellipse cx="0" cy="-110" rx="150" ry="38" fill="none" stroke="${p.accent}" stroke-width="3"/>`,
    `<path d="M130 -20 L250 -60" stroke="#f3ece0" stroke-width="14" stroke-linecap="round"/>`,
    `<ellipse cx="118" cy="-16" rx="30" ry="16" fill="#f3ece0"/>`,
  ].join("");
}

// ---------------------------------------------------------------------------------------------
// Fruit, vegetables and the larder

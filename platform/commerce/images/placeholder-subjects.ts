import type { Palette } from "#platform/commerce/images/placeholder-palettes.ts";
import { num, type Random } from "#platform/commerce/images/placeholder-random.ts";

/**
 * More of what the demo pictures draw, one object a kind of product: cheeses by family, dairy
 * pots, wines by colour, meats, vegetables, dishes, breads and cakes. Each stands on (0, 0),
 * about 400 units tall at most and 500 wide, like the motifs of `placeholder-motifs.ts`.
 */

/** A darker or lighter shade over a shape, without computing colours. */
const shade = (d: string, opacity: number, colour = "#000000") =>
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

/** A carrot, a tomato and a leek. */
export function vegetables(_random: Random, _p: Palette) {
  return [
    // Leek, lying behind.
    `<rect x="-230" y="-120" width="420" height="54" rx="27" fill="#f2f0dc"/>`,
    `<path d="M60 -120 H190 Q230 -93 190 -66 H60 Z" fill="#5f8f3a"/>`,
    `<path d="M160 -120 L250 -160 M170 -66 L260 -40" stroke="#4f7f2f" stroke-width="16" stroke-linecap="round"/>`,
    // Carrot.
    `<path d="M-210 -40 L30 -70 L30 -20 Z" fill="#e67e22"/>`,
    `<path d="M-150 -44 l8 12 M-90 -52 l8 12 M-30 -58 l8 12" stroke="#c0651a" stroke-width="4"/>`,
    `<path d="M30 -60 l50 -40 M30 -45 l60 -10 M30 -30 l50 20" stroke="#3f7a3a" stroke-width="10" stroke-linecap="round"/>`,
    // Tomato.
    `<circle cx="-40" cy="-150" r="80" fill="#c8372d"/>`,
    `<circle cx="-68" cy="-178" r="18" fill="#ffffff" opacity="0.25"/>`,
    `<path d="M-40 -230 l-24 -10 M-40 -230 l24 -10 M-40 -230 l0 -22 M-40 -230 l-14 16 M-40 -230 l14 16" stroke="#3f7a3a" stroke-width="8" stroke-linecap="round"/>`,
  ].join("");
}

/** A bunch of fresh herbs tied with string. */
export function herbs(random: Random, _p: Palette) {
  const green = random.pick(["#3f7a3a", "#4f8f3a", "#2f6b3a"]);
  const stems: string[] = [];
  for (let i = 0; i < 9; i++) {
    const spread = -120 + i * 30;
    stems.push(
      `<path d="M0 -20 Q${num(spread * 0.4)} -160 ${spread} -300" stroke="${green}" stroke-width="5" fill="none"/>`,
      `<ellipse cx="${spread}" cy="-300" rx="22" ry="12" fill="${green}" transform="rotate(${-60 + i * 15} ${spread} -300)"/>`,
      `<ellipse cx="${num(spread * 0.75)}" cy="-230" rx="18" ry="10" fill="${green}" transform="rotate(${-40 + i * 10} ${num(spread * 0.75)} -230)"/>`,
      `<ellipse cx="${num(spread * 0.5)}" cy="-165" rx="16" ry="9" fill="${green}" opacity="0.85"/>`,
    );
  }
  return [
    stems.join(""),
    `<path d="M-14 -20 L-6 0 H6 L14 -20 Z" fill="${green}"/>`,
    `<path d="M-22 -90 H22" stroke="#c8a86a" stroke-width="10" stroke-linecap="round"/>`,
  ].join("");
}

/** Three mushrooms: brown ceps by default, golden chanterelles, or black truffles. */
export function mushrooms(kind: "cep" | "truffle") {
  return (random: Random, _p: Palette) => {
    if (kind === "truffle") {
      return [-120, 30, 150]
        .map((x, i) => {
          const r = 70 - i * 12;
          const bumps: string[] = [];
          for (let b = 0; b < 10; b++) {
            const a = (b / 10) * Math.PI * 2;
            bumps.push(
              `<circle cx="${num(x + Math.cos(a) * r * 0.9)}" cy="${num(-r + Math.sin(a) * r * 0.9)}" r="${num(r * 0.22)}"/>`,
            );
          }
          return `<g fill="#2a1f1a"><circle cx="${x}" cy="${-r}" r="${r}"/>${bumps.join("")}</g><circle cx="${x - r * 0.3}" cy="${-r * 1.3}" r="${num(r * 0.2)}" fill="#ffffff" opacity="0.12"/>`;
        })
        .join("");
    }
    const cap = random.pick(["#7a4a26", "#8c5a2b", "#e0a030"]);
    return [-140, 10, 150]
      .map((x, i) => {
        const h = 180 - i * 30;
        const w = 90 - i * 10;
        return [
          `<path d="M${x - w * 0.4} 0 Q${x - w * 0.5} ${-h * 0.5} ${x - w * 0.35} ${-h} H${x + w * 0.35} Q${x + w * 0.5} ${-h * 0.5} ${x + w * 0.4} 0 Z" fill="#efe4cc"/>`,
          `<path d="M${x - w} ${-h + 10} Q${x - w} ${-h - w * 1.1} ${x} ${-h - w * 1.1} Q${x + w} ${-h - w * 1.1} ${x + w} ${-h + 10} Z" fill="${cap}"/>`,
          `<ellipse cx="${x - w * 0.4}" cy="${-h - w * 0.6}" rx="${num(w * 0.3)}" ry="${num(w * 0.15)}" fill="#ffffff" opacity="0.2"/>`,
        ].join("");
      })
      .join("");
  };
}

/** A bowl heaped with nuts or dried fruit. */
export function nutBowl(random: Random, p: Palette) {
  const nut = random.pick(["#a8743a", "#8c5a2b", "#c49a5a", "#6b3a26"]);
  const nuts: string[] = [];
  for (let i = 0; i < 22; i++) {
    const x = -150 + random.next() * 300;
    const y = -150 - random.next() * 60 + Math.abs(x) * 0.25;
    nuts.push(
      `<ellipse cx="${num(x)}" cy="${num(y)}" rx="22" ry="13" transform="rotate(${random.int(-50, 50)} ${num(x)} ${num(y)})"/>`,
    );
  }
  return [
    `<g fill="${nut}">${nuts.join("")}</g>`,
    `<path d="M-200 -140 Q-190 0 0 0 Q190 0 200 -140 Z" fill="${random.pick(p.objects)}"/>`,
    `<path d="M-200 -140 Q-190 0 0 0 Q190 0 200 -140 Z" fill="url(#sheen)"/>`,
    `<ellipse cx="0" cy="-140" rx="200" ry="20" fill="#000000" opacity="0.1"/>`,
  ].join("");
}

/** A paper bag of pasta, rice, pulses or coffee, with a window on its contents. */
export function paperBag(contents: "pasta" | "grains" | "beans") {
  return (random: Random, p: Palette) => {
    const paper = random.pick(["#d9c4a0", "#c9b08a", p.paper]);
    const inside: string[] = [];
    for (let i = 0; i < 14; i++) {
      const x = -70 + (i % 5) * 35 + random.next() * 8;
      const y = -200 + Math.floor(i / 5) * 30 + random.next() * 8;
      inside.push(
        contents === "pasta"
          ? `<rect x="${num(x)}" y="${num(y)}" width="34" height="8" rx="4" fill="#f1cf7a" transform="rotate(${random.int(-30, 30)} ${num(x)} ${num(y)})"/>`
          : contents === "beans"
            ? `<ellipse cx="${num(x)}" cy="${num(y)}" rx="12" ry="9" fill="#4a2a1a"/><path d="M${num(x - 8)} ${num(y)} H${num(x + 8)}" stroke="#2a160e" stroke-width="2"/>`
            : `<ellipse cx="${num(x)}" cy="${num(y)}" rx="11" ry="8" fill="${random.pick(["#7a8a3a", "#b5562f", "#e8dcc0"])}"/>`,
      );
    }
    return [
      `<path d="M-130 0 L-120 -330 H120 L130 0 Z" fill="${paper}"/>`,
      `<path d="M-120 -330 L-100 -360 H100 L120 -330 Z" fill="${paper}"/>`,
      shade("M-120 -330 L-100 -360 H100 L120 -330 Z", 0.12),
      `<rect x="-90" y="-230" width="180" height="110" rx="10" fill="#fbf6ea"/>`,
      inside.join(""),
      `<rect x="-90" y="-230" width="180" height="110" rx="10" fill="none" stroke="${p.accent}" stroke-width="3"/>`,
      `<rect x="-90" y="-100" width="180" height="60" fill="${p.paper}"/>`,
      `<path d="M-60 -76 H60 M-40 -58 H40" stroke="${p.surface}" stroke-width="4" opacity="0.7"/>`,
    ].join("");
  };
}

/** Little jars of ground spices, salt or pepper. */
export function spiceJars(random: Random, p: Palette) {
  return [-140, 0, 140]
    .map((x, i) => {
      const colour = random.pick(["#b5562f", "#c99a2e", "#7c3b2a", "#efe9dd", "#2b2b2b"]);
      const h = 190 - i * 20;
      return [
        `<rect x="${x - 55}" y="${-h}" width="110" height="${h}" rx="16" fill="#ffffff" opacity="0.35"/>`,
        `<rect x="${x - 48}" y="${-h * 0.7}" width="96" height="${num(h * 0.7 - 8)}" rx="10" fill="${colour}"/>`,
        `<rect x="${x - 52}" y="${-h - 40}" width="104" height="44" rx="8" fill="${p.accent}"/>`,
        `<rect x="${x - 40}" y="${-h * 0.55}" width="80" height="44" fill="${p.paper}"/>`,
      ].join("");
    })
    .join("");
}

/** A bowl of olives, chips or crackers for the aperitif. */
export function aperitifBowl(random: Random, p: Palette) {
  const olives = random.next() < 0.5;
  const bits: string[] = [];
  for (let i = 0; i < 18; i++) {
    const x = -150 + random.next() * 300;
    const y = -140 - random.next() * 50 + Math.abs(x) * 0.2;
    bits.push(
      olives
        ? `<ellipse cx="${num(x)}" cy="${num(y)}" rx="20" ry="14" fill="${random.pick(["#5a6b2a", "#3a2a1f", "#6b7a3a"])}"/>`
        : `<path d="M${num(x - 24)} ${num(y)} q24 -22 48 0 q-24 10 -48 0 Z" fill="#e8c06a"/>`,
    );
  }
  return [
    bits.join(""),
    `<path d="M-190 -130 Q-180 0 0 0 Q180 0 190 -130 Z" fill="${p.paper}"/>`,
    `<path d="M-190 -130 Q-180 0 0 0 Q180 0 190 -130 Z" fill="${p.accent}" opacity="0.25"/>`,
    `<path d="M-160 -70 H160" stroke="${p.accent}" stroke-width="5"/>`,
  ].join("");
}

// ---------------------------------------------------------------------------------------------
// Sweet larder

/** A ballotin box of chocolates, lid leaning behind it. */
export function ballotin(random: Random, p: Palette) {
  const box = random.pick(["#c9a24a", "#7d2942", "#f6efe0"]);
  const chocolates: string[] = [];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 5; col++) {
      const x = -160 + col * 80;
      const y = -90 + row * 46;
      chocolates.push(
        `<ellipse cx="${x}" cy="${y}" rx="30" ry="18" fill="${random.pick(["#3b1f14", "#5a2d22", "#7a4a2a", "#efe0c8"])}"/>`,
      );
    }
  }
  return [
    `<rect x="-220" y="-300" width="440" height="150" rx="8" fill="${box}" transform="rotate(-6 0 -150)"/>`,
    `<rect x="-30" y="-306" width="60" height="156" fill="${p.accent}" transform="rotate(-6 0 -150)"/>`,
    `<rect x="-210" y="-140" width="420" height="140" rx="8" fill="${box}"/>`,
    `<rect x="-196" y="-126" width="392" height="112" rx="6" fill="#2a1610"/>`,
    chocolates.join(""),
  ].join("");
}

/** A stack of round biscuits beside a few more. */
export function biscuits(random: Random, _p: Palette) {
  const colour = random.pick(["#d9a45a", "#c98b3c", "#e3b76e"]);
  const stack = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<ellipse cx="-70" cy="${-20 - i * 34}" rx="110" ry="30" fill="${colour}"/><ellipse cx="-70" cy="${-26 - i * 34}" rx="96" ry="22" fill="#ffffff" opacity="0.14"/>`,
    )
    .join("");
  return [
    stack,
    `<ellipse cx="140" cy="-30" rx="100" ry="28" fill="${colour}"/>`,
    `<g fill="#8a5a2a" opacity="0.5"><circle cx="110" cy="-34" r="4"/><circle cx="150" cy="-26" r="4"/><circle cx="180" cy="-36" r="4"/><circle cx="-100" cy="-160" r="4"/><circle cx="-40" cy="-164" r="4"/></g>`,
  ].join("");
}

/** A tea caddy and a cup. */
export function teaCaddy(random: Random, p: Palette) {
  const tin = random.pick(p.objects);
  return [
    `<g transform="translate(-70 0)">`,
    `<rect x="-90" y="-300" width="180" height="300" rx="10" fill="${tin}"/>`,
    `<rect x="-90" y="-300" width="180" height="300" rx="10" fill="url(#sheen)"/>`,
    `<rect x="-96" y="-330" width="192" height="40" rx="8" fill="${p.accent}"/>`,
    `<rect x="-64" y="-210" width="128" height="110" fill="${p.paper}"/>`,
    `<path d="M-40 -166 H40 M-28 -140 H28" stroke="${tin}" stroke-width="5"/>`,
    "</g>",
    `<g transform="translate(140 0)">`,
    `<path d="M-70 -110 Q-66 0 0 0 Q66 0 70 -110 Z" fill="${p.paper}"/>`,
    `<ellipse cx="0" cy="-110" rx="70" ry="14" fill="#a8632a"/>`,
    `<path d="M68 -90 q40 0 30 34 q-8 20 -34 18" stroke="${p.paper}" stroke-width="10" fill="none"/>`,
    "</g>",
  ].join("");
}

/** A jar of honey with its wooden dipper. */
export function honeyJar(random: Random, p: Palette) {
  const honey = random.pick(["#e0a030", "#c98a1e", "#f0c04a", "#8a4b12"]);
  return [
    `<rect x="-110" y="-250" width="220" height="250" rx="40" fill="${honey}"/>`,
    `<rect x="-110" y="-250" width="220" height="250" rx="40" fill="url(#sheen)"/>`,
    `<rect x="-120" y="-300" width="240" height="56" rx="8" fill="#efe3c8"/>`,
    `<path d="M-120 -280 H120" stroke="${p.accent}" stroke-width="5"/>`,
    `<rect x="-80" y="-170" width="160" height="90" rx="4" fill="${p.paper}"/>`,
    `<path d="M-40 -130 l14 -8 l14 8 v16 l-14 8 l-14 -8 Z M0 -130 l14 -8 l14 8 v16 l-14 8 l-14 -8 Z" fill="none" stroke="${honey}" stroke-width="3"/>`,
    `<path d="M130 -40 L200 -300" stroke="#a8743a" stroke-width="10" stroke-linecap="round"/>`,
    `<g fill="#a8743a"><ellipse cx="126" cy="-30" rx="26" ry="14"/><ellipse cx="132" cy="-52" rx="22" ry="12"/></g>`,
  ].join("");
}

// ---------------------------------------------------------------------------------------------
// Caterer

/** A cast-iron casserole with its lid, steaming. */
export function casserole(random: Random, _p: Palette) {
  const iron = random.pick(["#a8322d", "#2f4e6e", "#3c5a3a", "#2b2b2b"]);
  return [
    `<path d="M-190 -170 V-30 Q-190 0 -160 0 H160 Q190 0 190 -30 V-170 Z" fill="${iron}"/>`,
    `<path d="M-190 -170 V-30 Q-190 0 -160 0 H160 Q190 0 190 -30 V-170 Z" fill="url(#sheen)"/>`,
    `<path d="M-228 -140 H-190 M190 -140 H228" stroke="${iron}" stroke-width="22" stroke-linecap="round"/>`,
    `<path d="M-200 -170 Q0 -240 200 -170 Z" fill="${iron}"/>`,
    `<rect x="-26" y="-226" width="52" height="22" rx="10" fill="#c8a86a"/>`,
    `<g stroke="#ffffff" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.45"><path d="M-80 -250 q-20 -30 0 -60 q20 -30 0 -60"/><path d="M0 -260 q-20 -30 0 -60 q20 -30 0 -60"/><path d="M80 -250 q-20 -30 0 -60 q20 -30 0 -60"/></g>`,
  ].join("");
}

/** A salad bowl of leaves and tomatoes. */
export function saladBowl(random: Random, p: Palette) {
  const leaves: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = -150 + random.next() * 300;
    const y = -150 - random.next() * 60 + Math.abs(x) * 0.2;
    leaves.push(
      `<ellipse cx="${num(x)}" cy="${num(y)}" rx="34" ry="18" fill="${random.pick(["#6b9a3a", "#8fae3a", "#4f7f2f"])}" transform="rotate(${random.int(-50, 50)} ${num(x)} ${num(y)})"/>`,
    );
  }
  return [
    leaves.join(""),
    `<g fill="#c8372d"><circle cx="-60" cy="-190" r="18"/><circle cx="50" cy="-200" r="16"/><circle cx="120" cy="-170" r="14"/></g>`,
    `<path d="M-200 -140 Q-190 0 0 0 Q190 0 200 -140 Z" fill="${p.paper}"/>`,
    `<path d="M-200 -140 Q-190 0 0 0 Q190 0 200 -140 Z" fill="url(#sheen)"/>`,
    `<path d="M-170 -80 H170" stroke="${p.accent}" stroke-width="5"/>`,
  ].join("");
}

/** A bowl of soup, steaming. */
export function soupBowl(random: Random, p: Palette) {
  const soup = random.pick(["#e08a2c", "#c9a24a", "#8c5a2b", "#6b8f3a", "#c0392b"]);
  return [
    `<path d="M-200 -150 Q-190 0 0 0 Q190 0 200 -150 Z" fill="${p.paper}"/>`,
    `<path d="M-200 -150 Q-190 0 0 0 Q190 0 200 -150 Z" fill="url(#sheen)"/>`,
    `<ellipse cx="0" cy="-150" rx="200" ry="34" fill="${p.paper}"/>`,
    `<ellipse cx="0" cy="-150" rx="180" ry="26" fill="${soup}"/>`,
    `<path d="M-40 -156 q20 -10 40 0 q20 10 40 0" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.6"/>`,
    `<g stroke="#ffffff" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.45"><path d="M-60 -200 q-20 -30 0 -60 q20 -30 0 -60"/><path d="M40 -200 q-20 -30 0 -60 q20 -30 0 -60"/></g>`,
  ].join("");
}

/** A sandwich on a half baguette: bread, leaves, filling. */
export function sandwich(random: Random, _p: Palette) {
  const filling = random.pick(["#e7a0a0", "#f2d27a", "#f08a5d", "#b5562f"]);
  return [
    `<path d="M-230 -60 Q-230 -20 -190 -20 H190 Q230 -20 230 -60 Z" fill="#c17c3a"/>`,
    `<path d="M-220 -60 q20 -16 40 0 q20 -16 40 0 q20 -16 40 0 q20 -16 40 0 q20 -16 40 0 q20 -16 40 0 q20 -16 40 0 q20 -16 40 0 q20 -16 40 0 q20 -16 40 0 q20 -16 40 0" fill="#6b9a3a"/>`,
    `<rect x="-215" y="-96" width="430" height="30" rx="10" fill="${filling}"/>`,
    `<path d="M-230 -100 Q-230 -170 -160 -170 H160 Q230 -170 230 -100 Z" fill="#c98a45"/>`,
    `<g stroke="#f3ddb3" stroke-width="8" stroke-linecap="round"><path d="M-150 -150 l40 -10"/><path d="M-30 -150 l40 -10"/><path d="M90 -150 l40 -10"/></g>`,
    `<rect x="-200" y="-20" width="400" height="20" rx="4" fill="#b98a55"/>`,
  ].join("");
}

// ---------------------------------------------------------------------------------------------
// Bakery

/** A croissant, and a second behind it. */
export function croissant(random: Random, p: Palette) {
  const crust = random.pick(p.objects);
  const one = (dx: number, dy: number, s: number) => {
    const segments = [-2, -1, 0, 1, 2].map(
      (i) =>
        `<ellipse cx="${i * 52}" cy="${-70 + Math.abs(i) * 18}" rx="${44 - Math.abs(i) * 8}" ry="${60 - Math.abs(i) * 12}" fill="${crust}"/>`,
    );
    return `<g transform="translate(${dx} ${dy}) scale(${s})">${segments.join("")}<g stroke="#7a4a22" stroke-width="4" opacity="0.35"><path d="M-78 -110 v80 M-26 -128 v110 M26 -128 v110 M78 -110 v80"/></g></g>`;
  };
  return [one(60, -100, 0.8), one(-40, 0, 1.15)].join("");
}

/** A loaf cake, a slice cut from it. */
export function loafCake(random: Random, _p: Palette) {
  const crumb = random.pick(["#f2d27a", "#e8c47a", "#8a5a2b"]);
  return [
    `<path d="M-220 -150 Q-100 -220 40 -150 V0 H-220 Z" fill="#b0652c"/>`,
    `<path d="M-200 -160 Q-100 -200 20 -160" stroke="#8a4b1e" stroke-width="8" fill="none"/>`,
    `<path d="M40 -150 Q60 -160 70 -150 V0 H40 Z" fill="#9a5524"/>`,
    `<g transform="translate(150 0)">`,
    `<path d="M-60 -140 Q0 -180 60 -140 V0 H-60 Z" fill="#b0652c"/>`,
    `<path d="M-50 -132 Q0 -166 50 -132 V-10 H-50 Z" fill="${crumb}"/>`,
    `<g fill="#ffffff" opacity="0.35"><circle cx="-20" cy="-90" r="4"/><circle cx="14" cy="-60" r="4"/><circle cx="-6" cy="-30" r="3"/></g>`,
    "</g>",
  ].join("");
}

/** Macarons in a row and stacked, in pastel colours. */
export function macarons(random: Random, _p: Palette) {
  const colours = ["#f2a7b8", "#b8d8a8", "#f4d27a", "#c9a7e0", "#8c5a2b", "#f6c6a0"];
  const one = (x: number, y: number) => {
    const shell = random.pick(colours);
    return [
      `<ellipse cx="${x}" cy="${y - 20}" rx="62" ry="24" fill="${shell}"/>`,
      `<rect x="${x - 56}" y="${y - 56}" width="112" height="16" rx="6" fill="#fbf3e2"/>`,
      `<ellipse cx="${x}" cy="${y - 70}" rx="62" ry="26" fill="${shell}"/>`,
      `<ellipse cx="${x - 18}" cy="${y - 80}" rx="20" ry="6" fill="#ffffff" opacity="0.35"/>`,
    ].join("");
  };
  return [one(-140, 0), one(0, 0), one(140, 0), one(-70, -86), one(70, -86), one(0, -172)].join("");
}

/** A savoury tart: golden custard with leeks or lardons. */
export function quiche(random: Random, _p: Palette) {
  const bits: string[] = [];
  for (let i = 0; i < 16; i++) {
    const angle = random.next() * Math.PI * 2;
    const r = Math.sqrt(random.next());
    bits.push(
      `<ellipse cx="${num(Math.cos(angle) * r * 160)}" cy="${num(-110 + Math.sin(angle) * r * 38)}" rx="12" ry="6" fill="${random.pick(["#6b9a3a", "#c46a62", "#8fae3a"])}"/>`,
    );
  }
  return [
    `<path d="M-200 -110 V-40 A200 50 0 0 0 200 -40 V-110 Z" fill="#c98a45"/>`,
    `<path d="M-200 -110 V-40 A200 50 0 0 0 200 -40 V-110 Z" fill="url(#sheen)"/>`,
    `<ellipse cx="0" cy="-110" rx="200" ry="52" fill="#d9a45a"/>`,
    `<ellipse cx="0" cy="-110" rx="180" ry="44" fill="#f2d27a"/>`,
    `<g opacity="0.9">${bits.join("")}</g>`,
    `<g fill="#b0652c" opacity="0.35"><ellipse cx="-60" cy="-120" rx="40" ry="10"/><ellipse cx="70" cy="-100" rx="34" ry="8"/></g>`,
  ].join("");
}

/** A cheese board: a round soft cheese, a wedge, a goat's log and grapes. */
export function cheeseBoard(random: Random, p: Palette) {
  const grapes: string[] = [];
  for (let i = 0; i < 12; i++) {
    grapes.push(
      `<circle cx="${num(170 + (i % 4) * 18 - Math.floor(i / 4) * 8)}" cy="${num(-60 - Math.floor(i / 4) * 22)}" r="13"/>`,
    );
  }
  return [
    `<g transform="scale(1.3)">`,
    `<rect x="-250" y="-30" width="500" height="30" rx="10" fill="#b98a55"/>`,
    `<g transform="translate(-120 -30) scale(0.55)">${softCheese("#f4f1e6", "#f3dc9a")(random, p)}</g>`,
    `<g transform="translate(60 -30) scale(0.5)">${cheeseWedge("#f2c85b", "#b98a2e", false)(random, p)}</g>`,
    `<g fill="#6b2f5a">${grapes.join("")}</g>`,
    `<g transform="translate(-20 -10) scale(0.4)"><rect x="-220" y="-130" width="380" height="130" rx="64" fill="#f5f2e8"/><ellipse cx="160" cy="-65" rx="50" ry="65" fill="#4a4a48"/><ellipse cx="162" cy="-65" rx="44" ry="59" fill="#f7f3e6"/></g>`,
    "</g>",
  ].join("");
}

import type { Palette } from "#platform/commerce/images/placeholder/palettes.ts";
import { num, type Random } from "#platform/commerce/images/placeholder/random.ts";
import { cheeseWedge, shade, softCheese } from "#platform/commerce/images/placeholder/subjects.ts";

/**
 * The rest of what the demo pictures draw: vegetables, herbs and mushrooms, the pantry (nuts,
 * dry goods, spices, sweets, tea, honey), dishes, breads and cakes. Same frame as
 * `subjects.ts`: each stands on (0, 0), about 400 units tall and 500 wide at most.
 */

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

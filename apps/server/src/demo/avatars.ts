/**
 * Illustrated portraits for the demo family: a face, hair and a sweater in the
 * member's colour on a valley background, rendered from SVG by the same photo
 * pipeline real uploads go through.
 */
export interface AvatarLook {
  colour: string;
  skin: string;
  hair: string;
  longHair: boolean;
  beard?: boolean;
  glasses?: boolean;
}

export function avatarSvg(look: AvatarLook): Buffer {
  const hairBack = look.longHair
    ? `<path d="M150 250c0-110 60-170 106-170s106 60 106 170v120H150z" fill="${look.hair}"/>`
    : '';
  const beard = look.beard
    ? `<path d="M196 262c10 52 38 74 60 74s50-22 60-74c-18 14-40 20-60 20s-42-6-60-20z" fill="${look.hair}" opacity=".9"/>`
    : '';
  const glasses = look.glasses
    ? `<g fill="none" stroke="#2b2b2b" stroke-width="7"><circle cx="224" cy="236" r="22"/><circle cx="288" cy="236" r="22"/><path d="M246 236h20"/></g>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe3ef"/><stop offset="1" stop-color="#f3efe6"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#sky)"/>
  <path d="M0 330 120 190 210 290 300 160 420 300 512 220V512H0z" fill="#9fb3a3"/>
  <path d="M0 380 140 280 260 360 380 270 512 350V512H0z" fill="#6f8f76"/>
  ${hairBack}
  <path d="M96 512c10-110 80-160 160-160s150 50 160 160z" fill="${look.colour}"/>
  <rect x="226" y="300" width="60" height="70" rx="24" fill="${look.skin}"/>
  <ellipse cx="256" cy="236" rx="78" ry="94" fill="${look.skin}"/>
  <path d="M176 220c0-70 40-110 80-110s80 40 80 110c-20-38-48-56-80-56s-60 18-80 56z" fill="${look.hair}"/>
  <circle cx="226" cy="238" r="7" fill="#2b2b2b"/><circle cx="286" cy="238" r="7" fill="#2b2b2b"/>
  <path d="M232 286c14 12 34 12 48 0" stroke="#7a3b2e" stroke-width="7" fill="none" stroke-linecap="round"/>
  ${beard}${glasses}
</svg>`;
  return Buffer.from(svg);
}

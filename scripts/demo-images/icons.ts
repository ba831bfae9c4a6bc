// Line icons of the demo pictures, drawn in a 100 x 100 box and stroked (scripts/generate-demo-images.ts).

const ICONS = {
  scales: `
    <path d="M50 14v66M30 86h40M38 80h24M18 26h64"/>
    <circle cx="50" cy="14" r="3.5"/>
    <path d="M22 26 10 54M22 26l12 28M78 26 66 54M78 26l12 28"/>
    <path d="M8 54h28a14 8 0 0 1-28 0zM64 54h28a14 8 0 0 1-28 0z"/>`,
  columns: `
    <path d="M10 32 50 10l40 22z"/>
    <path d="M14 36h72M18 42v34M34 42v34M50 42v34M66 42v34M82 42v34M12 80h76M8 88h84"/>`,
  gavel: `
    <path d="M22 40 44 18l20 20-22 22z"/>
    <path d="M40 14l28 28M18 36l28 28"/>
    <path d="M53 49 86 82"/>
    <path d="M10 90h44M16 84h32"/>`,
  house: `
    <path d="M12 48 50 16l38 32"/>
    <path d="M22 42v44h56V42"/>
    <path d="M42 86V62h16v24"/>
    <path d="M66 24v-8h8v15"/>`,
  shield: `
    <path d="M50 8 86 20v26c0 22-16 38-36 46C30 84 14 68 14 46V20z"/>
    <path d="M34 48l12 12 22-24"/>`,
  briefcase: `
    <rect x="12" y="30" width="76" height="54" rx="6"/>
    <path d="M38 30v-8a4 4 0 0 1 4-4h16a4 4 0 0 1 4 4v8M12 54h76M44 50h12v8H44z"/>`,
  family: `
    <circle cx="30" cy="26" r="9"/><circle cx="70" cy="26" r="9"/><circle cx="50" cy="50" r="7"/>
    <path d="M16 70c0-16 6-28 14-28s14 12 14 28M56 70c0-16 6-28 14-28s14 12 14 28M40 86c0-12 4-22 10-22s10 10 10 22"/>`,
  receipt: `
    <path d="M24 10h52v80l-9-6-9 6-8-6-8 6-9-6-9 6z"/>
    <path d="M34 28h32M34 40h32M34 52h20"/>
    <circle cx="62" cy="66" r="8"/><path d="M58 66l3 3 5-6"/>`,
  badge: `
    <rect x="20" y="22" width="60" height="68" rx="6"/>
    <path d="M42 22V10h16v12"/>
    <circle cx="50" cy="46" r="10"/>
    <path d="M34 76c0-10 7-16 16-16s16 6 16 16"/>`,
  book: `
    <path d="M50 24c-10-8-24-10-38-8v62c14-2 28 0 38 8 10-8 24-10 38-8V16c-14-2-28 0-38 8z"/>
    <path d="M50 24v62M22 32c8 0 14 1 20 4M22 44c8 0 14 1 20 4M58 36c6-3 12-4 20-4M58 48c6-3 12-4 20-4"/>`,
  document: `
    <path d="M24 8h36l20 20v64H24z"/><path d="M60 8v20h20"/>
    <path d="M34 44h36M34 56h36M34 68h24"/>`,
  mic: `
    <rect x="38" y="10" width="24" height="44" rx="12"/>
    <path d="M28 42c0 14 10 24 22 24s22-10 22-24M50 66v18M34 90h32"/>`,
  calendar: `
    <rect x="12" y="18" width="76" height="70" rx="6"/>
    <path d="M12 36h76M32 10v16M68 10v16"/>
    <path d="M26 50h8M46 50h8M66 50h8M26 64h8M46 64h8M66 64h8M26 76h8M46 76h8"/>`,
  handshake: `
    <path d="M6 40l18-12 16 6 10-6 14 4 18-8 12 14"/>
    <path d="M6 40l10 22M94 38 84 60"/>
    <path d="M16 62l16 14c4 4 8 4 10 0 4 4 8 4 10 0 4 3 8 2 10-2 4 2 8 0 8-4L84 60"/>
    <path d="M40 34l-8 10c-3 4 2 9 6 6l12-8 16 14"/>`,
  shieldLock: `
    <path d="M50 8 86 20v26c0 22-16 38-36 46C30 84 14 68 14 46V20z"/>
    <rect x="36" y="44" width="28" height="22" rx="3"/><path d="M42 44v-8a8 8 0 0 1 16 0v8"/>`,
};

/** An icon's name. */
export type IconName = keyof typeof ICONS;

export function icon(name: IconName, x: number, y: number, size: number, color: string, width = 3.2, opacity = 1): string {
  const s = size / 100;
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}">${ICONS[name]}</g>`;
}

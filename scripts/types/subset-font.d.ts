// The part of subset-font's API scripts/subset-fonts.ts uses (the package ships no types; decision 0089).
declare module 'subset-font' {
  export interface SubsetOptions {
    targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt';
    preserveNameIds?: number[];
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: SubsetOptions): Promise<Buffer>;
}

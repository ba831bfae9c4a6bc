import type { Sharp, SharpOptions } from 'sharp';

type SharpFactory = (input?: string | Buffer, options?: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips, about 15 MB resident) loaded on the first image that needs it, not at start: most
 * server processes only serve pages. Its operation cache is off: each upload is decoded once, and the
 * cache (up to 50 MB by default) would only keep finished images resident.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(
    (m) => {
      const sharp = m.default;
      sharp.cache(false);
      return sharp as SharpFactory;
    },
    (err: unknown) => {
      // Not remembered: the next image tries again (and fails with the same clear error if it must).
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

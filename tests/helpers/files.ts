import sharp from 'sharp';

/** A real PNG image of the given size. */
export async function pngBytes(width = 64, height = 48, color = '#1d2b44'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export async function jpgBytes(width = 64, height = 48, color = '#c9a45c'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();
}

/** A minimal valid PDF document. */
export function pdfBytes(text = 'Hello'): Buffer {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R>>endobj\n4 0 obj<</Length ${text.length + 20}>>stream\nBT /F1 12 Tf (${text}) Tj ET\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`;
  return Buffer.from(body);
}

export function file(bytes: Buffer, name: string, type = 'application/octet-stream'): Blob & { name: string } {
  const f = new File([new Uint8Array(bytes)], name, { type });
  return f as Blob & { name: string };
}

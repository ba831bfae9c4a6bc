/** One picture of the demo set: its file under db/demo/images, its size in pixels, its SVG markup and format. */
export interface DemoImage {
  name: string;
  width: number;
  height: number;
  markup: string;
  format: 'jpg' | 'png';
}

export function image(name: string, width: number, height: number, markup: string, format: DemoImage['format'] = 'jpg'): DemoImage {
  return { name, width, height, markup, format };
}

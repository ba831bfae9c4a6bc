import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

// Only the parts the Insights charts use (Chart.js is tree-shaken into the admin's Insights chunk alone).
Chart.register(LineController, LineElement, PointElement, BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** One Chart.js chart on a canvas, drawn again when its configuration changes. `label` names it for screen readers. */
export function ChartCanvas(props: { config: ChartConfiguration<'line' | 'bar'>; label: string; height?: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { config } = props;
  useEffect(() => {
    if (!ref.current) return;
    const chart = new Chart(ref.current, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div style={{ position: 'relative', height: props.height ?? 260 }}>
      <canvas ref={ref} role="img" aria-label={props.label} data-chart={props.label} />
    </div>
  );
}

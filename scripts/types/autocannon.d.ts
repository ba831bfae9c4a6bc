// The part of autocannon's API the bench scripts use (the package ships no types; decision 0086).
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** A fixed number of requests instead of a duration. */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}

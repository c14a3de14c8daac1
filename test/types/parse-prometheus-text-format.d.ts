/** The Prometheus text parser the metrics tests read scrapes with (the package ships no types). */
declare module 'parse-prometheus-text-format' {
  /** One metric family: counters and gauges have `value` per sample, histograms `buckets`, `count` and `sum`. */
  interface MetricFamily {
    name: string;
    help: string;
    type: string;
    metrics: { value?: string; count?: string; sum?: string; buckets?: Record<string, string>; labels?: Record<string, string> }[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}

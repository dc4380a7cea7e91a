/** A Chrome trace event, as much of it as the phases read. */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time at the start of a complete event, and its thread time, µs. */
  tts?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; documentLoaderURL?: string } };
}

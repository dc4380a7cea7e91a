/**
 * Starts downloading files the map asks for a little later, so that they are in the HTTP cache by then (the
 * build's files are served as immutable). A failure here is the later request's to report.
 */
export function fetchAhead(urls: readonly string[]): void {
  for (const url of urls) {
    fetch(url)
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  }
}

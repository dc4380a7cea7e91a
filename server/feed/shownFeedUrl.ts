/**
 * The feed's address as the console shows it: without a name or password in it, and with each query value hidden
 * (an API key is often passed as one), so that a viewer never reads a secret off the feed page.
 */
export function shownFeedUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return '(not a URL)';
  }
  url.username = '';
  url.password = '';
  url.hash = '';
  const names = [...new Set(url.searchParams.keys())];
  url.search = '';
  const query = names.map((name) => `${encodeURIComponent(name)}=…`).join('&');
  return query === '' ? url.toString() : `${url.toString()}?${query}`;
}

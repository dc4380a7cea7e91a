import { SEARCH_DEBOUNCE_MS } from '../src/config';

/**
 * The alternatives' search box: a plain input with the product's placeholder and debounce (spec §5), so
 * the runner types into every page the same way. `apply` gets the text once typing pauses.
 */
export function attachSearchBox(apply: (text: string) => void): void {
  const input = document.querySelector<HTMLInputElement>('#search');
  if (!input) throw new Error('the page has no #search input');
  let timer: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => apply(input.value), SEARCH_DEBOUNCE_MS);
  });
}

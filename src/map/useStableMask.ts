import { useState } from 'react';

function sameValues(a: Float32Array, b: Float32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The shown mask, kept while its values stay the same: a search key or a live change that shows the same
 * machines keeps the layer, so deck.gl has nothing to update and the map draws no frame.
 */
export function useStableMask(mask: Float32Array): Float32Array {
  const [kept, setKept] = useState(mask);
  if (kept !== mask && !sameValues(kept, mask)) {
    setKept(mask);
    return mask;
  }
  return kept;
}

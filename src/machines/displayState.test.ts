import { describe, expect, it } from 'vitest';
import { captionKeyOf, displayStateOf } from './displayState';

const base = { under_maintenance: false, service_status: 0 };

describe('display state (docs/spec.md#display-states)', () => {
  it.each([
    [{ ...base, status: 'Full' }, 'full', 'Full'],
    [{ ...base, status: '<=5%' }, 'nearlyFull', '<=5%'],
    [{ ...base, status: '<=20%' }, 'nearlyFull', '<=20%'],
    [{ ...base, status: '<=40%' }, 'available', '<=40%'],
    [{ ...base, status: '>40%' }, 'available', '>40%'],
    [{ ...base, status: 'Half' }, 'maintenance', 'null'],
    [{ ...base, status: undefined }, 'maintenance', 'null'],
    [{ ...base, status: '>40%', under_maintenance: true }, 'maintenance', 'null'],
    [{ ...base, status: 'Full', service_status: 1 }, 'maintenance', 'null'],
    [{ ...base, status: '>40%', service_status: 2 }, 'available', '>40%'],
    [{ ...base, status: '>40%', stale: true }, 'maintenance', 'null'],
    [{ ...base, status: 'Full', stale: true }, 'maintenance', 'null'],
    [{ ...base, status: 'Full', stale: false }, 'full', 'Full'],
  ])('%o → %s icon, caption %s', (machine, state, caption) => {
    expect(displayStateOf(machine)).toBe(state);
    expect(captionKeyOf(machine)).toBe(caption);
  });
});

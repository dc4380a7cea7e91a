import { describe, expect, it } from 'vitest';
import { checkMachineEdit, EDITABLE_FIELDS, machineEditSchema, STATE_EDIT_FIELDS } from './machineEdit';
import { LOCALIZED_FIELDS } from './machine';

const PHOTO = 'a'.repeat(64);

describe('checkMachineEdit', () => {
  it('lets an operator change the texts of every language, the hours, the photo and the state', () => {
    expect([...EDITABLE_FIELDS].sort()).toEqual(
      [
        ...LOCALIZED_FIELDS,
        'opening_hours',
        'picture',
        'status',
        'under_maintenance',
        'service_status',
        'deactivated',
        'last_emptied_at',
        'last_online',
        'last_full',
      ].sort(),
    );
  });

  it('gives the edit as it is stored: trimmed texts, a cleared hours text, times in UTC', () => {
    expect(
      checkMachineEdit({
        name_zht: '  旺角大球場 ',
        opening_hours: '',
        picture: { id: PHOTO },
        last_online: '2026-11-23T14:05',
        service_status: 1,
      }),
    ).toEqual({
      ok: true,
      edit: {
        name_zht: '旺角大球場',
        opening_hours: null,
        picture: { id: PHOTO },
        last_online: '2026-11-23T06:05:00.000Z',
        service_status: 1,
      },
    });
    expect(checkMachineEdit({ picture: null })).toEqual({ ok: true, edit: { picture: null } });
  });

  it('names each bad field with its code, for the console to show beside it', () => {
    expect(
      checkMachineEdit({
        name_en: '',
        address_zhs: 'x'.repeat(201),
        service_status: 2,
        deactivated: null,
        picture: { id: '../x' },
        id: 'RVM-2',
      }),
    ).toEqual({
      ok: false,
      problems: [
        { field: 'name_en', code: 'required', params: {} },
        { field: 'address_zhs', code: 'textLength', params: { max: 200 } },
        { field: 'service_status', code: 'notOneOf', params: { options: [0, 1] } },
        { field: 'deactivated', code: 'notBoolean', params: {} },
        { field: 'picture', code: 'photoId', params: {} },
        { field: 'id', code: 'notEditable', params: {} },
      ],
    });
  });

  it('refuses an edit that is no object or changes nothing, and fields outside those allowed', () => {
    expect(checkMachineEdit([])).toEqual({ ok: false, problems: [{ field: null, code: 'notAnObject', params: {} }] });
    expect(checkMachineEdit({})).toEqual({ ok: false, problems: [{ field: null, code: 'noField', params: {} }] });
    expect(checkMachineEdit({ name_en: 'x' }, STATE_EDIT_FIELDS)).toEqual({
      ok: false,
      problems: [{ field: 'name_en', code: 'notEditable', params: {} }],
    });
  });

  it('gives a state edit its times in UTC, clears a time with null or "", and refuses an inherited key name', () => {
    expect(
      checkMachineEdit(
        { deactivated: true, last_emptied_at: '2026-11-23T01:00:00Z', last_online: null, last_full: '' },
        STATE_EDIT_FIELDS,
      ),
    ).toEqual({
      ok: true,
      edit: { deactivated: true, last_emptied_at: '2026-11-23T01:00:00.000Z', last_online: null, last_full: null },
    });
    expect(checkMachineEdit(JSON.parse('{"__proto__": {"status": "Full"}}'), STATE_EDIT_FIELDS).ok).toBe(false);
    expect(checkMachineEdit({ toString: 'x' }, STATE_EDIT_FIELDS).ok).toBe(false);
  });
});

describe('machineEditSchema', () => {
  it('is the JSON Schema of the same fields, a time as text the check reads', () => {
    const schema = machineEditSchema(STATE_EDIT_FIELDS);
    expect(Object.keys(schema.properties)).toEqual([...STATE_EDIT_FIELDS]);
    expect(schema.properties.last_online).toEqual({ type: ['string', 'null'], description: expect.any(String) });
    expect(schema).toMatchObject({ additionalProperties: false, minProperties: 1 });
  });
});

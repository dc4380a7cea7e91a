/** The parts the console's contracts share: how its routes answer (`{ success: true, <field>: ... }`), a time. */

export const SUCCESS = { type: 'boolean', const: true } as const;

/** `{ success: true, <field> }`: both required, as the server sends them. */
export const answerOf = <const F extends string, const S extends object>(field: F, schema: S) =>
  ({
    type: 'object',
    required: ['success', field],
    properties: { success: SUCCESS, [field]: schema } as { readonly success: typeof SUCCESS } & {
      readonly [K in F]: S;
    },
  }) as const;

/** A list of `items`. */
export const listOf = <const S extends object>(items: S) => ({ type: 'array', items }) as const;

/** An ISO 8601 time in UTC, as the server writes every time. */
export const TIME = { type: 'string', description: 'ISO 8601, UTC' } as const;
/** A time, or null when there is none (not yet, never). */
export const MAYBE_TIME = { type: ['string', 'null'], description: 'ISO 8601, UTC' } as const;

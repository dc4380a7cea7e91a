/**
 * Fastify's Ajv as the route schemas need it. Its defaults would change a request before checking it: "1" coerced
 * to 1 and an unknown field quietly removed. Off, a value of the wrong type or a field no schema names is a 400
 * badRequest, as the hand-written checks answered before the schemas.
 */
export const SCHEMA_VALIDATION = { customOptions: { coerceTypes: false, removeAdditional: false } };

import type { FromSchema } from 'json-schema-to-ts';
import {
  ALERT_RULE_ANSWER_SCHEMA,
  ALERT_RULE_INPUT_SCHEMA,
  ALERT_RULES_ANSWER_SCHEMA,
} from '../../shared/contract/alertRule';
import type { Clock } from '../accounts/clock';
import { ruleProblem, type AlertRule, type AlertRuleInput } from '../alerts/alertRule';
import { eventBody } from '../alerts/eventBody';
import type { Engine } from '../db/engine';
import { ApiError } from '../errors';
import { ADMIN_ERRORS, BAD_BODY, ID_PARAMS, NOT_FOUND } from './alertSchemas';
import { CONSOLE_SECURITY } from './authSchemas';
import { changeRecorder, fieldChanges } from './accessChange';
import { route } from './route';

/** Nothing required and no defaults: a field left out of a change is left as it is, not reset to its default. */
const { default: _district, ...PATCHED_DISTRICT } = ALERT_RULE_INPUT_SCHEMA.properties.district;
const { default: _enabled, ...PATCHED_ENABLED } = ALERT_RULE_INPUT_SCHEMA.properties.enabled;
const RULE_PATCH_BODY = {
  ...ALERT_RULE_INPUT_SCHEMA,
  required: [],
  properties: { ...ALERT_RULE_INPUT_SCHEMA.properties, district: PATCHED_DISTRICT, enabled: PATCHED_ENABLED },
} as const;
const RULE_ANSWER = { description: 'The rule', ...ALERT_RULE_ANSWER_SCHEMA } as const;
const OK_ANSWER = {
  description: 'Done',
  type: 'object',
  required: ['success'],
  properties: { success: { type: 'boolean', const: true } },
} as const;

const ADMINS_ONLY = 'Admins (and the operator token) only.';

export const ALERT_RULE_SCHEMAS = {
  list: {
    operationId: 'listAlertRules',
    tags: ['alerts'],
    summary: 'The alert rules',
    description: `Every rule, oldest first. ${ADMINS_ONLY}`,
    security: CONSOLE_SECURITY,
    response: {
      200: { description: 'The rules', ...ALERT_RULES_ANSWER_SCHEMA },
      ...ADMIN_ERRORS,
    },
  },
  create: {
    operationId: 'createAlertRule',
    tags: ['alerts'],
    summary: 'Adds an alert rule',
    description:
      'A rule opens an alert for each machine (or the feed) whose condition lasts longer than its minutes, and ' +
      `closes it when the condition ends. The operators' usual first rule: machineFull, 240 minutes. ${ADMINS_ONLY}`,
    security: CONSOLE_SECURITY,
    body: ALERT_RULE_INPUT_SCHEMA,
    response: { 200: RULE_ANSWER, ...BAD_BODY, ...ADMIN_ERRORS },
  },
  update: {
    operationId: 'updateAlertRule',
    tags: ['alerts'],
    summary: 'Changes an alert rule',
    description:
      'Only the fields given change. Its alerts not closed are closed (open ones with an alert.closed event) and it ' +
      `watches afresh from now. ${ADMINS_ONLY}`,
    security: CONSOLE_SECURITY,
    params: ID_PARAMS,
    body: RULE_PATCH_BODY,
    response: { 200: RULE_ANSWER, ...BAD_BODY, ...NOT_FOUND, ...ADMIN_ERRORS },
  },
  delete: {
    operationId: 'deleteAlertRule',
    tags: ['alerts'],
    summary: 'Deletes an alert rule',
    description: `Its open alerts are closed (with an alert.closed event); its closed ones stay in the history. ${ADMINS_ONLY}`,
    security: CONSOLE_SECURITY,
    params: ID_PARAMS,
    response: { 200: OK_ANSWER, ...NOT_FOUND, ...ADMIN_ERRORS },
  },
} as const;

type IdParams = FromSchema<typeof ID_PARAMS>;

function checked(input: AlertRuleInput): AlertRuleInput {
  const problem = ruleProblem(input);
  if (problem) throw new ApiError(400, 'badRequest', { problem });
  return input;
}

/** The admins' alert rules: list, add, change, delete. */
export function alertRuleRoutes({ engine, clock }: { engine: Engine; clock: Clock }) {
  const now = () => clock().toISOString();
  const audit = changeRecorder(engine.accessAudit, clock);

  return {
    list: route({
      schema: ALERT_RULE_SCHEMAS.list,
      handler: async () => ({ success: true, rules: await engine.alerts.listRules() }),
    }),

    create: route<{ Body: FromSchema<typeof ALERT_RULE_INPUT_SCHEMA> }>({
      schema: ALERT_RULE_SCHEMAS.create,
      handler: async (request) => {
        const { kind, minutes, district = null, enabled = true } = request.body;
        const rule = await engine.alerts.addRule(checked({ kind, minutes, district, enabled }), now());
        await audit(request, 'alertRuleAdded', String(rule.id), ruleFields(rule));
        request.log.info({ rule, by: request.caller?.name }, 'alert rule added');
        return { success: true, rule };
      },
    }),

    update: route<{ Params: IdParams; Body: FromSchema<typeof RULE_PATCH_BODY> }>({
      schema: ALERT_RULE_SCHEMAS.update,
      handler: async (request) => {
        const before = (await engine.alerts.listRules()).find((rule) => rule.id === Number(request.params.id));
        if (!before) throw new ApiError(404, 'notFound');
        const input = checked({
          kind: request.body.kind ?? before.kind,
          minutes: request.body.minutes ?? before.minutes,
          district: request.body.district === undefined ? before.district : request.body.district,
          enabled: request.body.enabled ?? before.enabled,
        });
        const rule = await engine.alerts.updateRule(Number(request.params.id), input, now(), eventBody);
        if (!rule) throw new ApiError(404, 'notFound');
        const changed = fieldChanges(ruleFields(before), ruleFields(rule));
        if (Object.keys(changed).length > 0) await audit(request, 'alertRuleChanged', String(rule.id), changed);
        request.log.info({ rule, by: request.caller?.name }, 'alert rule changed');
        return { success: true, rule };
      },
    }),

    remove: route<{ Params: IdParams }>({
      schema: ALERT_RULE_SCHEMAS.delete,
      handler: async (request) => {
        const before = (await engine.alerts.listRules()).find((rule) => rule.id === Number(request.params.id));
        if (!before || !(await engine.alerts.deleteRule(before.id, now(), eventBody)))
          throw new ApiError(404, 'notFound');
        await audit(request, 'alertRuleDeleted', String(before.id), ruleFields(before));
        request.log.info({ rule: Number(request.params.id), by: request.caller?.name }, 'alert rule deleted');
        return { success: true };
      },
    }),
  };
}

/** What the audit keeps of a rule. */
const ruleFields = ({ kind, minutes, district, enabled }: AlertRule): Record<string, unknown> => ({
  kind,
  minutes,
  district,
  enabled,
});

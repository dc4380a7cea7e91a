import { describe, expect, it } from 'vitest';
import { parseUserArgs } from './userArgs';

describe('parseUserArgs: the command line of npm run user', () => {
  it.each([
    [['--help'], { command: 'help' }],
    [['-v'], { command: 'version' }],
    [['list'], { command: 'list' }],
    [
      ['add', 'Ann', '--role', 'admin'],
      { command: 'add', name: 'Ann', role: 'admin', districts: [], mustChangePassword: false },
    ],
    [
      ['add', 'op', '--role', 'operator', '--districts', 'sha tin, Tai Po', '--must-change-password'],
      { command: 'add', name: 'op', role: 'operator', districts: ['TAI PO', 'SHA TIN'], mustChangePassword: true },
    ],
    [['passwd', 'op'], { command: 'passwd', name: 'op', mustChangePassword: false }],
    [['role', 'op', 'viewer'], { command: 'role', name: 'op', role: 'viewer', districts: undefined }],
    [
      ['role', 'op', 'viewer', '--districts', 'ISLANDS'],
      { command: 'role', name: 'op', role: 'viewer', districts: ['ISLANDS'] },
    ],
    [['districts', 'op', 'all'], { command: 'districts', name: 'op', districts: [] }],
    [['districts', 'op', 'NORTH,islands'], { command: 'districts', name: 'op', districts: ['NORTH', 'ISLANDS'] }],
    [['disable', 'op'], { command: 'disable', name: 'op' }],
    [['enable', 'op'], { command: 'enable', name: 'op' }],
    [['unlock', 'op'], { command: 'unlock', name: 'op' }],
    [['reset-factors', 'op'], { command: 'reset-factors', name: 'op' }],
  ])('reads %j', (argv, request) => {
    expect(parseUserArgs(argv)).toEqual(request);
  });

  it.each([
    [[], /a command is needed/],
    [['rename', 'x'], /unknown command "rename"/],
    [['add', 'x'], /a role is needed: admin, operator, viewer/],
    [['add', 'x', '--role', 'root'], /"root" is not a role/],
    [['add', 'x', '--role', 'viewer', '--districts', 'LANTAU, Sha Tin'], /not a district: LANTAU$/],
    [['add', 'x', '--rol', 'admin'], /Unknown option '--rol'/],
    [['add', 'x', '--role'], /argument missing/],
    [['add', '--role', 'admin'], /usage: npm run user -- add NAME --role ROLE/],
    [['add', 'x', 'y', '--role', 'admin'], /usage: npm run user -- add NAME/],
    [['list', '--role', 'admin'], /list takes no --role/],
    [['disable', 'x', '--must-change-password'], /disable takes no --must-change-password/],
    [['role', 'op'], /usage: npm run user -- role NAME ROLE/],
    [['districts', 'op'], /usage: npm run user -- districts NAME/],
    [['districts', 'op', 'MARS'], /not a district: MARS/],
    [['unlock'], /usage: npm run user -- unlock NAME/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseUserArgs(argv)).toThrow(message);
  });
});

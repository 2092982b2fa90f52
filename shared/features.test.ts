import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_GROUP_ORDER,
  auditActionGroup,
  inFilterOrder,
} from './audit-actions';
import { SHARED_FEATURES } from './features';
import { EVENT_TYPES } from './history-kinds';

const declaredActions = SHARED_FEATURES.flatMap((feature) => Object.keys(feature.auditActions));

describe('the access log actions read off the index of features', () => {
  it('holds each declared action once, with the name its feature gives it', () => {
    expect(new Set(declaredActions).size).toBe(declaredActions.length);
    expect(Object.keys(AUDIT_ACTIONS).sort()).toEqual([...declaredActions].sort());
    for (const feature of SHARED_FEATURES)
      for (const [action, label] of Object.entries(feature.auditActions))
        expect(AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS]).toBe(label);
  });

  it("keeps each group's actions together, the groups in the order staff know", () => {
    const groups = Object.keys(AUDIT_ACTIONS).map(auditActionGroup);
    const runs = groups.filter((group, at) => group !== groups[at - 1]);
    expect(runs).toEqual(AUDIT_ACTION_GROUPS);
    expect(new Set(runs).size).toBe(runs.length);
    expect(AUDIT_ACTION_GROUPS.slice(0, AUDIT_ACTION_GROUP_ORDER.length)).toEqual(
      AUDIT_ACTION_GROUP_ORDER.filter((group) => groups.includes(group)),
    );
  });

  it('orders the groups as told, then a new group where it first comes, each group as declared', () => {
    const actions = [
      ['b.one', 'B1'],
      ['new.one', 'N1'],
      ['a.one', 'A1'],
      ['b.two', 'B2'],
      ['a.two', 'A2'],
    ] as const;
    expect(inFilterOrder(actions, ['a', 'unused', 'b']).map(([action]) => action)).toEqual([
      'a.one',
      'a.two',
      'b.one',
      'b.two',
      'new.one',
    ]);
  });
});

describe('the history kinds read off the index of features', () => {
  it('has each kind declared by one feature', () => {
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
  });
});

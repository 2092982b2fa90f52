/**
 * The stage's deployment with the routes in nested stacks
 * (infra/constructs/api/route-group.ts): it waits for every route's stack, and a
 * changed route makes a new deployment (a new logical id), as the REST API
 * does for methods of its own; an unchanged stage keeps it.
 */
import { NestedStack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import type { MedicalTourismStack } from '../../infra/stack';
import { type StageRoute, declaredStageRoutes } from '../../infra/stage-routes';
import { logicalId, removeTemporaryDirs, testApp } from './helpers';

afterAll(removeTemporaryDirs);

const stageOf = (routes?: readonly StageRoute[]) => testApp({}, { bundle: false, ...(routes ? { routes } : {}) }).stack;

function deploymentOf(stack: MedicalTourismStack): [string, { DependsOn?: string[] }] {
  const deployments = Object.entries(
    Template.fromStack(stack).findResources('AWS::ApiGateway::Deployment') as Record<string, { DependsOn?: string[] }>,
  );
  expect(deployments).toHaveLength(1);
  return deployments[0] as [string, { DependsOn?: string[] }];
}

describe("the API stage's deployment", () => {
  it("waits for every feature's stack of routes", () => {
    const stack = stageOf();
    const [, deployment] = deploymentOf(stack);
    const nested = stack.node.findAll().filter((construct) => NestedStack.isNestedStack(construct)) as NestedStack[];
    expect(nested.length).toBeGreaterThan(1);
    for (const group of nested) expect(deployment.DependsOn).toContain(logicalId(group.nestedStackResource!));
  }, 300_000);

  it('is the same for the same routes, and a new one when a route changes', () => {
    const [id] = deploymentOf(stageOf());
    expect(deploymentOf(stageOf())[0]).toBe(id);
    const changed = declaredStageRoutes().map((stageRoute, index): StageRoute =>
      index === 0
        ? { ...stageRoute, route: { ...stageRoute.route, method: stageRoute.route.method === 'GET' ? 'POST' : 'GET' } }
        : stageRoute,
    );
    expect(deploymentOf(stageOf(changed))[0]).not.toBe(id);
  }, 300_000);
});

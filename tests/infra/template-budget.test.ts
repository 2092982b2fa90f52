/**
 * Room to grow: every template of the stage (the main stack, each feature's
 * nested stack of API routes, the edge stack) holds at most 60% of the 500
 * resources CloudFormation takes in one template, as the stage is and with
 * three times its routes (every route deployed twice more, under a new name
 * and path, in its own feature's stack). The counts are printed for
 * docs/deploying.md.
 */
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { type StageRoute, declaredStageRoutes } from '../../infra/stage-routes';
import type { RouteName } from '../../shared/routes';
import { removeTemporaryDirs, testApp } from './helpers';

/** CloudFormation's limit of resources in one template. */
const CLOUDFORMATION_RESOURCE_LIMIT = 500;
const BUDGET = 0.6 * CLOUDFORMATION_RESOURCE_LIMIT;

afterAll(removeTemporaryDirs);

/** Every route of the route table, and `copies - 1` more copies of each under new names and paths. */
function multipliedRoutes(copies: number): StageRoute[] {
  const declared = declaredStageRoutes();
  return Array.from({ length: copies }, (_, index) => index + 1).flatMap((copy) =>
    declared.map((stageRoute) =>
      copy === 1
        ? stageRoute
        : {
            ...stageRoute,
            route: {
              ...stageRoute.route,
              name: `${stageRoute.route.name}Copy${copy}` as RouteName,
              path: stageRoute.route.path.replace(/^\/api\//, `/api/copy${copy}/`),
            },
          },
    ),
  );
}

/** Each template of the app, by stack path, with its number of resources. */
function resourceCounts(routes: readonly StageRoute[]): Record<string, number> {
  const { app } = testApp({}, { bundle: false, routes });
  const stacks = app.node.findAll().filter((construct): construct is Stack => Stack.isStack(construct));
  return Object.fromEntries(
    stacks.map((stack) => [
      stack.node.path,
      Object.keys(Template.fromStack(stack).toJSON().Resources as Record<string, unknown>).length,
    ]),
  );
}

describe(`every template holds at most ${BUDGET} of CloudFormation's ${CLOUDFORMATION_RESOURCE_LIMIT} resources`, () => {
  it.each([
    ['as the stage is', 1],
    ['with three times the routes', 3],
  ] as const)(
    '%s',
    (label, copies) => {
      const routes = multipliedRoutes(copies);
      const counts = resourceCounts(routes);
      console.log(
        `Resources per template, ${label} (${routes.length} routes):\n${Object.entries(counts)
          .map(([path, count]) => `  ${path}: ${count}`)
          .join('\n')}`,
      );
      expect(Object.keys(counts).length).toBeGreaterThan(2);
      for (const [path, count] of Object.entries(counts)) expect(count, path).toBeLessThanOrEqual(BUDGET);
    },
    600_000,
  );
});

/**
 * cdk-nag (AwsSolutions pack) acknowledgements. Each finding that is not
 * fixed is acknowledged on the construct it is about, never on the whole
 * stack, with a reason specific to this project.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

export function acknowledge(construct: IConstruct, id: `AwsSolutions-${string}`, reason: string): void {
  Validations.of(construct).acknowledge({ id, reason });
}

/**
 * Acknowledges a finding about a value as cdk-nag reads it in the construct's own template: `Resource::<...>` names a
 * resource of another stack by the parameter that carries it into this one (a nested stack's), and that parameter is
 * made only when the app resolves its references, so the finding's id is made then too (at validation, before
 * cdk-nag runs).
 */
export function acknowledgeResolved(
  construct: IConstruct,
  idOf: (rendered: (value: string) => string) => `AwsSolutions-${string}`,
  reason: string,
): void {
  let acknowledged = false;
  construct.node.addValidation({
    validate: () => {
      if (!acknowledged)
        acknowledge(
          construct,
          idOf((value) => flattenCfnReference(Stack.of(construct).resolve(value))),
          reason,
        );
      acknowledged = true;
      return [];
    },
  });
}

/** Every acknowledgement under a construct (for the deployment notes and the tests). */
export function acknowledgementsUnder(root: IConstruct): { path: string; id: string; reason: string }[] {
  const found: { path: string; id: string; reason: string }[] = [];
  for (const construct of root.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY || !entry.data) continue;
      for (const [key, reason] of Object.entries(entry.data as Record<string, unknown>)) {
        found.push({ path: construct.node.path, id: key.replace(/^annotation::/i, ''), reason: String(reason) });
      }
    }
  }
  return found;
}

/**
 * cdk-nag (AwsSolutions pack) acknowledgements. Each finding that is not
 * fixed is acknowledged on the construct it is about, never on the whole
 * stack, with a reason specific to this project.
 */
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export function acknowledge(construct: IConstruct, id: `AwsSolutions-${string}`, reason: string): void {
  Validations.of(construct).acknowledge({ id, reason });
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

/**
 * Content that cannot ship unfinished: a production stage refuses to
 * synthesise (so `cdk deploy` refuses) while any value of the site's content
 * is still a placeholder, naming each; any other stage deploys with a warning
 * that lists them.
 */
import { Annotations, type Stack } from 'aws-cdk-lib';

export class PlaceholderContentError extends Error {
  constructor(readonly placeholders: string[]) {
    super(
      `A production stage cannot be deployed with placeholder content. Fill these in (or deploy a non-production stage):\n  ${placeholders.join('\n  ')}`,
    );
    this.name = 'PlaceholderContentError';
  }
}

export function guardContent(stack: Stack, production: boolean, placeholders: string[]): void {
  if (placeholders.length === 0) return;
  if (production) throw new PlaceholderContentError(placeholders);
  Annotations.of(stack).addWarningV2(
    'medical-tourism:placeholders',
    `Placeholder content (fine for this stage, refused in production):\n  ${placeholders.join('\n  ')}`,
  );
}

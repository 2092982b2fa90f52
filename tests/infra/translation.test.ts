/**
 * Machine translation in the stack: the `translate` job runs every
 * minute and, with the reply preview and a kept mail's translation alone,
 * may call the engine:
 * TranslateText and Comprehend's language detection (which name no resource),
 * and the stage's own terminology by name, which each is told in
 * TRANSLATE_TERMINOLOGY. The job also sends the staff notices that wait
 * for its translations: SES, the outbox, and the enquiry's mail state
 * changed, never an enquiry made.
 */
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../shared/routes';
import { logicalId, partitionIn, permissionsOfRole, render, unbundledStackForFile } from './helpers';

const made = unbundledStackForFile();
const job = () => made.stack.jobs.functions.translate;
const permissions = () => [...permissionsOfRole(made.template, logicalId(job().role!))];

describe('machine translation', () => {
  it('runs the translate job every minute', () => {
    made.template.hasResourceProperties('AWS::Scheduler::Schedule', { ScheduleExpression: 'rate(1 minute)' });
  });

  it("lets the job translate with the stage's terminology alone, and names it", () => {
    const terminology = `arn:${partitionIn(made.stack)}:translate:${made.stack.region}:<AWS::AccountId>:terminology/${made.stack.stackName}-labels`;
    expect(
      permissions()
        .filter((line) => /^(translate|comprehend):/.test(line))
        .sort(),
    ).toEqual(
      [
        'comprehend:DetectDominantLanguage *',
        'translate:TranslateText *',
        `translate:GetTerminology ${terminology}`,
        `translate:GetTerminology ${terminology}/*`,
        `translate:ImportTerminology ${terminology}`,
        `translate:ImportTerminology ${terminology}/*`,
      ].sort(),
    );
    const variables = made.template.toJSON().Resources[logicalId(job())].Properties.Environment.Variables as Record<
      string,
      unknown
    >;
    expect(render(variables['TRANSLATE_TERMINOLOGY'])).toBe(`${made.stack.stackName}-labels`);
  });

  it("gives the engine to the reply preview and a kept mail's translation alone among API routes (other routes only queue translations), with the stage's terminology", () => {
    expect(
      API_ROUTES.filter((route) => route.uses.translates)
        .map((route) => route.name)
        .sort(),
    ).toEqual(['keptMailTranslation', 'replyPreview']);
    const engines = [made.stack.api.functions.replyPreview, made.stack.api.functions.keptMailTranslation];
    const translators = Object.keys(made.template.findResources('AWS::IAM::Role')).filter((role) =>
      [...permissionsOfRole(made.template, role)].some((line) => line.startsWith('translate:')),
    );
    expect(translators.sort()).toEqual([logicalId(job().role!), ...engines.map((fn) => logicalId(fn.role!))].sort());
    for (const fn of engines) {
      expect(
        [...permissionsOfRole(made.template, logicalId(fn.role!))]
          .filter((line) => /^(translate|comprehend):/.test(line))
          .sort(),
      ).toEqual(
        permissions()
          .filter((line) => /^(translate|comprehend):/.test(line))
          .sort(),
      );
      const variables = made.template.toJSON().Resources[logicalId(fn)].Properties.Environment.Variables as Record<
        string,
        unknown
      >;
      expect(render(variables['TRANSLATE_TERMINOLOGY'])).toBe(`${made.stack.stackName}-labels`);
    }
  });

  it('lets the job send the staff notices waiting for its translations: SES, the outbox, and updates of enquiries, never a new one', () => {
    const granted = permissions();
    expect(granted.some((line) => line.startsWith('ses:SendEmail '))).toBe(true);
    const onTable = (action: string, table: string) =>
      granted.some((line) => line.startsWith(`${action} `) && line.includes(table));
    expect(onTable('dynamodb:PutItem', 'Outbox')).toBe(true);
    expect(onTable('dynamodb:UpdateItem', 'Enquiries')).toBe(true);
    expect(onTable('dynamodb:PutItem', 'Enquiries')).toBe(false);
    expect(onTable('dynamodb:DeleteItem', 'Enquiries')).toBe(false);
  });
});

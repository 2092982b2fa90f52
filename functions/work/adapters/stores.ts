/** The work's stores: each enquiry's events and the reply templates with their versions, one maker each. */
import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import type { EventStore, TemplateStore, TemplateVersionStore } from '../ports';
import { dynamoEventStore } from './dynamodb-events';
import { dynamoTemplateStore, dynamoTemplateVersionStore } from './dynamodb-templates';

export const events: StoreMaker<EventStore> = ({ db, table }) => dynamoEventStore(db(), table('enquiryEvents'));
export const templates: StoreMaker<TemplateStore> = ({ db, table }) =>
  dynamoTemplateStore(db(), table('replyTemplates'));
export const templateVersions: StoreMaker<TemplateVersionStore> = ({ db, table, clock }) =>
  dynamoTemplateVersionStore(db(), table('replyTemplateVersions'), () => Math.floor(clock.now() / 1000));

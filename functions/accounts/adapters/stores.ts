/** The accounts' stores, one maker each (functions/platform/wiring/dynamodb-stores.ts). */
import type { StoreMaker } from '../../platform/wiring/dynamodb-stores';
import { accessLog } from '../../audit/adapters/stores';
import type { PolicyStore, RevokedTokenStore, StaffStore } from '../ports';
import { dynamoRevokedTokenStore } from './dynamodb-revoked-tokens';
import { dynamoPolicyStore, dynamoStaffStore } from './dynamodb-staff';

export const staff: StoreMaker<StaffStore> = ({ db, table }) => dynamoStaffStore(db(), table('staff'));
export const revokedTokens: StoreMaker<RevokedTokenStore> = ({ db, table }) =>
  dynamoRevokedTokenStore(db(), table('revokedTokens'));
export const policies: StoreMaker<PolicyStore> = ({ db, table }) => dynamoPolicyStore(db(), table('policies'));

/** What every staff route checks a token against (functions/accounts/staff-auth/staff.ts). */
export const staffAuthStores = { revokedTokens, staff, accessLog, policies };

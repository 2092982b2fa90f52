/**
 * Route name to handler factory. The type makes a route without a handler
 * (or a handler without a route) a compile error.
 */
import type { RouteName } from '../shared/routes';
import type { AppDeps } from './deps';
import type { LambdaHttpHandler } from './http/handler';
import { makeAmendBestHandler } from './packages/amend-best-handler';
import { makeDashboardCsvHandler, makeDashboardHandler } from './dashboard/dashboard-handler';
import { makeDetailHandler } from './enquiries/detail-handler';
import { makeExportCsvHandler } from './exports/export-csv-handler';
import { makeExportStatusHandler } from './exports/export-status-handler';
import { makeFileuploadHandler } from './packages/fileupload-handler';
import { makeLoginHandler } from './accounts/login-handler';
import { makeLogoutHandler } from './accounts/logout-handler';
import { makeModalinputHandler } from './packages/modalinput-handler';
import { makePopupinputHandler } from './packages/popupinput-handler';
import { makeSendmailHandler } from './intake/sendmail-handler';
import { makeViewHandler } from './enquiries/view-handler';
import { makeNoteHandler, makeReplyHandler, makeThreadHandler, makeWorkHandler } from './work/enquiry-work-handler';
import { makeSaveTemplateHandler, makeTemplatesHandler } from './work/reply-templates-handler';
import {
  makeAccessLogCsvHandler,
  makeAccessLogHandler,
  makeHoldHandler,
  makeRetentionHandler,
  makeSubjectEraseHandler,
  makeSubjectExportHandler,
  makeSubjectHandler,
} from './privacy/privacy-handler';
import { makeAccountsHandler, makeChangeAccountHandler, makeInviteHandler, makeTwoFactorPolicyHandler } from './accounts/accounts-handler';
import { makeConfirmTwoFactorHandler, makeTwoFactorHandler } from './accounts/two-factor-handler';
import { makeStartTwoFactorHandler } from './accounts/two-factor-start-handler';
import { makeWelcomeHandler } from './accounts/welcome-handler';

export const HANDLER_FACTORIES: Record<RouteName, (deps: AppDeps) => LambdaHttpHandler> = {
  amendBest: makeAmendBestHandler,
  sendmail: makeSendmailHandler,
  login: makeLoginHandler,
  view: makeViewHandler,
  detail: makeDetailHandler,
  logout: makeLogoutHandler,
  fileupload: makeFileuploadHandler,
  modalinput: makeModalinputHandler,
  popupinput: makePopupinputHandler,
  exportCsv: makeExportCsvHandler,
  exportStatus: makeExportStatusHandler,
  work: makeWorkHandler,
  note: makeNoteHandler,
  reply: makeReplyHandler,
  thread: makeThreadHandler,
  templates: makeTemplatesHandler,
  saveTemplate: makeSaveTemplateHandler,
  accessLog: makeAccessLogHandler,
  accessLogCsv: makeAccessLogCsvHandler,
  retentionDue: makeRetentionHandler,
  hold: makeHoldHandler,
  subject: makeSubjectHandler,
  subjectExport: makeSubjectExportHandler,
  subjectErase: makeSubjectEraseHandler,
  accounts: makeAccountsHandler,
  invite: makeInviteHandler,
  changeAccount: makeChangeAccountHandler,
  twoFactorPolicy: makeTwoFactorPolicyHandler,
  welcome: makeWelcomeHandler,
  twoFactor: makeTwoFactorHandler,
  startTwoFactor: makeStartTwoFactorHandler,
  confirmTwoFactor: makeConfirmTwoFactorHandler,
  dashboard: makeDashboardHandler,
  dashboardCsv: makeDashboardCsvHandler,
};

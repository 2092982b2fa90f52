/**
 * Route name to handler factory. The type makes a route without a handler
 * (or a handler without a route) a compile error.
 */
import type { RouteName } from '../../shared/routes';
import type { AppDeps } from '../deps';
import type { LambdaHttpHandler } from '../http/handler';
import { makeAmendBestHandler } from './amend-best';
import { makeDashboardCsvHandler, makeDashboardHandler } from './dashboard';
import { makeDetailHandler } from './detail';
import { makeExportCsvHandler } from './export-csv';
import { makeExportStatusHandler } from './export-status';
import { makeFileuploadHandler } from './fileupload';
import { makeLoginHandler } from './login';
import { makeLogoutHandler } from './logout';
import { makeModalinputHandler } from './modalinput';
import { makePopupinputHandler } from './popupinput';
import { makeSendmailHandler } from './sendmail';
import { makeViewHandler } from './view';
import { makeNoteHandler, makeReplyHandler, makeThreadHandler, makeWorkHandler } from './enquiry-work';
import { makeSaveTemplateHandler, makeTemplatesHandler } from './reply-templates';
import {
  makeAccessLogCsvHandler,
  makeAccessLogHandler,
  makeHoldHandler,
  makeRetentionHandler,
  makeSubjectEraseHandler,
  makeSubjectExportHandler,
  makeSubjectHandler,
} from './privacy';
import { makeAccountsHandler, makeChangeAccountHandler, makeInviteHandler, makeTwoFactorPolicyHandler } from './accounts';
import { makeConfirmTwoFactorHandler, makeTwoFactorHandler } from './two-factor';
import { makeStartTwoFactorHandler } from './two-factor-start';
import { makeWelcomeHandler } from './welcome';

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

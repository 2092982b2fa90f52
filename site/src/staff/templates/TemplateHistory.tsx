/**
 * The "이전 버전" panel of the templates page: the template's versions,
 * newest first (who saved each and when, which were restores), one of them
 * whole, and a restore of it once confirmed. A restore is a new revision over
 * the one the page shows: if a colleague saved meanwhile, nothing is changed
 * and the page shows their version instead.
 */
import { useCallback, useEffect, useState } from 'react';
import { formatKoreaDateTime } from '../../../../shared/korea-time';
import { LOCALES } from '../../../../shared/locales';
import { RETENTION } from '../../../../shared/privacy/retention';
import type { TemplateView } from '../../../../shared/work/enquiry-work-schema';
import {
  DEFAULT_REVISION,
  type TemplateVersion,
  type TemplateVersionSummary,
} from '../../../../shared/work/template-versions';
import { StaffApiError, failureText } from '../core/api';
import DialogFrame from '../core/DialogFrame';
import { useDialogAction } from '../core/dialog-action';
import StaffTable from '../core/StaffTable';
import { STAFF_TEXT } from '../core/words';
import { loadTemplateHistory, loadTemplateVersion, restoreTemplate, templateConflict } from './templates-api';
import { TEMPLATES_TEXT } from './words';

const TEXT = TEMPLATES_TEXT.history;

interface Message {
  kind: 'alert' | 'status';
  text: string;
}

function noteOf(version: TemplateVersionSummary, current: number): string {
  const notes = [
    ...(version.revision === current ? [TEXT.current] : []),
    ...(version.revision === DEFAULT_REVISION ? [TEXT.isDefault] : []),
    ...(version.restoredFrom === undefined ? [] : [TEXT.restoredFrom(version.restoredFrom)]),
  ];
  return notes.join(' · ');
}

function RestoreDialog({
  version,
  template,
  hasDraft,
  onClose,
  onDone,
}: {
  version: TemplateVersion;
  template: TemplateView;
  hasDraft: boolean;
  onClose: () => void;
  onDone: (outcome: { template: TemplateView; message: Message }) => void;
}) {
  const { busy, problem, submit } = useDialogAction(
    async () => {
      try {
        const restored = await restoreTemplate(template, template.revision, version.revision);
        onDone({
          template: restored,
          message: { kind: 'status', text: TEXT.restored(version.revision, restored.revision) },
        });
      } catch (error) {
        const current = templateConflict(error);
        if (!current) throw error;
        onDone({ template: current, message: { kind: 'alert', text: TEXT.conflict } });
      }
    },
    (error) =>
      error instanceof StaffApiError && error.status === 404
        ? TEXT.gone
        : error instanceof StaffApiError && error.status === 403
          ? STAFF_TEXT.noPermission
          : STAFF_TEXT.saveFailed,
  );
  return (
    <DialogFrame
      title={TEXT.confirmTitle(version.revision)}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      problem={problem}
      submitLabel={TEXT.confirm}
    >
      <p>{TEXT.confirmText(version.revision, template.revision)}</p>
      {hasDraft && <p className="staff__alert">{TEXT.draftLost}</p>}
    </DialogFrame>
  );
}

export default function TemplateHistory({
  template,
  hasDraft,
  onChanged,
}: {
  template: TemplateView;
  hasDraft: boolean;
  onChanged: (template: TemplateView) => void;
}) {
  const [open, setOpen] = useState(false);
  const [versions, setVersions] = useState<TemplateVersionSummary[]>();
  const [next, setNext] = useState<number>();
  const [viewing, setViewing] = useState<TemplateVersion>();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<Message>();
  const { section, locale, revision } = template;

  const load = useCallback(
    (before?: number) =>
      loadTemplateHistory({ section, locale }, before).then(
        (page) => {
          setVersions((shown) => [...(before === undefined ? [] : (shown ?? [])), ...page.versions]);
          setNext(page.next);
        },
        (error: unknown) => setMessage({ kind: 'alert', text: failureText(error) }),
      ),
    [section, locale],
  );

  // Open, and again after each save or restore (a new revision heads the list).
  useEffect(() => {
    if (open) void load();
  }, [open, revision, load]);

  const view = async (entry: TemplateVersionSummary) => {
    setMessage(undefined);
    try {
      setViewing(await loadTemplateVersion({ section, locale }, entry.revision));
    } catch (error) {
      setMessage({
        kind: 'alert',
        text: error instanceof StaffApiError && error.status === 404 ? TEXT.gone : failureText(error),
      });
    }
  };

  const restored = (outcome: { template: TemplateView; message: Message }) => {
    setConfirming(false);
    setViewing(undefined);
    setMessage(outcome.message);
    onChanged(outcome.template);
  };

  const lang = LOCALES.find((entry) => entry.code === locale)?.lang;
  return (
    <section className="panel" aria-labelledby="template-history-heading">
      <h2 id="template-history-heading">{TEXT.heading}</h2>
      <p className="staff__muted">{TEXT.kept(RETENTION.templateVersionMonths)}</p>
      <button
        type="button"
        className="staff-button"
        aria-expanded={open}
        aria-controls="template-history-list"
        onClick={() => setOpen(!open)}
      >
        {open ? TEXT.hide : TEXT.show}
      </button>
      <div id="template-history-list" hidden={!open}>
        {open && versions && (
          <StaffTable columns={Object.values(TEXT.columns)}>
            {versions.map((entry) => (
              <tr key={entry.revision}>
                <td>{TEXT.revision(entry.revision)}</td>
                <td>{entry.updatedBy ?? '-'}</td>
                <td>{entry.updatedAt ? formatKoreaDateTime(Date.parse(entry.updatedAt)) : '-'}</td>
                <td>{noteOf(entry, revision)}</td>
                <td lang={lang}>{entry.subject}</td>
                <td>
                  <button
                    type="button"
                    className="staff-button"
                    aria-label={TEXT.viewOf(entry.revision)}
                    onClick={() => void view(entry)}
                  >
                    {TEXT.view}
                  </button>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
        {open && next !== undefined && (
          <button type="button" className="staff-button" onClick={() => void load(next)}>
            {TEXT.more}
          </button>
        )}
      </div>
      {viewing && (
        <div className="reply-preview" role="region" aria-labelledby="template-version-heading">
          <h3 id="template-version-heading">{TEXT.revision(viewing.revision)}</h3>
          <p className="reply-preview__subject" lang={lang}>
            {viewing.subject}
          </p>
          <p className="reply-preview__body" lang={lang}>
            {viewing.body}
          </p>
          <div className="panel__row">
            {viewing.revision !== revision && (
              <button type="button" className="staff-button staff-button--primary" onClick={() => setConfirming(true)}>
                {TEXT.restore}
              </button>
            )}
            <button type="button" className="staff-button" onClick={() => setViewing(undefined)}>
              {TEXT.close}
            </button>
          </div>
        </div>
      )}
      {confirming && viewing && (
        <RestoreDialog
          version={viewing}
          template={template}
          hasDraft={hasDraft}
          onClose={() => setConfirming(false)}
          onDone={restored}
        />
      )}
      {message && (
        <p className={message.kind === 'alert' ? 'staff__alert' : 'staff__confirmation'} role={message.kind}>
          {message.text}
        </p>
      )}
    </section>
  );
}

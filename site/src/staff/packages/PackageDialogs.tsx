/**
 * The two BEST 3 dialogs: edit (titles, contents, board image) and popup
 * upload (one popup image per language). Native modal dialogs: focus stays
 * inside, Escape closes. A refused save keeps what was typed.
 */
import { type SubmitEvent, useState } from 'react';
import type { BestPackage } from '../../../../shared/packages/best-package';
import { PACKAGE_LIMITS, fieldFor } from '../../../../shared/packages/best-package';
import { StaffApiError, staffPost } from '../core/api';
import ImageUpload from './ImageUpload';
import DialogFrame from '../core/DialogFrame';
import { STAFF_TEXT } from '../core/words';
import { PACKAGES_TEXT, PACKAGE_LANGUAGES } from './words';
import { apiPath } from '../../../../shared/routes';

/** Korean label of a payload field, for messages (`title_en` -> '제목 (영어)', `imgUP_ru` -> '팝업 이미지 (러시아어)'). */
function fieldLabel(field: string): string {
  if (field === 'imgUP') return PACKAGES_TEXT.boardImage;
  const [kind, suffix] = field.split('_');
  const language = PACKAGE_LANGUAGES.find((candidate) => candidate.suffix === suffix)?.label ?? suffix ?? '';
  if (kind === 'imgUP') return PACKAGES_TEXT.popupImage(language);
  if (kind === 'title') return PACKAGES_TEXT.title(language);
  if (kind === 'content') return PACKAGES_TEXT.content(language);
  return field;
}

/** The message for a refused save: refused images and other fields by their labels, 'no permission' otherwise. */
export function refusal(error: unknown): string {
  if (error instanceof StaffApiError && error.status === 400 && Object.keys(error.fields).length) {
    const fields = Object.keys(error.fields);
    const images = fields.filter((field) => field.startsWith('imgUP'));
    const others = fields.filter((field) => !field.startsWith('imgUP'));
    return [
      ...(images.length
        ? [`${PACKAGES_TEXT.refusedImage}${images.map(fieldLabel).join(', ')}. ${PACKAGES_TEXT.notAnImage}`]
        : []),
      ...(others.length ? [STAFF_TEXT.checkFields + others.map(fieldLabel).join(', ')] : []),
    ].join(' ');
  }
  if (error instanceof StaffApiError && error.status === 0) return STAFF_TEXT.saveFailed;
  return STAFF_TEXT.noPermission;
}

/** The server's problem with one image field, shown beside its file input. */
function imageProblem(error: unknown, field: string): string | undefined {
  return error instanceof StaffApiError && error.status === 400 && error.fields[field]
    ? PACKAGES_TEXT.notAnImage
    : undefined;
}

/** Saving a dialog: posts, and on a refusal keeps the dialog open with the reason (a 401 has already signed out). */
function useSave(path: string, onSaved: (saved: BestPackage) => void) {
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const [failure, setFailure] = useState<unknown>();
  const save = async (data: Record<string, unknown>) => {
    setSaving(true);
    setProblem('');
    setFailure(undefined);
    try {
      const { data: saved } = await staffPost<BestPackage>(path, { data });
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof StaffApiError && error.status === 401)) {
        setProblem(refusal(error));
        setFailure(error);
      }
      setSaving(false);
    }
  };
  return { saving, problem, failure, save };
}

export interface PackageDialogProps {
  pkg: BestPackage;
  onClose: () => void;
  /** Gets the package as the server stored it (a reload could get a cached copy from the CDN). */
  onSaved: (saved: BestPackage) => void;
}

export function EditDialog({ pkg, onClose, onSaved }: PackageDialogProps) {
  const initial = Object.fromEntries(
    PACKAGE_LANGUAGES.flatMap(({ suffix }) => [
      [`title_${suffix}`, fieldFor(pkg, 'TITLE', suffix)],
      [`content_${suffix}`, fieldFor(pkg, 'CONTENT', suffix)],
    ]),
  );
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [image, setImage] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const { saving, problem, failure, save } = useSave(apiPath('modalinput'), onSaved);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void save({ index: pkg.INDEX, ...values, ...(image ? { imgUP: image } : {}) });
  };

  return (
    <DialogFrame
      title={`${PACKAGES_TEXT.packageTitle(pkg.INDEX)} · ${PACKAGES_TEXT.edit}`}
      onClose={onClose}
      onSubmit={submit}
      busy={saving || uploading}
      problem={problem}
    >
      <div className="edit-grid">
        {PACKAGE_LANGUAGES.map(({ suffix, label, required }) => (
          <fieldset key={suffix}>
            <legend>
              {label}
              {!required && <span className="staff__muted"> ({PACKAGES_TEXT.optional})</span>}
            </legend>
            <label htmlFor={`title_${suffix}`}>{PACKAGES_TEXT.title(label)}</label>
            <input
              id={`title_${suffix}`}
              type="text"
              required={required}
              maxLength={PACKAGE_LIMITS.titleMax}
              value={values[`title_${suffix}`] ?? ''}
              onChange={(event) => setValues({ ...values, [`title_${suffix}`]: event.currentTarget.value })}
            />
            <label htmlFor={`content_${suffix}`}>{PACKAGES_TEXT.content(label)}</label>
            <textarea
              id={`content_${suffix}`}
              required={required}
              maxLength={PACKAGE_LIMITS.contentMax}
              rows={4}
              value={values[`content_${suffix}`] ?? ''}
              onChange={(event) => setValues({ ...values, [`content_${suffix}`]: event.currentTarget.value })}
            />
          </fieldset>
        ))}
      </div>
      <ImageUpload
        id="imgUP"
        label={PACKAGES_TEXT.boardImage}
        current={pkg.FILE_POPUP}
        onUploaded={setImage}
        onBusy={setUploading}
        problem={imageProblem(failure, 'imgUP')}
      />
    </DialogFrame>
  );
}

export function PopupDialog({ pkg, onClose, onSaved }: PackageDialogProps) {
  const [images, setImages] = useState<Record<string, string | undefined>>({});
  const [uploading, setUploading] = useState(0);
  const { saving, problem, failure, save } = useSave(apiPath('popupinput'), onSaved);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const data: Record<string, unknown> = { index: pkg.INDEX };
    for (const [field, name] of Object.entries(images)) if (name) data[field] = name;
    void save(data);
  };

  return (
    <DialogFrame
      title={`${PACKAGES_TEXT.packageTitle(pkg.INDEX)} · ${PACKAGES_TEXT.popupUpload}`}
      onClose={onClose}
      onSubmit={submit}
      busy={saving || uploading > 0}
      problem={problem}
    >
      <div className="popup-grid">
        {PACKAGE_LANGUAGES.map(({ suffix, label }) => (
          <ImageUpload
            key={suffix}
            id={`imgUP_${suffix}`}
            index={`imgUP_${suffix}`}
            label={PACKAGES_TEXT.popupImage(label)}
            current={fieldFor(pkg, 'FILE_THUMB', suffix) || undefined}
            onUploaded={(name) => setImages((previous) => ({ ...previous, [`imgUP_${suffix}`]: name }))}
            onBusy={(busy) => setUploading((count) => Math.max(0, count + (busy ? 1 : -1)))}
            problem={imageProblem(failure, `imgUP_${suffix}`)}
          />
        ))}
      </div>
    </DialogFrame>
  );
}

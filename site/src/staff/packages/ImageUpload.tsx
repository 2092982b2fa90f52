/** One image field: choose a file, see it, watch it upload; the stored name goes to the form. */
import { useEffect, useRef, useState } from 'react';
import { StaffApiError } from '../core/api';
import { PACKAGES_TEXT } from './words';
import { uploadImage, uploadProblem } from './upload';
import { imageUrl } from '../../../../shared/packages/uploads';

export interface ImageUploadProps {
  id: string;
  label: string;
  /** The current image's file name (shown until a new one is chosen). */
  current?: string;
  /** Echoed back by the server for popup uploads. */
  index?: string;
  onUploaded: (filename: string | undefined) => void;
  onBusy: (busy: boolean) => void;
  problem?: string;
}

export default function ImageUpload({ id, label, current, index, onUploaded, onBusy, problem }: ImageUploadProps) {
  const [preview, setPreview] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  // A newer choice wins over an upload still running for an older one.
  const latest = useRef(0);
  const choose = async (file: File | undefined) => {
    const choice = ++latest.current;
    setError('');
    setStatus('');
    onUploaded(undefined);
    if (!file) return;
    const refused = uploadProblem(file);
    if (refused) {
      setError(refused);
      return;
    }
    setPreview(URL.createObjectURL(file));
    onBusy(true);
    try {
      const filename = await uploadImage(
        file,
        (percent) => choice === latest.current && setStatus(PACKAGES_TEXT.uploading(percent)),
        index,
      );
      if (choice === latest.current) {
        setStatus(PACKAGES_TEXT.uploaded);
        onUploaded(filename);
      }
    } catch (caught) {
      if (choice === latest.current) {
        setError(
          caught instanceof StaffApiError && caught.status === 400
            ? PACKAGES_TEXT.notAnImage
            : PACKAGES_TEXT.uploadFailed,
        );
        setStatus('');
      }
    }
    onBusy(false);
  };

  const shown = preview ?? (current ? imageUrl(current) : undefined);
  const message = error || problem;
  return (
    <div className="upload">
      <label htmlFor={id}>{label}</label>
      {shown && <img src={shown} alt="" width={160} height={100} />}
      <input
        id={id}
        type="file"
        accept="image/*"
        aria-describedby={`${id}-status`}
        onChange={(event) => void choose(event.currentTarget.files?.[0])}
      />
      <p id={`${id}-status`} className={message ? 'upload__error' : 'staff__muted'} role={message ? 'alert' : 'status'}>
        {message || status}
      </p>
    </div>
  );
}

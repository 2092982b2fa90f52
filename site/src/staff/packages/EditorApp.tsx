/** `/editpage`: the BEST 3 packages with their images and texts, an edit and a popup-upload dialog each. */
import { useState } from 'react';
import type { BestPackage } from '../../../../shared/packages/best-package';
import { fieldFor } from '../../../../shared/packages/best-package';
import { StaffApiError, fetchOrNetworkError } from '../core/api';
import { EditDialog, PopupDialog } from './PackageDialogs';
import StaffLayout from '../core/StaffLayout';
import { PageLoadState, usePageLoad } from '../core/page-load';
import { STAFF_TEXT } from '../core/words';
import { PACKAGES_TEXT, PACKAGE_LANGUAGES } from './words';
import { apiPath } from '../../../../shared/routes';
import { imageUrl } from '../../../../shared/packages/uploads';

type Open = { kind: 'edit' | 'popup'; pkg: BestPackage } | undefined;

/**
 * The packages as they are now (never the CDN's cached copy: the editor shows what it saved), from the
 * public route the language pages read (no token); a failure is thrown as a staff request's, for failureText.
 */
async function fetchPackages(): Promise<BestPackage[]> {
  const response = await fetchOrNetworkError(apiPath('amendBest'), { cache: 'no-store' });
  if (!response.ok) throw new StaffApiError(response.status, 'error');
  return (await response.json()) as BestPackage[];
}

export default function EditorApp() {
  const page = usePageLoad(fetchPackages);
  const { data: packages, set: setPackages } = page;
  const [open, setOpen] = useState<Open>();
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [confirmation, setConfirmation] = useState('');

  const close = () => {
    setOpen(undefined);
    opener?.focus();
  };
  const saved = (pkg: BestPackage) => {
    setOpen(undefined);
    setConfirmation(PACKAGES_TEXT.packageSaved(pkg.INDEX));
    setPackages((current) => current?.map((candidate) => (candidate.INDEX === pkg.INDEX ? pkg : candidate)));
    opener?.focus();
  };

  return (
    <StaffLayout current="editpage" title={STAFF_TEXT.bestPackages}>
      <PageLoadState load={page} />
      {/* Said where a screen reader hears it, and seen above the list: the dialog closed, the change is saved. */}
      <p className="staff__confirmation" role="status">
        {confirmation}
      </p>
      <ul className="packages">
        {packages?.map((pkg) => (
          <li key={pkg.INDEX} className="package">
            <img src={imageUrl(pkg.FILE_POPUP)} alt="" width={320} height={200} />
            <div>
              <h2>{PACKAGES_TEXT.packageTitle(pkg.INDEX)}</h2>
              <dl>
                {PACKAGE_LANGUAGES.map(({ suffix, label }) => (
                  <div key={suffix}>
                    <dt>{label}</dt>
                    <dd>
                      <strong>{fieldFor(pkg, 'TITLE', suffix) || '-'}</strong>
                      <span>{fieldFor(pkg, 'CONTENT', suffix)}</span>
                    </dd>
                  </div>
                ))}
              </dl>
              <div className="package__actions">
                <button
                  type="button"
                  className="staff-button staff-button--primary"
                  onClick={(event) => {
                    setOpener(event.currentTarget);
                    setOpen({ kind: 'edit', pkg });
                  }}
                >
                  {PACKAGES_TEXT.edit}
                  <span className="visually-hidden"> {PACKAGES_TEXT.packageTitle(pkg.INDEX)}</span>
                </button>
                <button
                  type="button"
                  className="staff-button"
                  onClick={(event) => {
                    setOpener(event.currentTarget);
                    setOpen({ kind: 'popup', pkg });
                  }}
                >
                  {PACKAGES_TEXT.popupUpload}
                  <span className="visually-hidden"> {PACKAGES_TEXT.packageTitle(pkg.INDEX)}</span>
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {open?.kind === 'edit' && <EditDialog pkg={open.pkg} onClose={close} onSaved={saved} />}
      {open?.kind === 'popup' && <PopupDialog pkg={open.pkg} onClose={close} onSaved={saved} />}
    </StaffLayout>
  );
}

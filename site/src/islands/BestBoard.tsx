/**
 * The BEST 3 board: nothing until the packages arrive from the API (and
 * nothing if that fails); each item opens a popup with the page language's
 * image and text. The popup is a modal `<dialog>`: it keeps focus inside, closes
 * with CLOSE, Escape or a click outside, and gives focus back to the button.
 */
import { useEffect, useRef, useState } from 'react';
import type { BestPackage } from '../../../shared/packages/best-package';
import { packageTextFor } from '../../../shared/packages/best-package';
import type { PackageSuffix } from '../../../shared/locales';
import { apiPath } from '../../../shared/routes';
import { imageUrl } from '../../../shared/packages/uploads';

export interface BestBoardProps {
  suffix: PackageSuffix;
  fallback: PackageSuffix;
  labels: { readMore: string; close: string };
}

export default function BestBoard({ suffix, fallback, labels }: BestBoardProps) {
  const [packages, setPackages] = useState<BestPackage[]>([]);
  const [open, setOpen] = useState<BestPackage | undefined>();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetch(apiPath('amendBest'), { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((list: unknown) => {
        if (Array.isArray(list)) setPackages(list as BestPackage[]);
      })
      .catch((error: unknown) => {
        // The board stays empty; the rest of the page is unaffected.
        if (!controller.signal.aborted) console.warn('BEST 3 could not be loaded', error);
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);

  const close = () => {
    dialog.current?.close();
  };

  const text = open ? packageTextFor(open, suffix, fallback) : undefined;

  return (
    <>
      <ul className="board">
        {packages.map((pkg) => {
          const item = packageTextFor(pkg, suffix, fallback);
          return (
            <li key={pkg.INDEX} className="board__item">
              <img src={imageUrl(pkg.FILE_POPUP)} alt="" width={800} height={500} loading="lazy" decoding="async" />
              <div className="board__body">
                <h3>{item.title}</h3>
                <p>{item.content}</p>
                <button
                  type="button"
                  className="button button--outline"
                  aria-haspopup="dialog"
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setOpen(pkg);
                  }}
                >
                  {labels.readMore}
                  <span className="visually-hidden">: {item.title}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <dialog
        ref={dialog}
        className="popup"
        aria-labelledby="best-popup-title"
        onClose={() => {
          setOpen(undefined);
          opener.current?.focus();
        }}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) close();
        }}
      >
        {open && text && (
          <div className="popup__inner">
            <h3 id="best-popup-title">{text.title}</h3>
            {text.popupImage && <img src={imageUrl(text.popupImage)} alt={text.title} width={720} height={900} />}
            <p>{text.content}</p>
            <button type="button" className="button button--primary" onClick={close}>
              {labels.close}
            </button>
          </div>
        )}
      </dialog>
    </>
  );
}

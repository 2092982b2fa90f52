/**
 * What the visitor's page (VisitorPage.tsx) shows when it cannot show the
 * enquiry: no such link, too many tries, or a failed read, with the centre's
 * contacts.
 */
import type { VisitorPageProps } from './types';
import { withLinkIdleDays } from './visitor-link';

function Contact({ phones, email, labels }: Pick<VisitorPageProps, 'phones' | 'email' | 'labels'>) {
  return (
    <p>
      {labels['visitor.contact']}{' '}
      {phones.map((phone) => (
        <span key={phone.href}>
          <a href={phone.href}>{phone.display}</a>
          {' / '}
        </span>
      ))}
      <a href={`mailto:${email}`}>{email}</a>
    </p>
  );
}

export function Failure({ kind, props, retry }: { kind: string; props: VisitorPageProps; retry: () => void }) {
  const { labels } = props;
  if (kind === 'notFound' || kind === 'noLink') {
    return (
      <div className="visitor__notice" role="alert">
        <h2>{labels['visitor.notFound.title']}</h2>
        <p>{kind === 'noLink' ? labels['visitor.noLink'] : withLinkIdleDays(labels['visitor.notFound.text'])}</p>
        <Contact {...props} />
      </div>
    );
  }
  return (
    <div className="form-status form-status--error" role="alert">
      <p>{kind === 'rateLimited' ? labels['visitor.tooManyTries'] : labels['visitor.loadFailed']}</p>
      <p>
        <button type="button" className="button button--outline" onClick={retry}>
          {labels['form.retry']}
        </button>
      </p>
      <Contact {...props} />
    </div>
  );
}

/**
 * The visitor's page, rendered in the browser only: it
 * takes the link from the address, reads the enquiry it opens and shows the
 * reference, where the request stands, what was sent and the messages, with
 * a form to write one more. Its words are the page's locale's; the dates are
 * Korea time, as the form took them.
 */
import { useCallback, useEffect, useState } from 'react';
import type { VisitorEnquiryView, VisitorStanding } from '../../../../shared/visitor/visitor-page';
import type { VisitorLabels, VisitorPageProps } from './types';
import { type VisitorAnswer, readEnquiry } from './visitor-api';
import { forgetVisitorLink, takeVisitorLink, withLinkIdleDays } from './visitor-link';
import { Failure } from './VisitorFailure';
import { Message, Sent } from './VisitorConversation';
import { WriteForm } from './WriteForm';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; view: VisitorEnquiryView }
  | { state: 'failed'; answer: Exclude<VisitorAnswer, { kind: 'ok' }> | { kind: 'noLink' } };

/** Where the request stands, in the page's words. */
const STANDING_WORDS: Record<VisitorStanding, keyof VisitorLabels> = {
  received: 'visitor.standing.received',
  in_progress: 'visitor.standing.inProgress',
  answered: 'visitor.standing.answered',
  closed: 'visitor.standing.closed',
};

export default function VisitorPage(props: VisitorPageProps) {
  const { labels } = props;
  const [link] = useState(takeVisitorLink);
  const [load, setLoad] = useState<Load>(link ? { state: 'loading' } : { state: 'failed', answer: { kind: 'noLink' } });

  const read = useCallback(() => {
    if (!link) return;
    void readEnquiry(link).then((answer) => {
      if (answer.kind === 'ok') setLoad({ state: 'ready', view: answer.view });
      else {
        if (answer.kind === 'notFound') forgetVisitorLink();
        setLoad({ state: 'failed', answer });
      }
    });
  }, [link]);
  useEffect(read, [read]);
  const retry = () => {
    setLoad({ state: 'loading' });
    read();
  };

  if (load.state === 'loading') return <p role="status">{labels['visitor.loading']}</p>;
  if (load.state === 'failed') return <Failure kind={load.answer.kind} props={props} retry={retry} />;
  const { view } = load;
  return (
    <>
      <p className="visitor__reference">
        {labels['visitor.reference']}{' '}
        <strong className="reference" translate="no">
          {view.reference}
        </strong>
      </p>
      <section
        className={`visitor__section visitor__standing visitor__standing--${view.standing}`}
        aria-labelledby="visitor-standing"
      >
        <h2 id="visitor-standing">{labels['visitor.standing.heading']}</h2>
        <p>{labels[STANDING_WORDS[view.standing]]}</p>
      </section>
      <Sent view={view} props={props} />
      <section className="visitor__section" aria-labelledby="visitor-conversation">
        <h2 id="visitor-conversation">{labels['visitor.conversation.heading']}</h2>
        {view.conversation.length === 0 ? (
          <p>{labels['visitor.conversation.empty']}</p>
        ) : (
          <ol className="visitor__messages">
            {view.conversation.map((entry) => (
              <Message key={`${entry.at}-${entry.from}-${entry.text?.length ?? 0}`} entry={entry} props={props} />
            ))}
          </ol>
        )}
      </section>
      {link && <WriteForm link={link} props={props} onSent={(next) => setLoad({ state: 'ready', view: next })} />}
      <p className="visitor__link-expiry">{withLinkIdleDays(labels['visitor.linkExpiry'])}</p>
    </>
  );
}

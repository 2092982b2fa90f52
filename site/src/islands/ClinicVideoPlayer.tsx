/**
 * The clinic video player: one large player and a list of buttons. The player
 * is a facade until the visitor presses play or picks a video; after that one
 * iframe is kept and only its source changes. A video with a file of its own
 * (the Chinese page's source for mainland China, where Vimeo is blocked)
 * plays in a `<video>` element instead, loaded only after the click as well.
 */
import { Fragment, useState } from 'react';
import { useBrowserValue } from './browser-value';
import type { ClinicVideo } from '../../../shared/content/clinic-videos';
import { videoEmbedUrl, videoPageUrl } from '../../../shared/content/media';

/**
 * Only what the player shows travels into the page (the Korean labels stay out).
 * `phrases`: the title's phrases where a line may break between them only
 * (Japanese and Chinese, found at build time by site/src/lib/phrases.ts).
 */
export type PlayerVideo = Pick<ClinicVideo, 'videoUUID' | 'title'> & {
  phrases?: string[];
  /** A video file on the site's own CDN path, played instead of Vimeo (shared/content/media.ts `videoSourceFor`). */
  file?: string;
};

/** The player once the visitor asked for it: the video's own file, or the Vimeo player. */
function Player({ video }: { video: PlayerVideo }) {
  if (video.file)
    return <video src={video.file} aria-label={video.title} controls autoPlay playsInline preload="none" />;
  return (
    <iframe
      src={videoEmbedUrl(video.videoUUID)}
      title={video.title}
      allow="autoplay; fullscreen; picture-in-picture"
      allowFullScreen
    />
  );
}

export interface ClinicVideoPlayerProps {
  videos: PlayerVideo[];
  /** The video shown first; `random` picks one of the list on each page load. */
  start: number | 'random';
  labels: { play: string; list: string; nowPlaying: string };
}

/** One pick per page load for a `random` start; the server renders the first video. */
const PAGE_LOAD_PICK = Math.random();

/** A title, broken only between its phrases when it has them. */
function Title({ video }: { video: PlayerVideo }) {
  if (!video.phrases || video.phrases.length < 2) return video.title;
  return (
    <span className="phrases">
      {video.phrases.map((phrase, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {phrase}
        </Fragment>
      ))}
    </span>
  );
}

export default function ClinicVideoPlayer({ videos, start, labels }: ClinicVideoPlayerProps) {
  const first = start === 'random' ? videos[0] : (videos.find((video) => video.videoUUID === start) ?? videos[0]);
  const randomPick = useBrowserValue(() => videos[Math.floor(PAGE_LOAD_PICK * videos.length)], first);
  const [chosen, setChosen] = useState<number | undefined>();
  const [playing, setPlaying] = useState(false);

  const video = videos.find((candidate) => candidate.videoUUID === chosen) ?? (start === 'random' ? randomPick : first);
  if (!video) return null;

  const choose = (id: number) => {
    setChosen(id);
    setPlaying(true);
  };

  return (
    <div className="player">
      <div className="player__screen">
        <div className="facade" data-video={video.videoUUID}>
          {playing ? (
            <Player video={video} />
          ) : (
            <a
              className="facade__link"
              href={video.file ?? videoPageUrl(video.videoUUID)}
              aria-label={`${labels.play}: ${video.title}`}
              onClick={(event) => {
                event.preventDefault();
                setPlaying(true);
              }}
            >
              <span className="facade__play" aria-hidden="true" />
              <span className="facade__title" aria-hidden="true">
                {video.title}
              </span>
            </a>
          )}
        </div>
        <p className="player__now" aria-live="polite">
          {labels.nowPlaying}: {video.title}
        </p>
      </div>
      <ul className="player__list" aria-label={labels.list}>
        {videos.map((item) => (
          <li key={item.videoUUID}>
            <button
              type="button"
              className="player__item"
              aria-pressed={item.videoUUID === video.videoUUID}
              onClick={() => choose(item.videoUUID)}
            >
              <Title video={item} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

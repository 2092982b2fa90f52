// @vitest-environment happy-dom
/**
 * Videos for mainland China: the Chinese page plays a video's own file (on
 * the site's CDN path) when it has one, in a `<video>` element that loads only
 * after the click; every other page, and a video without a file, keeps the
 * Vimeo facade. The build lists the Chinese page's videos still without one.
 */
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CLINIC_VIDEOS } from '../../shared/content/clinic-videos';
import {
  CHINA_VIDEO_FILES,
  SERVICE_VIDEOS,
  VR_VIDEOS,
  isOwnVideoFile,
  videoSourceFor,
} from '../../shared/content/media';
import { missingChinaSources } from '../../shared/content/placeholder-report';
import ClinicVideoPlayer from '../../site/src/islands/ClinicVideoPlayer';
import { enhancePage } from '../../site/src/scripts/public-page';

const LABELS = { play: '播放视频', list: '选择视频', nowPlaying: '正在播放' };

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('videoSourceFor', () => {
  const files = { 101: '/video/clinic-101.mp4' };

  it('gives the Chinese page the file of a video that has one, and Vimeo otherwise', () => {
    expect(videoSourceFor(101, 'zh', files)).toEqual({ kind: 'file', src: '/video/clinic-101.mp4' });
    expect(videoSourceFor(102, 'zh', files)).toEqual({ kind: 'vimeo', id: 102 });
  });

  it('keeps Vimeo on the other pages', () => {
    for (const locale of ['en', 'ko', 'ru', 'vi', 'ja'] as const)
      expect(videoSourceFor(101, locale, files)).toEqual({ kind: 'vimeo', id: 101 });
  });

  it("takes files on the site's own video path only", () => {
    expect(isOwnVideoFile('/video/clinic-101.mp4')).toBe(true);
    expect(isOwnVideoFile('/video/hls/clinic-101.m3u8')).toBe(true);
    for (const src of [
      'https://example.cn/a.mp4',
      '/video/../api/x.mp4',
      '/image/a.mp4',
      '/video/a.exe',
      'video/a.mp4',
    ])
      expect(isOwnVideoFile(src), src).toBe(false);
    for (const src of Object.values(CHINA_VIDEO_FILES)) expect(isOwnVideoFile(src), src).toBe(true);
  });
});

describe('the placeholder report', () => {
  it('lists the videos of the Chinese page that still lack a China source, and drops them once filled in', () => {
    const clinic = CLINIC_VIDEOS.zh.videos;
    expect(missingChinaSources({})).toEqual([
      expect.stringContaining(`${clinic.length} of ${clinic.length} clinic videos on /CnPage have no China source`),
      expect.stringContaining('4 of 4 service and VR videos on /CnPage have no China source'),
    ]);
    const some = Object.fromEntries(
      clinic.slice(0, 10).map((video) => [video.videoUUID, `/video/${video.videoUUID}.mp4`]),
    );
    expect(missingChinaSources(some)[0]).toContain(`${clinic.length - 10} of ${clinic.length} clinic videos`);
    const all = Object.fromEntries(
      [...clinic.map((video) => video.videoUUID), ...SERVICE_VIDEOS, ...VR_VIDEOS].map((id) => [
        id,
        `/video/${id}.mp4`,
      ]),
    );
    expect(missingChinaSources(all)).toEqual([]);
  });
});

describe('the clinic player with a China source', () => {
  const videos = [
    { videoUUID: 101, title: '心脏外科', file: '/video/clinic-101.mp4' },
    { videoUUID: 102, title: '脊柱' },
  ];

  it('loads nothing before the click, then plays the file in a <video> element', () => {
    const { container, getByRole } = render(<ClinicVideoPlayer videos={videos} start={101} labels={LABELS} />);
    expect(container.querySelector('video, iframe')).toBeNull();
    const facade = getByRole('link', { name: `${LABELS.play}: 心脏外科` });
    expect(facade.getAttribute('href')).toBe('/video/clinic-101.mp4');
    fireEvent.click(facade);
    const video = container.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/video/clinic-101.mp4');
    expect(video?.getAttribute('aria-label')).toBe('心脏外科');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('keeps the Vimeo facade for a video without a file (the browser test plays it)', () => {
    const { container, getByRole } = render(<ClinicVideoPlayer videos={videos} start={102} labels={LABELS} />);
    expect(getByRole('link', { name: `${LABELS.play}: 脊柱` }).getAttribute('href')).toBe('https://vimeo.com/102');
    expect(container.querySelector('video, iframe')).toBeNull();
  });
});

describe('the service and VR facades with a China source', () => {
  it('swap in a <video> of the file on a click, looping where the facade loops', () => {
    document.body.innerHTML = `
      <div class="facade" data-facade data-file="/video/service-1.mp4" data-loop data-title="从机场到医院">
        <a class="facade__link" href="/video/service-1.mp4">play</a>
      </div>`;
    enhancePage();
    document.querySelector<HTMLAnchorElement>('.facade a')?.click();
    const video = document.querySelector('.facade video') as HTMLVideoElement | null;
    expect(video?.getAttribute('src')).toBe('/video/service-1.mp4');
    expect(video?.loop).toBe(true);
    expect(video?.getAttribute('aria-label')).toBe('从机场到医院');
    expect(document.querySelector('.facade iframe')).toBeNull();
  });
});

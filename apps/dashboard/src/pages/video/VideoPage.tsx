import { useCallback, useRef } from 'react';
import { api, type Video, type VideoEvent } from '../../api';
import { ErrorNote, PageHeader, useLoad } from '../../ui';
import { IN_PROGRESS } from '../Videos';
import { Credits } from './Credits';
import { DeleteVideo } from './DeleteVideo';
import { EventLog } from './EventLog';
import { Failure } from './Failure';
import { LiveProgress } from './LiveProgress';
import { Overview } from './Overview';
import { Player } from './Player';
import { ReviewGate } from './ReviewGate';
import { ScenePictures } from './ScenePictures';
import { VideoTranscript } from './VideoTranscript';

/** One video: overview, failure, result, review gate and scene pictures, and its event log. */
export function VideoPage({ id }: { id: string }) {
  const video = useLoad(() => api<Video>('GET', `/videos/${id}`), [id]);
  const events = useLoad(() => api<VideoEvent[]>('GET', `/videos/${id}/events`), [id]);
  const v = video.data;
  const running = v && IN_PROGRESS.includes(v.status) && !v.awaiting_approval;

  // Live status while a stage runs: the event stream's log events have the record and its log
  // read again (a burst of them, once), its progress reports move the bar (LiveProgress).
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  const followStream = useCallback(() => {
    clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      void video.reload();
      void events.reload();
    }, 300);
  }, [video.reload, events.reload]);

  const refresh = async () => {
    await Promise.all([video.reload(), events.reload()]);
  };

  return (
    <div className="page">
      <p className="crumbs">Videos / {id.slice(0, 8)}</p>
      <PageHeader title="Video">{v && <DeleteVideo video={v} />}</PageHeader>
      <ErrorNote error={video.error} />
      {v && (
        <>
          <Overview video={v} running={Boolean(running)} />
          {running && (
            <LiveProgress video={v} sinceSeq={events.data?.at(-1)?.seq ?? 0} onChange={followStream} />
          )}
          {v.failure_reason && <Failure video={v} onChange={refresh} />}
          {v.status === 'completed' && <Player video={v} />}
          {v.status === 'completed' && <VideoTranscript videoId={v.id} />}
          {v.status === 'completed' && <Credits video={v} />}
          {v.awaiting_approval && <ReviewGate video={v} onChange={refresh} />}
          {!v.awaiting_approval && v.scene_count > 0 && (
            <ScenePictures video={v} running={Boolean(running)} />
          )}
        </>
      )}
      <EventLog events={events.data} error={events.error} />
    </div>
  );
}

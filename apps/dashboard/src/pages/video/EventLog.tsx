import type { VideoEvent } from '../../api';
import { Card, Empty, ErrorNote, formatTime } from '../../ui';

/** The video's events as GET /videos/{id}/events lists them. */
export function EventLog({ events, error }: { events: VideoEvent[] | undefined; error: unknown }) {
  return (
    <Card title="Event log">
      <ErrorNote error={error} />
      {events && events.length === 0 && <Empty>No events yet.</Empty>}
      {events && events.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Stage</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.id}>
                <td>{e.seq}</td>
                <td>{e.type}</td>
                <td>{e.status ?? '—'}</td>
                <td>{e.stage ?? '—'}</td>
                <td className="nowrap">{formatTime(e.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

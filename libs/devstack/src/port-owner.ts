import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';

export interface ListeningSocket {
  port: number;
  inode: number;
}

const TCP_LISTEN = '0A';

/** The listening sockets in the text of /proc/net/tcp or /proc/net/tcp6 (Linux). */
export function parseListeningSockets(procNetTcp: string): ListeningSocket[] {
  const sockets: ListeningSocket[] = [];
  for (const line of procNetTcp.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10 || fields[3] !== TCP_LISTEN) continue;
    const local = fields[1]!;
    const port = Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16);
    const inode = Number(fields[9]);
    if (Number.isInteger(port) && Number.isInteger(inode)) sockets.push({ port, inode });
  }
  return sockets;
}

/** Listening sockets of the whole machine, or undefined where /proc/net cannot be read. */
function listeningSockets(): ListeningSocket[] | undefined {
  let found = false;
  const sockets: ListeningSocket[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      sockets.push(...parseListeningSockets(readFileSync(file, 'utf8')));
      found = true;
    } catch {
      // no IPv6, or not Linux
    }
  }
  return found ? sockets : undefined;
}

/** The process holding one of these socket inodes open: /proc/<pid>/fd/* → socket:[inode]. */
function socketOwner(inodes: Set<number>): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's process we may not look into
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match && inodes.has(Number(match[1]))) return Number(pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

/** The command line of a process, shortened for one log line; undefined where it cannot be read. */
export function commandLine(pid: number, maxLength = 200): string | undefined {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    if (!cmd) return undefined;
    return cmd.length > maxLength ? `${cmd.slice(0, maxLength - 1)}…` : cmd;
  } catch {
    return undefined;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

function parentPid(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) && ppid > 1 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

export interface PortUse {
  /** Undefined where the owner cannot be found (another user's process, or not Linux). */
  pid: number | undefined;
  command: string | undefined;
}

/**
 * Whether something listens on the TCP port (on any address), and which process that is.
 * Linux answers from /proc; elsewhere a trial bind tells only that the port is taken.
 */
export async function portInUse(port: number): Promise<PortUse | undefined> {
  const sockets = listeningSockets();
  if (!sockets) return (await canListen(port)) ? undefined : { pid: undefined, command: undefined };
  const inodes = new Set(sockets.filter((s) => s.port === port).map((s) => s.inode));
  if (inodes.size === 0) return undefined;
  const pid = socketOwner(inodes);
  return { pid, command: pid === undefined ? undefined : commandLine(pid) };
}

export interface PlannedPort {
  port: number;
  /** What would listen there, e.g. "Temporal dev server". */
  what: string;
  /** The setting that moves it, e.g. "TEMPORAL_PORT". */
  setting: string;
}

/** One line per planned port that is already taken: which port, for what, and by whom. */
export async function describeTakenPorts(planned: PlannedPort[]): Promise<string[]> {
  const lines: string[] = [];
  for (const p of planned) {
    const use = await portInUse(p.port);
    if (!use) continue;
    if (use.pid === undefined) {
      lines.push(`port ${p.port} (${p.what}, ${p.setting}) is in use by another process`);
      continue;
    }
    // Temporal, PostgreSQL, the api and the worker of an `npm start` are its direct children.
    const parent = parentPid(use.pid);
    const stack =
      parent !== undefined && /scripts[/\\]start\.ts$/.test(commandLine(parent, 10_000) ?? '')
        ? ` (started by \`npm start\` pid ${parent})`
        : '';
    const by = `pid ${use.pid}${stack}${use.command ? `: ${use.command}` : ''}`;
    lines.push(`port ${p.port} (${p.what}, ${p.setting}) is in use by ${by}`);
  }
  return lines;
}

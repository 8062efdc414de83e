import { closeSync, constants, fstatSync, lstatSync, openSync } from 'node:fs';
import { connect, Socket } from 'node:net';

/** Linux's O_PATH (Node's fs.constants lacks it): a descriptor that names a file without opening it, as a socket needs. */
const O_PATH = 0o10000000;

/**
 * Connects to a machine agent's unix socket and to nothing else at that path. The socket sits in
 * the machine's run folder, which the machine can write, so a learner can put a symbolic link to
 * any socket of the host there (docker's, an admin daemon's) or a socket of another owner. This
 * refuses what is not a socket of the machine's own uid, and the check and the connection name the
 * same file: the path is opened once without following links (O_PATH | O_NOFOLLOW), the descriptor
 * is checked (fstat), and connect() goes through /proc/self/fd to that very descriptor, so nothing
 * can be swapped in between. A refusal is an error on the returned socket, like any failed connect.
 */
export function connectAgentSocket(socketPath: string, owner: number | undefined): Socket {
  const refuse = (why: string) => {
    const socket = new Socket();
    process.nextTick(() => socket.destroy(new Error(`The machine's agent socket was refused: ${why}.`)));
    return socket;
  };
  const acceptable = (info: { isSocket(): boolean; uid: number }) => {
    if (!info.isSocket()) return 'it is not a socket';
    if (owner !== undefined && info.uid !== owner) return `it belongs to uid ${info.uid}, not the machine's ${owner}`;
    return null;
  };
  if (process.platform !== 'linux') {
    // No O_PATH or /proc: checked by path (a swap in between is possible; local development only).
    let info;
    try {
      info = lstatSync(socketPath);
    } catch {
      return refuse('it is not there');
    }
    const why = acceptable(info);
    return why ? refuse(why) : connect(socketPath);
  }
  let fd: number;
  try {
    fd = openSync(socketPath, O_PATH | constants.O_NOFOLLOW);
  } catch {
    return refuse('it is not there');
  }
  let closed = false;
  const release = () => {
    if (closed) return;
    closed = true;
    closeSync(fd);
  };
  let why: string | null;
  try {
    // With O_NOFOLLOW, a symbolic link is opened as itself: not a socket, so refused here.
    why = acceptable(fstatSync(fd));
  } catch {
    why = 'it could not be read';
  }
  if (why) {
    release();
    return refuse(why);
  }
  const socket = connect(`/proc/self/fd/${fd}`);
  socket.once('connect', release);
  socket.once('error', release);
  socket.once('close', release);
  return socket;
}

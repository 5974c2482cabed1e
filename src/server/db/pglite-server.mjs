// The embedded database in a process of its own (docs/decisions/014): PGlite, reached over PostgreSQL's wire
// protocol on a Unix socket, so the server talks to it with the same driver as to PostgreSQL.
//
//   node pglite-server.mjs create <dataDir> <options json>                creates the files (initdb) and exits
//   node pglite-server.mjs serve  <dataDir> <options json> <socket path>  serves until its parent lets go
//
// PGlite is one backend, so connections are served one at a time; the next waits until the previous closes,
// and each starts on a clean session.
import { createServer, connect } from 'node:net';
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

// Every file the database writes is for this user only (the server also tightens what is already there).
process.umask(0o077);

const [mode, dataDir, optionsJson, socketPath] = process.argv.slice(2);
const options = JSON.parse(optionsJson);

if (mode === 'create') {
  // initdb leaves a few hundred MB behind in the process that ran it: this one ends right after.
  const db = await PGlite.create(dataDir, options);
  await db.close();
  process.exit(0);
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const MAX_STARTUP_LENGTH = 10_000; // PostgreSQL's own limit

/** A simple-protocol Query message. */
function queryMessage(text) {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message[0] = 0x51; // 'Q'
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

// Sync ends an extended-protocol exchange cut off mid-way; then what a departing client may leave behind in the
// one backend (an open transaction, prepared statements, settings) is cleared for the next.
const RESET_SESSION = Buffer.concat([
  Buffer.from([0x53, 0, 0, 0, 4]), // Sync
  queryMessage('ROLLBACK'),
  queryMessage('DISCARD ALL'),
]);

// Checked before the files are opened: two PGlite instances on the same files would corrupt them.
// A socket file left by a process that died is removed; one that still answers belongs to a running server.
const inUse = await new Promise((resolve) => {
  const probe = connect(socketPath);
  probe.once('connect', () => {
    probe.destroy();
    resolve(true);
  });
  probe.once('error', () => resolve(false));
});
if (inUse) {
  console.error(`Another server is using the embedded database at ${dataDir}.`);
  process.exit(3);
}
rmSync(socketPath, { force: true });

const db = await PGlite.create(dataDir, options);
let work = Promise.resolve();
/** Everything reaches PGlite through this queue, one exchange at a time. */
function enqueue(task) {
  work = work.then(task, task);
  return work;
}

const view = (bytes) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);

/** The startup message: PGlite answers it apart from the message loop. */
const start = (bytes) => db.execProtocolRaw(view(bytes));

/**
 * Messages, answered with PGlite's raw output. `execProtocolRaw` would also parse every answer into objects that
 * PGlite keeps until its own query API next runs, which never happens here: memory grew with every query.
 */
async function run(bytes) {
  const chunks = [];
  await db.execProtocolRawStream(view(bytes), { onRawData: (chunk) => chunks.push(Buffer.from(chunk)) });
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** SQL errors come back as protocol messages; an exception means PGlite itself broke, and the server must know. */
function failed(err) {
  console.error('The embedded database failed:', err);
  process.exit(1);
}

let active = null;
const waiting = [];

function serveNext() {
  active = null;
  while (waiting.length > 0) {
    const socket = waiting.shift();
    if (!socket.destroyed) return attach(socket);
  }
}

function attach(socket) {
  active = socket;
  let pending = Buffer.alloc(0);
  let startupDone = false;
  let released = false;

  const forward = (messages, answer = run) =>
    enqueue(() => answer(messages)).then((reply) => {
      if (reply.length > 0 && !socket.destroyed) socket.write(reply);
    }, failed);
  const release = () => {
    if (released) return;
    released = true;
    socket.destroy();
    if (startupDone) void enqueue(() => run(RESET_SESSION)).catch(failed);
    void enqueue(() => undefined).then(serveNext);
  };

  socket.on('data', (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (!startupDone) {
      if (pending.length < 8) return;
      const length = pending.readInt32BE(0);
      if (length < 8 || length > MAX_STARTUP_LENGTH) return release();
      if (pending.length < length) return;
      const code = pending.readInt32BE(4);
      const message = pending.subarray(0, length);
      pending = pending.subarray(length);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        socket.write('N'); // not offered on a local socket: the client goes on in plain text
      } else if (code === CANCEL_REQUEST) {
        return release();
      } else {
        // PGlite answers the startup message as a server would, when it comes on its own.
        startupDone = true;
        forward(message, start);
      }
    }
    // Only whole messages go to PGlite: a chunk may end mid-message, or hold several.
    let end = 0;
    while (pending.length - end >= 5) {
      const length = pending.readInt32BE(end + 1);
      if (length < 4) return release();
      if (pending.length - end < length + 1) break;
      end += length + 1;
    }
    if (end > 0) {
      forward(pending.subarray(0, end));
      pending = pending.subarray(end);
    }
  });
  socket.on('end', release);
  socket.on('close', release);
  socket.on('error', release);
}

const server = createServer((socket) => (active ? waiting.push(socket) : attach(socket)));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  active?.destroy();
  for (const socket of waiting) socket.destroy();
  await enqueue(() => undefined);
  await db.close();
  rmSync(socketPath, { force: true });
  process.exit(0);
}

if (process.send) {
  // Started by the server: it decides when the database stops (after its own requests finish), and a server that
  // dies takes the database with it. Ctrl+C reaches the whole process group, so signals are left to the server.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => undefined);
  process.on('disconnect', () => void stop());
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
} else {
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

server.listen(socketPath, () => process.send?.('ready'));

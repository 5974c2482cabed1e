import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from './smtp-transport.js';

interface Envelope {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP (RFC 5321, no TLS, no auth) to accept one message per transaction. */
function startSmtpServer(received: Envelope[]): Promise<Server> {
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current: Envelope = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 OK: queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-localhost\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '').split(' ')[0]!;
          reply('250 OK');
        } else if (verb === 'RCPT') {
          current.to.push(line.replace(/^RCPT TO:\s*/i, ''));
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 Command not implemented');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('SMTP transport against a local SMTP server', () => {
  const received: Envelope[] = [];
  let server: Server;
  beforeAll(async () => {
    server = await startSmtpServer(received);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('delivers a plain-text message with subject, from and to', async () => {
    const port = (server.address() as AddressInfo).port;
    const transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'Lanefreight <no-reply@lanefreight.ng>' });
    try {
      await transport.send({
        channel: 'email',
        to: 'ada@example.ng',
        subject: 'Your Lanefreight verification code',
        body: 'Your Lanefreight verification code is 123456.',
      });
    } finally {
      transport.close();
    }
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.from).toBe('<no-reply@lanefreight.ng>');
    expect(mail!.to).toEqual(['<ada@example.ng>']);
    expect(mail!.data).toMatch(/^Subject: Your Lanefreight verification code$/m);
    expect(mail!.data).toMatch(/^To: ada@example.ng$/m);
    expect(mail!.data).toContain('Your Lanefreight verification code is 123456.');
  });

  it('fails (so the outbox retries) when the server is unreachable', async () => {
    const transport = createSmtpTransport({ url: 'smtp://127.0.0.1:1', from: 'no-reply@lanefreight.ng' });
    await expect(transport.send({ channel: 'email', to: 'a@b.ng', subject: 's', body: 'b' })).rejects.toThrow();
    transport.close();
  });
});

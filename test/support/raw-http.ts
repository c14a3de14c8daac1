import net from 'node:net';

/** An HTTP answer read off a raw socket. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `head` (a request line and headers, without the blank line) and no body over a plain TCP
 * socket and reads the answer until the server closes: for requests Node's own clients would
 * refuse to send, such as headers over the server's limit.
 */
export function rawRequest(url: string, head: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => socket.write(`${head}\r\nHost: ${hostname}:${port}\r\n\r\n`));
    const done = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no complete answer: ${JSON.stringify(text)}`));
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', done);
    // A reset after the answer arrived (the server closed with our bytes unread) still leaves the answer.
    socket.on('error', (err) => (chunks.length > 0 ? done() : reject(err)));
  });
}

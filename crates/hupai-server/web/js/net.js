// The table's socket: hello (with the last event seen, so a dropped connection resumes where
// it was), reconnects with back-off, a gap check on the event numbers, and a ping now and then.

/** The WebSocket address of this page's server. */
export function wsUrl(loc = window.location) {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

/** A connection to one table as one player (`token`) or a spectator (no token). */
export class Connection {
  constructor({ table, token = null, onMessage, onStatus, url = wsUrl() }) {
    this.table = table;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.url = url;
    this.lastSeq = -1;
    this.closed = false;
    this.retry = 0;
    this.ws = null;
    this.pinger = null;
  }

  open() {
    if (this.closed) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      const hello = { type: 'hello', table: this.table };
      if (this.token) hello.token = this.token;
      else hello.spectate = true;
      if (this.lastSeq >= 0) hello.last_seq = this.lastSeq;
      ws.send(JSON.stringify(hello));
      this.onStatus('open');
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: 'ping' }), 60_000);
    };
    ws.onmessage = (m) => {
      let msg;
      try {
        msg = JSON.parse(m.data);
      } catch {
        return;
      }
      if (msg.type === 'event') {
        if (msg.seq <= this.lastSeq) return; // already had it
        if (this.lastSeq >= 0 && msg.seq !== this.lastSeq + 1) {
          // A gap: start again from what we have.
          ws.close();
          return;
        }
        this.lastSeq = msg.seq;
      }
      if (msg.type === 'error' && ['unknown_table', 'bad_token'].includes(msg.code)) {
        this.closed = true;
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      clearInterval(this.pinger);
      if (this.closed) {
        this.onStatus('closed');
        return;
      }
      this.onStatus('reconnecting');
      const wait = Math.min(8000, 250 * 2 ** this.retry++);
      setTimeout(() => this.open(), wait);
    };
    ws.onerror = () => {};
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}

/** JSON from the HTTP API, or an Error carrying the server's message. */
export async function api(path, { method = 'GET', body, text = false } = {}) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = typeof body === 'string' ? 'text/plain' : 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const r = await fetch(path, init);
  if (!r.ok) {
    let why = `${r.status}`;
    try {
      why = (await r.json()).error || why;
    } catch {
      /* not JSON */
    }
    const e = new Error(why);
    e.status = r.status;
    throw e;
  }
  return text ? r.text() : r.json();
}

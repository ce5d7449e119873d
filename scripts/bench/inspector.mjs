// The Worker's V8 inspector (wrangler dev --inspector-port): its protocol over a WebSocket, which
// only accepts a local Origin. Used by `npm run profile` and the bench's per-route CPU section.

/** Connects to the first target the inspector lists; `send(method, params)` answers the result. */
export async function connectInspector(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { origin: "http://localhost" } });
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`could not connect to the inspector at ${target.webSocketDebuggerUrl}`));
  });
  let nextId = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  };
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++nextId, resolve);
      socket.send(JSON.stringify({ id: nextId, method, params }));
    });
  return { send, close: () => socket.close() };
}
